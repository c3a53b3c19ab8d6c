// Chrome of every page in a real browser: a new page starts at the top, Back and Forward restore the
// scroll position (react-router's scroll restoration), and the loading bar of SPEC §9 shows for a slow
// navigation and goes away when the page has arrived.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";
import { root } from "../../scripts/build-if-needed.ts";
import { routeNamespaces, routes } from "../../client/routes.tsx";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("navigation", () => {
  for (const width of [1440, 390]) {
    it(`starts a new page at the top and restores the scroll position on Back and Forward at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/en`);
      await hydrated(page);
      await page.evaluate(() => window.scrollTo(0, 1200));
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
      // A client-side navigation by a link of the page, clicked where the visitor is (a script click:
      // the browser's own click would first scroll the link into view and move the saved position).
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>("footer a[href='/en/about/us']")!.click());
      await page.waitForURL(`${origin}/en/about/us`);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.goBack();
      await page.waitForURL(`${origin}/en`);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1200);
      await page.goForward();
      await page.waitForURL(`${origin}/en/about/us`);
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(300);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("shows the loading bar only while a slow navigation loads", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    await page.goto(`${origin}/zh`);
    await hydrated(page);
    // The next page's data comes through /api: hold it for a second so the navigation is slow.
    await page.route("**/api/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.locator("footer a[href='/zh/about/sample']").first().click();
    await page.locator(".loading-bar--loading").waitFor({ state: "attached", timeout: 900 });
    expect(await page.getAttribute(".loading-bar", "role")).toBe("progressbar");
    await page.waitForURL(`${origin}/zh/about/sample`);
    await page.locator(".loading-bar").waitFor({ state: "detached", timeout: 3000 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("hands plain clicks on the site's links to the router, and leaves the browser the rest", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    await page.goto(`${origin}/en`);
    await hydrated(page);
    // A marker on window survives a router navigation and is gone after a document load.
    const mark = () => page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const marked = () => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);
    await mark();
    await page.locator("footer a[href='/en/about/us']").click();
    await page.waitForURL(`${origin}/en/about/us`);
    await page.locator("h1").first().waitFor();
    expect(await marked()).toBe(true);
    // A link of the menus (plain anchors, no React handler) goes through the router too.
    await page.locator("header a[href='/en/news']").first().click();
    await page.waitForURL(`${origin}/en/news`);
    expect(await marked()).toBe(true);
    // The other language: a document load, so its strings and <html lang> come with it.
    await page.locator(".language-switch a[hreflang='zh-CN']").first().click();
    await page.waitForURL(`${origin}/zh/news`);
    await hydrated(page);
    expect(await marked()).toBe(false);
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    // A path the router does not serve (/privacy redirects on the server): a document load as well.
    await mark();
    await page.evaluate(() => {
      const anchor = document.createElement("a");
      anchor.href = "/privacy";
      anchor.textContent = "privacy";
      document.body.append(anchor);
      anchor.click();
    });
    await page.waitForURL(`${origin}/zh/privacy`);
    await hydrated(page);
    expect(await marked()).toBe(false);
    // A modified click opens a new tab and leaves this page where it is.
    await mark();
    const [popup] = await Promise.all([page.context().waitForEvent("page"), page.locator("footer a[href='/zh/about/us']").click({ modifiers: ["Control"] })]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${origin}/zh/about/us`);
    expect(page.url()).toBe(`${origin}/zh/privacy`);
    expect(await marked()).toBe(true);
    await popup.close();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("loads the language's other UI strings after load, one namespace at a time, and navigates with them", async () => {
    // The chunk of every Chinese namespace, from the build's manifest.
    const manifest = JSON.parse(readFileSync(path.join(root, "dist", "client", ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
    const chunks = new Map(
      Object.entries(manifest)
        .filter(([source]) => source.startsWith("locales/zh/"))
        .map(([source, entry]) => [`/${entry.file}`, source]),
    );
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    const loads: { file: string; start: number; end: number }[] = [];
    const started = new Map<string, number>();
    page.on("request", (request) => {
      const file = new URL(request.url()).pathname;
      if (chunks.has(file)) started.set(file, Date.now());
    });
    page.on("requestfinished", (request) => {
      const file = new URL(request.url()).pathname;
      if (chunks.has(file)) loads.push({ file, start: started.get(file)!, end: Date.now() });
    });
    await page.goto(`${origin}/zh/about/us`);
    await hydrated(page);
    const embedded = await page.evaluate(() => Object.keys((window as unknown as { __APP__: { resources: object } }).__APP__.resources));
    // Namespaces that only some pages use load with those pages (RouteHandle.namespaces), never after this one.
    const onDemand = routeNamespaces(routes);
    const missing = [...chunks.values()].filter((source) => !embedded.includes(path.basename(source, ".json")) && !onDemand.has(path.basename(source, ".json")));
    expect(missing.length).toBeGreaterThan(3);
    await expect.poll(() => loads.length, { timeout: 20_000 }).toBe(missing.length);
    expect(onDemand.size).toBeGreaterThan(0);
    expect(loads.map((load) => path.basename(chunks.get(load.file)!, ".json")).filter((namespace) => onDemand.has(namespace))).toEqual([]);
    // One at a time: each namespace is asked for only after the one before it has arrived.
    loads.sort((a, b) => a.start - b.start);
    for (let i = 1; i < loads.length; i++) expect(loads[i]!.start).toBeGreaterThanOrEqual(loads[i - 1]!.end);
    // A page that needs one of them renders with its strings and asks for nothing more.
    const before = loads.length;
    await page.locator("footer a[href='/zh/productAndService/products/110']").first().click();
    await page.waitForURL(`${origin}/zh/productAndService/products/110`);
    expect((await page.locator("main h1").first().textContent())?.trim()).toBeTruthy();
    expect(loads.length).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });
});
