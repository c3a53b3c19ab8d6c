// The Content-Security-Policy (a nonce per render, kept with the page-cache entry; base-uri 'none'; no
// unsafe-inline, no unsafe-eval) holds on every page type without a single violation, on first load and after
// client-side navigation, and blocks what an injection would add: a script without the nonce (or with a
// wrong one), an inline style element or attribute.
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

  it("blocks an injected script without the nonce, and inline styles, on a page answered from the cache", async () => {
    const path = "/en/news?csp=injection";
    // Filled (a page is kept from its second render), then a hit (compressed: the browser's own Accept-Encoding).
    await fetch(`${origin}${path}`);
    await fetch(`${origin}${path}`);
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await recordViolations(page);
    let cache: string | undefined;
    let policy = "";
    // The answer as the site sent it, headers and all, with markup an injection would leave in it.
    await page.route(`${origin}${path}`, async (route) => {
      const response = await route.fetch();
      cache = response.headers()["x-cache"];
      policy = response.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
      const injected = [
        "<script>window.__injected = 'plain'</script>",
        '<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">window.__injected = "wrong nonce"</script>',
        `<script nonce="${nonce}">window.__nonced = true</script>`,
        '<style id="injected-style">body { outline: 5px solid red }</style>',
        '<p id="injected-attribute" style="color: rgb(255, 0, 0)">x</p>',
      ].join("");
      const body = (await response.text()).replace("</body>", `${injected}</body>`);
      await route.fulfill({ response, body });
    });
    await page.goto(`${origin}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    expect(cache).toBe("HIT");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("base-uri 'none'");
    // The control: the page's own nonce still runs a script; neither injected one ran.
    expect(await page.evaluate(() => (window as unknown as { __nonced?: boolean }).__nonced)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).outlineStyle)).not.toBe("solid");
    expect(await page.locator("#injected-attribute").evaluate((node) => getComputedStyle(node).color)).not.toBe("rgb(255, 0, 0)");
    const seen = await violations(page);
    expect(seen.filter((line) => line.startsWith("script-src-elem blocked inline"))).toHaveLength(2);
    expect(seen.filter((line) => line.startsWith("style-src-elem blocked inline"))).toHaveLength(1);
    expect(seen.filter((line) => line.startsWith("style-src-attr blocked inline"))).toHaveLength(1);
    expect(seen).toHaveLength(4);
    // Chromium reports each blocked element in the console: those four lines and nothing else.
    expect(problems.filter((line) => !line.includes("Content Security Policy"))).toEqual([]);
    await page.close();
  });
});
