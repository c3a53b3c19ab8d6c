// Preview mode in the browser: the banner hydrates without a mismatch and "exit preview now" leaves it.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { signPreviewToken } from "../../shared/preview-token.ts";
import { launchBrowser, watchProblems } from "./browser.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("preview mode", () => {
  it("shows the banner with the end time, hydrates cleanly, and exits to the root", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: "America/New_York" });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const token = await signPreviewToken(inject("previewSecret"), Date.now() + 3600_000);
    await page.goto(`${origin}/en/about/us?preview=${token}`);
    expect(page.url()).toBe(`${origin}/en/about/us`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect(page.locator(".preview-banner").textContent()).resolves.toMatch(/ends automatically at \d{2}:\d{2}:\d{2}/);
    await page.locator(".preview-banner__exit").click();
    await page.waitForURL(`${origin}/en`);
    expect(await page.locator(".preview-banner").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
