// The cross-reference from a cold load at 1440 and 390 px in both languages: a competitor part's page (tiers,
// a candidate's table opened, the estimate of ours), a mistyped number corrected through its suggestion, a bill
// of materials with its CSV link, and the header search offering the cross-reference first; axe passes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as { id: string; nodes: { target: string[] }[] }[];
  return violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const texts = {
  zh: { heading: "C3M0040120K 型号对照", table: "逐项参数对比", bom: "全部对照", block: "型号对照：C3M0040120K → 青云" },
  en: { heading: "C3M0040120K cross-reference", table: "Parameter by parameter", bom: "Cross-reference all", block: "Cross-reference: C3M0040120K → ours" },
} as const;

describe("cross-reference", () => {
  for (const language of ["zh", "en"] as const) {
    const text = texts[language];
    for (const width of [1440, 390]) {
      it(`shows a competitor part's candidates with their tables and our estimate (${language}, ${width} px)`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/productAndService/crossReference?part=c3m0040120k`);
        await hydrated(page);
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered (what a visitor reads), not the DOM property.
        expect(await page.locator("h1").innerText()).toBe(text.heading);
        const candidate = page.locator(".xref-candidate").first();
        await candidate.locator("summary", { hasText: text.table }).click();
        const table = candidate.locator(".xref-table");
        await table.waitFor({ state: "visible" });
        expect(await table.locator("tbody tr").count()).toBeGreaterThan(3);
        expect(await page.locator(".xref-estimate .op-panel, .xref-estimate form").count()).toBeGreaterThan(0);
        expect(await noOverflow(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });

      it(`corrects a mistyped number and answers a bill of materials (${language}, ${width} px)`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/productAndService/crossReference?part=C3N0040120K`);
        await hydrated(page);
        expect(await page.locator(".xref-unknown form").count()).toBe(1);
        await page.locator(".xref-suggestions a", { hasText: "C3M0040120K" }).click();
        await page.waitForURL(`${origin}/${language}/productAndService/crossReference?part=C3M0040120K`);
        await page.locator(".xref-candidate").first().waitFor();
        await page.locator("#xref-bom").fill("C3M0040120K\nIMW120R007M1H, CM450DY-24S");
        await page.getByRole("button", { name: text.bom }).click();
        await page.locator(".xref-bom__table").waitFor();
        expect(await page.locator(".xref-bom__table tbody tr").count()).toBe(3);
        expect(await page.locator(`.xref-bom a[href^="/${language}/productAndService/crossReference.csv?parts="]`).count()).toBe(1);
        expect(await noOverflow(page)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });

      it(`offers the cross-reference first when the header search names a competitor part (${language}, ${width} px)`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/about/us`);
        await hydrated(page);
        await page.locator(".header-search > summary").click();
        const input = page.locator(".header-search input[name='text']");
        await input.waitFor({ state: "visible" });
        await input.fill("c3m-0040120k");
        await input.press("Enter");
        await page.locator(".search-xref").waitFor();
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered (what a visitor reads), not the DOM property.
        expect(await page.locator(".search-xref h2").innerText()).toBe(text.block);
        const first = await page.locator(".search-body > *").first().getAttribute("class");
        expect(first).toBe("search-xref");
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }

  it("works without JavaScript: the part form, the bill of materials and the parameter search", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/en/productAndService/crossReference`);
    await page.locator("#xref-part").fill("imw120r007m1h");
    await page.locator("#xref-part").press("Enter");
    await page.waitForURL(/\?part=imw120r007m1h$/);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered (what a visitor reads), not the DOM property.
    expect(await page.locator("h1").innerText()).toBe("IMW120R007M1H cross-reference");
    await page.locator("#xref-bom").fill("C3M0040120K SCT3040KW7");
    await page.getByRole("button", { name: texts.en.bom }).click();
    await page.locator(".xref-bom__table").waitFor();
    expect(await page.locator(".xref-bom__table tbody tr").count()).toBe(2);
    await page.goto(`${origin}/en/productAndService/crossReference?part=NOTAPART99`);
    await page.locator("#xref-v").fill("1200");
    await page.locator("#xref-pkg").selectOption("TO-247-4");
    await page.getByRole("button", { name: "Search our catalog" }).click();
    await page.waitForURL(/\/en\/productAndService\/products\/100\?/);
    expect(await page.locator("main").getByText("QCM040120K4").count()).toBeGreaterThan(0);
    await context.close();
  });
});
