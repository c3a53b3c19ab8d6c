// Preview mode in the browser: the banner hydrates without a mismatch and "exit preview now" leaves it.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { signPreviewToken } from "../../shared/http/preview-token.ts";
import { launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("preview mode", () => {
  it("shows the banner with the end time, hydrates cleanly, and exits to the root", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: "America/New_York" });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const token = await signPreviewToken(inject("previewSecret"), Date.now() + 3600_000);
    await page.goto(`${origin}/en/about/us?preview=${token}`);
    expect(page.url()).toBe(`${origin}/en/about/us`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.locator(".preview-banner").textContent()).resolves.toMatch(/ends automatically at \d{2}:\d{2}:\d{2} Beijing time \(UTC\+8\)/);
    await page.locator(".preview-banner__exit").click();
    await page.waitForURL(`${origin}/en`);
    expect(await page.locator(".preview-banner").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const language of ["en", "zh"] as const) {
    it(`fits the banner at 390 px with its time zone named (${language})`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/Berlin" });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const token = await signPreviewToken(inject("previewSecret"), Date.now() + 3600_000);
      // Cold: the link staff open, a fresh document.
      await page.goto(`${origin}/${language}/about/us?preview=${token}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const banner = page.locator(".preview-banner");
      await expect(banner.textContent()).resolves.toMatch(language === "en" ? /\d{2}:\d{2}:\d{2} Beijing time \(UTC\+8\)/ : /北京时间（UTC\+8）\d{2}:\d{2}:\d{2}/);
      const fit = await banner.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const inside = [...element.children].every((child) => {
          const r = child.getBoundingClientRect();
          return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
        });
        const bar = document.querySelector(".site-header__bar")!.getBoundingClientRect();
        return {
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          scrollHeight: element.scrollHeight,
          clientHeight: element.clientHeight,
          inside,
          pageWidth: document.documentElement.scrollWidth,
          barBelowBanner: bar.top >= box.bottom - 0.5,
        };
      });
      expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
      expect(fit.scrollHeight).toBeLessThanOrEqual(fit.clientHeight);
      expect(fit.inside).toBe(true);
      expect(fit.pageWidth).toBeLessThanOrEqual(390);
      expect(fit.barBelowBanner).toBe(true);
      await page.screenshot({ path: `/tmp/h4-preview-${language}.png` });
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
