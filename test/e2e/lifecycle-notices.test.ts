// Lifecycle and change notices in a real browser, from a cold load in both languages: the pages hydrate without
// a warning and pass axe-core; the finder's lifecycle filter and "show all" navigate without a reload; the notices
// list filters by its GET form without a reload and opens a notice, which links to its parts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as { id: string; help: string; nodes: { target: string[] }[] }[];
  return violations.map((violation) => `${page.url()} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** Marks the window, so a navigation that reloads the page shows as the mark's loss. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __noReload: true }));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

describe("lifecycle and change notices in the browser", () => {
  for (const language of ["en", "zh"] as const) {
    it(`shows the obsolete parts the finder hides, filters by state and opens a last-time-buy part (${language})`, async () => {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/productAndService/products/120`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      const rows = () => page.locator(".finder-table tbody tr").count();
      const before = await rows();
      await mark(page);
      await page.locator(".finder-lifecycle-hidden a").click();
      await page.waitForURL(/lifecycle=obsolete/);
      await expect.poll(rows).toBeGreaterThan(before);
      expect(await page.locator(".finder-table .lifecycle-badge--obsolete").count()).toBeGreaterThan(0);
      expect(await stillMarked(page)).toBe(true);
      // The filter's box: only obsolete parts.
      await page.goto(`${origin}/${language}/productAndService/products/220`);
      await hydrated(page);
      await mark(page);
      await page.locator(".finder-filter summary", { hasText: language === "en" ? "Lifecycle" : "生命周期" }).click();
      await page.locator('input[name="lifecycle"][value="active"]').uncheck();
      await page.waitForURL(/lifecycle=preview&lifecycle=nrnd&lifecycle=ltb/);
      await expect.poll(() => page.locator(".finder-table .lifecycle-badge--active").count()).toBe(0);
      expect(await stillMarked(page)).toBe(true);
      await page.goto(`${origin}/${language}/productAndService/productDetail/QCD05120T2`);
      await hydrated(page);
      expect(await page.locator(".lifecycle-facts .lifecycle-badge--ltb").count()).toBe(1);
      expect(await page.locator(".product-hero .lifecycle-refusal a").getAttribute("href")).toBe(`/${language}/productAndService/productDetail/QCD10120T2`);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });

    it(`filters the notices and opens one (${language})`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/support/notices`);
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
      await mark(page);
      await page.locator('select[name="type"]').selectOption("discontinuation");
      await page.locator(".notices-filters button[type=submit]").click();
      await page.waitForURL(/type=discontinuation/);
      await expect.poll(() => page.locator(".notice-card--change").count()).toBe(0);
      expect(await stillMarked(page)).toBe(true);
      const first = page.locator(".notice-card__title a").first();
      const number = (await page.locator(".notice-card__number").first().textContent())!;
      await first.click();
      await page.waitForURL(new RegExp(`/support/notices/${number}$`));
      await expect.poll(() => page.locator("h1").textContent()).toContain(number);
      expect(await page.locator("#notice-parts ~ ul a").count()).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
