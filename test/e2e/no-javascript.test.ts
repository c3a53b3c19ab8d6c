// Controls that must work with JavaScript switched off, in both languages at 1440 and 390 px, each from a
// cold load: the home carousel's every slide is in the HTML and reachable by its numbered links, and the
// finder's compare boxes form a GET form that opens the compare page of the ticked parts.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const cases = [
  ["en", 1440],
  ["en", 390],
  ["zh", 1440],
  ["zh", 390],
] as const;

function noScript(width: number): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: false, viewport: { width, height: width > 800 ? 900 : 844 } });
}

describe("without JavaScript", () => {
  for (const [language, width] of cases) {
    it(`shows every carousel slide through its links (${language}, ${width} px)`, async () => {
      const context = await noScript(width);
      const page = await context.newPage();
      await page.goto(`${origin}/${language}`);
      const slides = page.locator(".hero__slide");
      expect(await slides.count()).toBe(3);
      // No button that would need a script; a numbered link per slide.
      expect(await page.locator(".hero__controls button").count()).toBe(0);
      const track = page.locator(".hero__track");
      for (const index of [2, 3, 1]) {
        await page
          .locator(".hero__dots a")
          .nth(index - 1)
          .click();
        const slide = slides.nth(index - 1);
        // The slide fills the carousel's box, and its title is visible.
        await expect
          .poll(async () => {
            const [box, area] = [await slide.boundingBox(), await track.boundingBox()];
            return box && area ? Math.round(Math.abs(box.x - area.x)) : -1;
          })
          .toBe(0);
        expect((await slide.locator("h2").textContent())?.trim()).not.toBe("");
      }
      const titles = await slides.locator("h2").allTextContents();
      expect(new Set(titles).size).toBe(3);
      await context.close();
    });

    it(`compares the ticked products of a finder (${language}, ${width} px)`, async () => {
      const context = await noScript(width);
      const page = await context.newPage();
      await page.goto(`${origin}/${language}/productAndService/products/120`);
      const boxes = page.locator(".finder-part__compare");
      expect(await boxes.count()).toBeGreaterThan(2);
      const parts = [await boxes.nth(0).getAttribute("value"), await boxes.nth(2).getAttribute("value")];
      await boxes.nth(0).check();
      await boxes.nth(2).check();
      await page.locator(".finder-bar__actions button[type=submit]").click();
      await page.waitForURL(`${origin}/${language}/productAndService/compare?parts=${parts.join(",")}`);
      const compared = await page.locator(".compare-table__part").allTextContents();
      for (const part of parts) expect(compared.join(" ")).toContain(part);
      await context.close();
    });
  }
});

describe("with JavaScript", () => {
  it("the finder's compare button opens the compare page of the tray's parts without a reload", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${origin}/en/productAndService/products/120`);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const boxes = page.locator(".finder-part__compare");
    const parts = [await boxes.nth(1).getAttribute("value"), await boxes.nth(3).getAttribute("value")];
    await boxes.nth(1).check();
    await boxes.nth(3).check();
    await page.locator(".finder-bar__actions button[type=submit]").click();
    await page.waitForURL(`${origin}/en/productAndService/compare?parts=${parts.join(",")}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
