// axe-core (WCAG 2.1 A and AA rules) on the pages this site has, in both languages, desktop and mobile.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";

const origin = inject("origin");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Each page with the status it must answer: an error page hiding behind a passing audit is a failure. */
const pages: [string, number][] = [
  ["/zh", 200],
  ["/en", 200],
  ["/en/about/us", 200],
  ["/zh/reliability/reliability-tests", 200],
  ["/en/applications/ev", 200],
  ["/en/search?text=SiC", 200],
  // A paged list (its current page number) and a closed position (its notice, no apply box).
  ["/zh/about/joinUs", 200],
  ["/en/about/joinUs/positionDetail/14", 200],
  // The login layout (its own header and footer); the user pages are audited signed in by sample-journey.test.ts.
  ["/zh/login", 200],
  // A part's model validation page: tables in a scroll box, SVG charts with their title and description.
  ["/en/support/models/QCM040120K4", 200],
  ["/zh/support/models/QCD10065T2", 200],
  // An IGBT module's: its own words, conditions and three charts (decision 053).
  ["/en/support/models/QIM150065NP2", 200],
  // A part's HTML datasheet: tables in scroll boxes, SVG figures with linear and logarithmic axes, a lifecycle badge.
  ["/en/productAndService/productDetail/QCM040120K4/datasheet", 200],
  ["/zh/productAndService/productDetail/QCD10065B2A/datasheet", 200],
  ["/en/login?tab=email&path=%2Fabout%2Fus", 200],
  ["/zh/no-such-page", 404],
  // The upstream answers 404 for this one: the production bundle must turn it into the 404 page, not a 500.
  ["/en/reliability/not-a-page", 404],
];

describe("accessibility", () => {
  for (const width of [1440, 390]) {
    for (const [path, status] of pages) {
      it(`${path} at ${width} px has no WCAG A/AA violations`, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        const response = await page.goto(`${origin}${path}`);
        expect(response?.status()).toBe(status);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        await page.addScriptTag({ content: axeSource });
        const violations = (await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
          const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
          return result.violations;
        })) as AxeViolation[];
        await page.close();
        expect(violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual([]);
      });
    }
  }
});
