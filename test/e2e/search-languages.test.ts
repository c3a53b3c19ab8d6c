// The search page shows the other language's hits apart and labelled, at 1440 and 390 px in both
// languages, from a cold load: a Chinese query on the English site finds the Chinese content, and an
// English word on the Chinese site lists the English hits after the Chinese ones; axe passes.
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

const cases = [
  { language: "en", text: "碳", heading: "Results in Chinese", lang: "zh-CN", ownHits: false },
  { language: "zh", text: "MOSFET", heading: "英文结果", lang: "en-US", ownHits: true },
] as const;

describe("search in the other language", () => {
  for (const { language, text, heading, lang, ownHits } of cases) {
    for (const width of [1440, 390]) {
      it(`/${language}/search?text=${text} at ${width} px`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const problems = watchProblems(page);
        await page.goto(`${origin}/${language}/search?text=${encodeURIComponent(text)}`);
        await hydrated(page);
        const section = page.locator(".search-other");
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText, the text as rendered (what a visitor reads), not the DOM property.
        expect(await section.locator("h2").innerText()).toContain(heading);
        const titles = section.locator(".search-result__title");
        expect(await titles.count()).toBeGreaterThan(0);
        expect(await titles.first().getAttribute("lang")).toBe(lang);
        expect(await titles.first().locator("a").getAttribute("href")).toMatch(new RegExp(`^/${language === "en" ? "zh" : "en"}/`));
        // The page's own hits come first (or the "no results" message when it has none).
        const own = page.locator(".search-result__title:not([lang])");
        if (ownHits) {
          expect(await own.count()).toBeGreaterThan(0);
          expect((await own.first().boundingBox())!.y).toBeLessThan((await section.boundingBox())!.y);
        } else {
          expect(await own.count()).toBe(0);
          expect(await page.locator(".search-empty").isVisible()).toBe(true);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        expect(await axeViolations(page)).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }
});
