// The finder's table comes first: on a category page it starts within 1,100 px at 1440 and 2,400 px at 390;
// the operating point is a one-line bar whose form opens on demand (its state stays in the URL); a visitor who
// arrives with an operating point or a filter lands at the table; and at 1440 every column fits, estimate
// columns included, without scrolling sideways. Both languages.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tableTop = (page: Page) => page.evaluate(() => document.querySelector(".finder-table")!.getBoundingClientRect().top + window.scrollY);

describe("the finder's table", () => {
  for (const language of ["zh", "en"] as const) {
    for (const [width, limit] of [
      [1440, 1100],
      [390, 2400],
    ] as const) {
      it(`starts within ${limit} px on a category page at ${width} px (${language})`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/productAndService/products/100`);
        await hydrated(page);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        expect(await tableTop(page)).toBeLessThanOrEqual(limit);
        expect(problems).toEqual([]);
        await context.close();
      });
    }

    it(`is where a visitor with an operating point or a filter lands, below a one-line bar (${language})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const query of ["op=800,20,50k,0.9,80", "vds=1000~"]) {
        await page.goto(`${origin}/${language}/productAndService/products/100?${query}`);
        await hydrated(page);
        await page.waitForFunction(() => window.scrollY > 0);
        const top = await page.evaluate(() => document.querySelector(".finder-table")!.getBoundingClientRect().top);
        expect(top, query).toBeGreaterThan(0);
        expect(top, query).toBeLessThan(400);
      }
      // The bar: one line saying the point; the form behind it, opened on demand; the point stays in the URL.
      await page.goto(`${origin}/${language}/productAndService/products/100?op=800,20,50k,0.9,80`);
      await hydrated(page);
      const bar = page.locator(".op-bar__summary");
      expect((await bar.boundingBox())!.height).toBeLessThan(60);
      expect(await bar.textContent()).toMatch(/800 V/);
      expect(await page.locator(".op-panel form.op-form").isVisible()).toBe(false);
      await bar.click();
      await page.locator('.op-panel input[name="opV"]').fill("600");
      await page.locator('.op-panel button[type="submit"]').first().click();
      await page.waitForURL((url) => url.searchParams.get("op")?.startsWith("600,") ?? false);
      await expect.poll(() => page.locator(".op-bar__summary").textContent()).toMatch(/600 V/);
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`fits every column at 1440 px with the estimate columns (${language})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      for (const [family, op] of [
        [100, "800,20,50k,0.9,80"],
        [200, "800,20,50k,0.9,80"],
        [300, "800,200,20k,0.9,80"],
        [400, "800,200,10k,0.9,80"],
      ] as const) {
        await page.goto(`${origin}/${language}/productAndService/products/${family}?op=${op}`);
        await hydrated(page);
        const [box, table] = await page.evaluate(() => {
          const scroller = document.querySelector(".finder-table")!.closest(".scroll-box")!;
          return [scroller.clientWidth, scroller.querySelector("table")!.scrollWidth];
        });
        expect(table, `family ${family}`).toBeLessThanOrEqual(box);
      }
      await context.close();
    });
  }
});
