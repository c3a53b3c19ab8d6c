// A part's HTML datasheet as a reader sees it (docs/decisions/054-html-datasheet.md): at 1440 and 390 px in both
// languages its tables and figures fit the page's width (a wide table scrolls in its own box), it hydrates without a
// console problem; without JavaScript the same tables and figures are there; printed, it is the datasheet alone (no
// site header, footer, breadcrumbs or links) with every table whole, and Chromium's A4 PDF of it has A4 pages.
// Screenshots and the PDFs go to SCREENSHOT_DIR when it is set (for looking at, not for asserting).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
const shots = process.env.SCREENSHOT_DIR;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const parts = [
  ["en", "QCM040120K4", 13],
  ["zh", "QCD10065B2A", 5],
] as const;

describe("the HTML datasheet in the browser", () => {
  for (const [language, part, figures] of parts) {
    for (const width of [1440, 390]) {
      it(`shows ${part}'s tables and ${figures} figures within the page's width at ${width} px (${language})`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems = watchProblems(page);
        const response = await page.goto(`${origin}/${language}/productAndService/productDetail/${part}/datasheet`);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        const layout = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          main: document.querySelector("main")!.getBoundingClientRect().right,
          boxes: [...document.querySelectorAll<HTMLElement>("main .table-scroll")].map((box) => box.getBoundingClientRect().right),
          // Each figure's drawing is on screen with a real size (a collapsed SVG would be 0 × 0).
          svgs: [...document.querySelectorAll<SVGSVGElement>("figure.datasheet-chart svg[role=img]")].map((svg) => svg.getBoundingClientRect().width),
        }));
        expect(layout.page).toBeLessThanOrEqual(layout.viewport);
        for (const right of layout.boxes) expect(right).toBeLessThanOrEqual(layout.main + 1);
        expect(layout.svgs).toHaveLength(figures);
        for (const svgWidth of layout.svgs) expect(svgWidth).toBeGreaterThan(Math.min(300, width - 60));
        if (shots) await page.screenshot({ path: path.join(shots, `datasheet-${language}-${width}.png`), fullPage: true });
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it("has its tables and figures without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/en/productAndService/productDetail/QCM040120K4/datasheet`);
    for (const id of ["ds-ratings", "ds-electrical", "ds-thermal"])
      await expect(page.locator(`section[aria-labelledby="${id}"] table`).first().isVisible()).resolves.toBe(true);
    await expect(page.locator("figure.datasheet-chart svg[role=img]").count()).resolves.toBe(13);
    await context.close();
  });

  for (const [language, part] of parts) {
    it(`prints ${part} as the datasheet alone, its tables whole, on A4 pages (${language})`, async () => {
      // The width of A4 inside the page's margins (186 mm at 96 px to the inch), where the wide tables' screen minimum would not fit.
      const context = await browser.newContext({ viewport: { width: 703, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${origin}/${language}/productAndService/productDetail/${part}/datasheet`);
      await page.emulateMedia({ media: "print" });
      const printed = await page.evaluate(() => {
        const shown = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].some((element) => element.getClientRects().length > 0);
        return {
          chrome: ["header.site-header", "footer.site-footer", ".breadcrumbs", ".datasheet-links", ".scroll-box__hint", ".back-to-top"].filter(shown),
          // No table is wider than the box it sits in, so nothing is cut at the paper's edge.
          clipped: [...document.querySelectorAll<HTMLElement>("main table")]
            .filter((table) => table.getClientRects().length > 0 && table.scrollWidth > table.parentElement!.clientWidth + 1)
            .map((table) => table.querySelector("caption")?.textContent ?? table.className),
          tables: [...document.querySelectorAll<HTMLElement>("main table")].filter((table) => table.getClientRects().length > 0).length,
          footer: document.querySelector(".datasheet-footer")?.getClientRects().length ?? 0,
        };
      });
      expect(printed.chrome).toEqual([]);
      expect(printed.clipped).toEqual([]);
      expect(printed.tables).toBeGreaterThanOrEqual(4);
      expect(printed.footer).toBeGreaterThan(0);
      const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true, printBackground: true });
      const text = pdf.toString("latin1");
      const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(2);
      expect(pages).toBeLessThanOrEqual(8);
      // A4 in PDF points: 595.28 × 841.89 (Chromium writes them rounded or not).
      const boxes = [...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((match) => [Math.round(Number(match[1])), Math.round(Number(match[2]))]);
      expect(boxes.length).toBeGreaterThan(0);
      for (const box of boxes) expect(box).toEqual([595, 842]);
      if (shots) writeFileSync(path.join(shots, `datasheet-${language}.pdf`), pdf);
      await context.close();
    });
  }
});
