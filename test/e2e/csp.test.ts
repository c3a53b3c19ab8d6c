// The Content-Security-Policy (per-request nonce, base-uri 'none', no unsafe-eval) holds on
// every page type without a single violation, on first load and after client-side navigation.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every securitypolicyviolation event of the page, recorded from before its first script runs. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

async function linkFrom(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, selector).toBeTruthy();
  return href!;
}

describe("Content-Security-Policy", () => {
  it("is never violated on the page types, loaded or navigated to", async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const problems = watchProblems(page);
    await recordViolations(page);
    const visited: string[] = [];
    const visit = async (path: string) => {
      const response = await page.goto(`${origin}${path}`);
      expect(response?.headers()["content-security-policy"], path).toContain("base-uri 'none'");
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      visited.push(path);
      expect(await violations(page), path).toEqual([]);
    };

    await visit("/zh");
    await visit("/en/productAndService/products/120");
    await visit(await linkFrom(page, "a[href*='/productAndService/productDetail/']"));
    await visit("/en/news");
    await visit(await linkFrom(page, "a[href*='/news/newsDetail/']"));
    await visit("/zh/about/us");
    await visit("/en/search?q=SiC");
    // The 404 page: the browser reports its own document's status in the console, nothing else may show.
    const before = problems.length;
    await visit("/en/no-such-page");
    const notFound = problems.splice(before);
    expect(
      notFound.every((line) => line.includes("status of 404")),
      notFound.join("\n"),
    ).toBe(true);

    // Client-side navigation loads route chunks and data through the policy too.
    await page.locator("header a[href='/en']").first().click();
    await page.waitForURL(`${origin}/en`);
    await page.waitForLoadState("networkidle");
    expect(await violations(page)).toEqual([]);
    expect(visited).toHaveLength(8);
    expect(problems).toEqual([]);
    await page.close();
  });
});
