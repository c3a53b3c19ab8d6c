// Chrome of every page in a real browser: a new page starts at the top, Back and Forward restore the
// scroll position (react-router's scroll restoration), and the loading bar of SPEC §9 shows for a slow
// navigation and goes away when the page has arrived.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

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
});
