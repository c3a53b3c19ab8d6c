// Sign-in on the path most visitors take, from a cold document load: a typed link to a signed-in page, the
// server's guard redirects to the login page (the first document), the code from the server log. With
// JavaScript: a wrong code keeps the resend countdown running, Enter in the code field signs in (no new
// code), and the header shows the account without a reload. Without JavaScript: Get code keeps the
// agreement ticked, the signed-in header shows the user menu, and its sign-out works.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";

const origin = inject("origin");
const serverLog = inject("serverLog");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Every code the console SMS sender printed for this number, oldest first. */
function smsCodes(phone: string): string[] {
  return [...readFileSync(serverLog, "utf8").matchAll(new RegExp(`SMS to ${phone}: (\\d{6})`, "g"))].map((match) => match[1]!);
}

async function waitForCodes(phone: string, count: number): Promise<string[]> {
  await expect.poll(() => smsCodes(phone).length, { timeout: 15_000 }).toBe(count);
  return smsCodes(phone);
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const secondsOn = async (page: Page) => Number(/^(\d+) s$/.exec((await page.locator('button[value="send"]').textContent()) ?? "")?.[1] ?? NaN);

describe("sign-in from a guarded page, with JavaScript", () => {
  it("keeps the countdown through a wrong code, signs in with Enter, and shows the account without a reload", async () => {
    const phone = "13700137001";
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    let documents = 0;
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });

    await page.goto(`${origin}/en/user/sampleProgress`);
    await page.waitForURL(`${origin}/en/login?path=%2Fuser%2FsampleProgress`);
    await hydrated(page);
    const documentsLoaded = documents;
    await page.locator('input[name="agree"]').check();
    // Enter in the number asks for the code.
    await page.locator('input[name="target"]').fill(phone);
    await page.locator('input[name="target"]').press("Enter");
    const [code] = await waitForCodes(phone, 1);
    await expect.poll(() => secondsOn(page)).toBeGreaterThan(0);

    // A wrong code: the message asks for a new code, and the countdown to it keeps running.
    await page.locator('input[name="code"]').fill(wrong(code!));
    await page.locator(".login-form__submit").click();
    await expect.poll(() => page.locator('[role="status"]').textContent()).toContain("Verification code error");
    const before = await secondsOn(page);
    await expect.poll(() => secondsOn(page), { timeout: 5_000 }).toBeLessThan(before);

    // Enter in the code field signs in; it does not ask for (and void the typed code with) a new one.
    await page.locator('input[name="code"]').fill(code!);
    await page.locator('input[name="code"]').press("Enter");
    await page.waitForURL(`${origin}/en/user/sampleProgress`);
    expect(smsCodes(phone)).toHaveLength(1);
    // The header shows the account at once, with no reload: the same document the guard's redirect loaded.
    await expect.poll(() => page.locator(".user-menu__toggle").textContent()).toBe(masked(phone));
    expect(documents).toBe(documentsLoaded);
    // The wrong code's answer is a 400, which Chromium logs as a failed resource; nothing else may be logged.
    expect(problems.filter((problem) => !/status of 400 \(Bad Request\)/.test(problem))).toEqual([]);
    await context.close();
  });
});

describe("sign-in from a guarded page, without JavaScript", () => {
  it("keeps the agreement after Get code, shows the user menu when signed in, and signs out by the form", async () => {
    const phone = "13700137002";
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${origin}/zh/user/sampleList`);
    await page.waitForURL(`${origin}/zh/login?path=%2Fuser%2FsampleList`);
    await page.locator('input[name="target"]').fill(phone);
    await page.locator('input[name="agree"]').check();
    await page.locator('button[value="send"]').click();
    const [code] = await waitForCodes(phone, 1);
    // The page came back from the server: what the visitor entered and ticked is still there.
    expect(await page.locator('input[name="agree"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="target"]').inputValue()).toBe(phone);

    await page.locator('input[name="code"]').fill(code!);
    await page.locator('input[name="code"]').press("Enter");
    await page.waitForURL(`${origin}/zh/user/sampleList`);
    expect(smsCodes(phone)).toHaveLength(1);
    const toggle = page.locator("summary.user-menu__toggle");
    expect(await toggle.textContent()).toBe(masked(phone));
    expect(await page.locator(".site-header__signin").count()).toBe(0);

    await toggle.click();
    await page.locator(".user-menu__list").getByRole("link", { name: "样品进度" }).click();
    await page.waitForURL(`${origin}/zh/user/sampleProgress`);
    await page.locator("summary.user-menu__toggle").click();
    await page.locator(".user-menu__list").getByRole("button", { name: "退出登录" }).click();
    // Signed out on a signed-in page: the language home (SPEC §4), with the sign-in link.
    await page.waitForURL(`${origin}/zh`);
    await page.locator(".site-header__signin").waitFor();
    expect(await page.locator(".user-menu").count()).toBe(0);
    await context.close();
  });
});
