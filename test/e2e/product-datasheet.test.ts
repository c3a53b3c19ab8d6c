// The product page's datasheet part as a visitor sees it, at 1440 and 390 px in both languages: the ratings,
// characteristics, ordering and outline tables are on the page (also without JavaScript), scroll inside their
// own boxes instead of widening the page, pass axe (WCAG A/AA) and hydrate without a console problem.
// Screenshots go to SCREENSHOT_DIR when it is set (for looking at, not for asserting).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
const shots = process.env.SCREENSHOT_DIR;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sections = ["key-parameters", "characteristics", "ordering", "package-outline"];

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }> };
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  });
}

describe("the product page's datasheet part in the browser", () => {
  for (const [language, part] of [
    ["en", "QCM040120K4"],
    ["zh", "QCD10065B2A"],
  ] as const) {
    for (const width of [1440, 390]) {
      it(`shows ${part}'s tables inside the page width, axe-clean, at ${width} px (${language})`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        const problems = watchProblems(page);
        const response = await page.goto(`${origin}/${language}/productAndService/productDetail/${part}`);
        expect(response?.status()).toBe(200);
        await hydrated(page);
        for (const id of sections) await expect(page.locator(`section[aria-labelledby="${id}"] table`).first().isVisible()).resolves.toBe(true);
        const layout = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          // Every table sits in a box no wider than the main column (a wide one scrolls inside it).
          boxes: [...document.querySelectorAll<HTMLElement>("main .table-scroll")].map((box) => box.getBoundingClientRect().right),
          main: document.querySelector("main")!.getBoundingClientRect().right,
          captions: [...document.querySelectorAll("main section table caption")].map((caption) => caption.textContent),
        }));
        expect(layout.page).toBeLessThanOrEqual(layout.viewport);
        for (const right of layout.boxes) expect(right).toBeLessThanOrEqual(layout.main + 1);
        expect(layout.captions.length).toBeGreaterThanOrEqual(4);
        expect(await axeViolations(page)).toEqual([]);
        if (shots) {
          await page.screenshot({ path: path.join(shots, `product-datasheet-${language}-${width}.png`), fullPage: true });
          for (const id of sections) {
            await page.locator(`section[aria-labelledby="${id}"]`).screenshot({ path: path.join(shots, `product-datasheet-${language}-${width}-${id}.png`) });
          }
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it("has the same tables without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/en/productAndService/productDetail/QCM040120K4`);
    for (const id of sections) await expect(page.locator(`section[aria-labelledby="${id}"] table`).first().isVisible()).resolves.toBe(true);
    await expect(page.locator('section[aria-labelledby="ordering"] tbody th').first().textContent()).resolves.toBe("QCM040120K4-TU");
    await context.close();
  });
});
