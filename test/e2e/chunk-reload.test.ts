// A route chunk that fails to load (a deploy replaced the files this page knows): the click is not lost,
// the target page comes as a document the server renders whole, and a second failure within the guard's
// 60 s still shows that page, never an empty root, never a loop of reloads. An island's failed chunk
// reloads the page once at most and then leaves the island as the server rendered it.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import path from "node:path";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";
import { root } from "../../scripts/build-if-needed.ts";
import enCommon from "../../locales/en/common.json" with { type: "json" };

const origin = inject("origin");
let browser: Browser;
let chunk: string;
let footerChunk: string;
beforeAll(async () => {
  browser = await launchBrowser();
  // The route module of /en/about/us and the footer's island, from the build's manifest.
  const manifest = JSON.parse(readFileSync(path.join(root, "dist", "client", ".vite", "manifest.json"), "utf8")) as Record<string, { file: string }>;
  chunk = `${origin}/${manifest["client/pages/content/content-page.tsx"]!.file}`;
  footerChunk = `${origin}/${manifest["client/components/footer/footer.tsx"]!.file}`;
});
afterAll(() => browser?.close());

const target = () => `${origin}/en/about/us`;

/** Fails the next `times` requests of the chunk (Infinity: every one), as after a deploy removed it. */
async function failChunk(page: Page, times: number, url = chunk) {
  let left = times;
  await page.route(url, (route) => (left-- > 0 ? route.abort("failed") : route.continue()));
}

/** Document loads of the target (a router navigation is none). */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(request.url());
  });
  return loads;
}

/** The failed chunk request itself is the only thing the browser may report. */
const realProblems = (problems: string[]) => problems.filter((problem) => !/Failed to load resource: net::ERR_FAILED/.test(problem));

async function clickAboutUs(page: Page) {
  await page.goto(`${origin}/en`);
  await hydrated(page);
  // A marker on window: gone after a document load, kept by a router navigation.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator("footer a[href='/en/about/us']").first().click();
  await page.waitForURL(target());
  await page.locator("main h1").first().waitFor();
}

const marked = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);
const rootText = (page: Page) => page.evaluate(() => document.getElementById("root")?.textContent?.trim() ?? "");

describe("a failed chunk load", () => {
  it("loads the link's target as a document, and again on a second failure within 60 s", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    const loads = documentLoads(page);
    await failChunk(page, 1);
    await clickAboutUs(page);
    // The target, as a document (the marker is gone), whole and hydrated with the chunk that loads now.
    expect(await marked(page)).toBe(false);
    await hydrated(page);
    expect(loads.filter((url) => url === target())).toHaveLength(1);
    expect(await rootText(page)).not.toBe("");

    // A second failure inside the guard's window: still the target, still a whole page.
    await page.unrouteAll();
    await failChunk(page, 1);
    await clickAboutUs(page);
    expect(await marked(page)).toBe(false);
    await hydrated(page);
    expect(loads.filter((url) => url === target())).toHaveLength(2);
    expect(await page.locator("main h1").first().textContent()).toBeTruthy();
    expect(await rootText(page)).not.toBe("");
    expect(realProblems(problems)).toEqual([]);
    await page.close();
  });

  it("keeps the server's page when the chunk keeps failing, without reloading it again and again", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    const loads = documentLoads(page);
    await failChunk(page, Number.POSITIVE_INFINITY);
    await clickAboutUs(page);
    expect(await marked(page)).toBe(false);
    // The target document cannot start either (its route chunk fails too): the guard allows no reload
    // within 60 s, so the page stays as the server rendered it, whole, with working links.
    await page.waitForLoadState("load");
    await page.waitForTimeout(1500);
    expect(loads.filter((url) => url === target())).toHaveLength(1);
    expect(page.url()).toBe(target());
    expect(await page.locator("main h1").first().textContent()).toBeTruthy();
    expect(await rootText(page)).not.toBe("");
    expect(await page.locator("footer a[href^='/en/']").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(realProblems(problems)).toEqual([]);
    await page.close();
  });

  it("keeps an island's server HTML when its chunk fails, after one reload at most", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 800 } });
    const problems = watchProblems(page);
    const loads = documentLoads(page);
    await failChunk(page, Number.POSITIVE_INFINITY, footerChunk);
    await page.goto(target());
    // The footer's chunk fails while the page hydrates: one reload (a new deploy would bring new chunks)…
    await expect.poll(() => loads.filter((url) => url === target()).length, { timeout: 15_000 }).toBe(2);
    await page.waitForLoadState("load");
    await hydrated(page, { islands: false });
    // …and then no more: the page is the page, not the error page, and the footer stays as the server sent it.
    await page.waitForTimeout(1500);
    expect(loads.filter((url) => url === target())).toHaveLength(2);
    expect(await page.locator("main h1").first().textContent()).not.toBe(enCommon.error.serverTitle);
    expect(await page.locator(".error-page").count()).toBe(0);
    expect(await page.locator("footer a[href^='/en/']").count()).toBeGreaterThan(0);
    // React has not taken the footer over (what hydrated() waits for before a test clicks inside an island).
    expect(await page.evaluate(() => Object.keys(document.querySelector("footer")!).some((key) => key.startsWith("__reactFiber$")))).toBe(false);
    expect(realProblems(problems)).toEqual([]);
    await page.close();
  });
});
