// The parametric finder in a real browser: sort by clicking a header, filter by value and
// by range, page, Back restores the previous table, all without a full reload; the compare tray survives
// navigation and reloads; the CSV downloads; axe on the overview and a finder; at 390 px the table scrolls
// inside its box with the part number sticky and the page itself never scrolls sideways.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const FAMILY = `${origin}/en/productAndService/products/100`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function open(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // A full page load would drop this marker: every finder step must keep it.
  await page.evaluate(() => ((window as unknown as { finderMarker: number }).finderMarker = 1));
}

const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { finderMarker?: number }).finderMarker === 1);
const parts = (page: Page) => page.$$eval(".finder-table tbody th[scope=row] a", (links) => links.map((link) => link.textContent ?? ""));

/** The cells of the column whose header has this sort key (found through the cells' headers attribute). */
function column(page: Page, fieldId: string) {
  return page.evaluate((id) => {
    const link = document.querySelector(`.finder-table thead a[href*="sort=${id}:"]`);
    const headerId = link?.closest("th")?.id;
    if (!headerId) return [];
    return [...document.querySelectorAll(".finder-table tbody td")]
      .filter((cell) => (cell.getAttribute("headers") ?? "").split(" ").includes(headerId))
      .map((cell) => cell.textContent ?? "");
  }, fieldId);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as { id: string; nodes: { target: string[] }[] }[];
  return violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

describe("the finder at 1440 px", () => {
  it("sorts, filters by value and range, pages and restores on Back without reloading", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await open(page, `${FAMILY}?size=10`);
    const firstPage = await parts(page);
    expect(firstPage).toHaveLength(10);

    // Sort by clicking the R_DS(on) header.
    await page.click('.finder-table thead a[href*="sort=rdson:asc"]');
    await page.waitForURL(/sort=rdson:asc/);
    await expect.poll(() => page.getAttribute('th[aria-sort="ascending"]', "id")).toBeTruthy();
    const ascending = async () => {
      const values = (await column(page, "rdson")).map(Number);
      return values.length === 10 && values.every((value, index) => index === 0 || values[index - 1]! <= value);
    };
    await expect.poll(ascending).toBe(true);

    // Page 2, then Back to page 1.
    const sortedFirst = await parts(page);
    await page.click('.finder-pages a[rel="next"]');
    await page.waitForURL(/page=2/);
    await expect.poll(() => parts(page)).not.toEqual(sortedFirst);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("page=2"));
    await expect.poll(() => parts(page)).toEqual(sortedFirst);

    // A value filter: the Package list, TO-247-4.
    await page.click('.finder-filter summary:has-text("Package")');
    await page.check('input[type=checkbox][name="package"][value="TO-247-4"]');
    await page.waitForURL(/package=TO-247-4/);
    await expect.poll(async () => [...new Set(await column(page, "package"))]).toEqual(["TO-247-4"]);

    // A range: VDS from 1000 V, typed and sent with Enter.
    await page.click('.finder-filter summary:has-text("Drain-source voltage")');
    await page.fill('input[name="vds.min"]', "1000");
    await page.press('input[name="vds.min"]', "Enter");
    await page.waitForURL(/vds=1000~/);
    await expect.poll(async () => (await column(page, "vds")).every((value) => Number(value) >= 1000)).toBe(true);
    const filtered = await parts(page);
    expect(page.url()).toMatch(/\?sort=rdson:asc&vds=1000~&package=TO-247-4&size=10$/);

    // Back restores the previous table (package only), Forward the filtered one.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("vds="));
    await expect.poll(async () => (await column(page, "vds")).some((value) => Number(value) < 1000)).toBe(true);
    await page.goForward();
    await expect.poll(() => parts(page)).toEqual(filtered);

    expect(await stillSamePage(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the compare tray across pages and reloads, at most 4, and downloads the CSV", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const problems = watchProblems(page);
    await open(page, `${FAMILY}?size=10`);
    const [a, b] = (await parts(page)).slice(0, 2);
    await page.locator(`th[scope=row]:has(a:text-is("${a}")) input[type=checkbox]`).check();
    await page.locator(`th[scope=row]:has(a:text-is("${b}")) input[type=checkbox]`).check();
    const tray = page.locator(".compare-tray");
    await expect.poll(() => tray.isVisible()).toBe(true);
    expect(await tray.locator("li").allTextContents()).toEqual([expect.stringContaining(a!), expect.stringContaining(b!)]);
    // The finder's own query follows the parts: compare's canonical redirect keeps its op= and with= and drops the
    // rest (docs/decisions/049-converter-on-finder-and-compare.md).
    expect(await tray.locator("a.button--primary").getAttribute("href")).toBe(`/en/productAndService/compare?parts=${a},${b}&size=10`);

    // Another page of the finder, then a reload: the tray keeps both.
    await page.click('.finder-pages a[rel="next"]');
    await page.waitForURL(/page=2/);
    expect(await tray.locator("li").count()).toBe(2);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect.poll(() => tray.locator("li").count()).toBe(2);

    // Two more fill the tray; the rest can no longer be picked.
    const boxes = page.locator(".finder-table tbody input[type=checkbox]");
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect.poll(() => tray.locator("li").count()).toBe(4);
    expect(await boxes.nth(2).isDisabled()).toBe(true);
    await tray.getByRole("button", { name: `Remove ${a} from the comparison` }).click();
    await expect.poll(() => boxes.nth(2).isDisabled()).toBe(false);

    // The CSV of the whole result (every page), header in English.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(".finder-bar__csv")]);
    expect(download.suggestedFilename()).toBe("qingyun-100-en.csv");
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Part number,VDS \(V\),/);
    expect(lines.length - 1).toBeGreaterThan(10);

    expect(problems).toEqual([]);
    await page.close();
  });

  it("has no axe violations on the overview and a finder", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const url of [`${origin}/zh/productAndService/products`, `${origin}/en/productAndService/products/120?sort=vds:desc&package=TO-247-4`]) {
      await open(page, url);
      // With a filter list open, so its checkboxes and range inputs are audited too.
      const summaries = page.locator(".finder-filter summary");
      if (await summaries.count()) await summaries.first().click();
      expect(await axeViolations(page), url).toEqual([]);
    }
    await page.close();
  });
});

describe("the finder at 390 px", () => {
  it("scrolls the table inside its box with a sticky part number; the page never overflows; axe passes", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchProblems(page);
    for (const url of [`${origin}/zh/productAndService/products`, `${FAMILY}?size=10`]) {
      await open(page, url);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), url).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), url).toEqual([]);
    }
    const wrap = page.locator(".finder-table-wrap");
    const sizes = await wrap.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    const firstCell = page.locator(".finder-table tbody th[scope=row]").first();
    const before = (await firstCell.boundingBox())!.x;
    await wrap.evaluate((element) => element.scrollBy({ left: 400 }));
    await expect.poll(() => wrap.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    expect(Math.abs((await firstCell.boundingBox())!.x - before)).toBeLessThan(2);
    // An open filter list stays inside the screen.
    await page.click('.finder-filter summary:has-text("Package")');
    const panel = (await page.locator(".finder-filter[open] .finder-filter__panel").boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
