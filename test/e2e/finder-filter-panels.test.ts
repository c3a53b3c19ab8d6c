// An open finder filter list stays inside the viewport at every desktop width, in both languages: a
// filter button near the right edge once let its list run past the screen (Q_G at 900 px, Package at
// 1100 px, T_j,max at 1180 and 1280 px; 封装 at 1024 px on zh).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const widths = { en: [900, 1024, 1100, 1180, 1280, 1440], zh: [820, 1024, 1440] } as const;

describe("finder filter lists", () => {
  for (const language of ["en", "zh"] as const) {
    it(`stay inside the viewport at ${widths[language].join(", ")} px (${language})`, async () => {
      for (const width of widths[language]) {
        // A cold load per width: the layout of the buttons is the server's, then hydrated.
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/productAndService/products/100`);
        await hydrated(page);
        const summaries = page.locator(".finder-filter > summary");
        const count = await summaries.count();
        expect(count).toBeGreaterThan(5);
        const outside: string[] = [];
        for (let index = 0; index < count; index++) {
          const summary = summaries.nth(index);
          // A details element's toggle event (which fits the panel) comes in a task after the click: wait for it.
          const toggled = page.evaluate(
            (at) =>
              new Promise<void>((resolve) => document.querySelectorAll(".finder-filter")[at]!.addEventListener("toggle", () => setTimeout(resolve, 0), { once: true })),
            index,
          );
          await summary.click();
          await toggled;
          const box = await page.locator(".finder-filter[open] .finder-filter__panel").evaluate((panel) => {
            const rect = panel.getBoundingClientRect();
            return { left: rect.left, right: rect.right, viewport: document.documentElement.clientWidth };
          });
          // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered (what a visitor reads), not the DOM property.
          if (box.left < 0 || box.right > box.viewport) outside.push(`${await summary.innerText()}: ${Math.round(box.left)}–${Math.round(box.right)} of ${box.viewport}`);
          await summary.click();
        }
        expect(outside, `${language} at ${width} px`).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      }
    });
  }
});
