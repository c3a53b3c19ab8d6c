// The account page in a real browser, from a cold load behind the guard, in both languages and both widths:
// axe-clean; the applicant details saved; "download my data" gives a JSON file with the account in it;
// "delete my account" asks to confirm, then lands on the language home signed out, and the session is gone.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { axeViolations, waitForSmsCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const texts = {
  zh: { confirmNeeded: "请先勾选确认。" },
  en: { confirmNeeded: "Please tick the confirmation first." },
} as const;

describe("the account page", () => {
  for (const [language, width, phone] of [
    ["zh", 1440, "13500135007"],
    ["en", 390, "13500135008"],
  ] as const) {
    it(`keeps the visitor's own data in their hands (${language}, ${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/user/account`);
      await page.waitForURL(`${origin}/${language}/login?path=%2Fuser%2Faccount`);
      await hydrated(page);
      await page.locator('input[name="target"]').fill(phone);
      await page.locator('input[name="agree"]').check();
      await page.locator('button[value="send"]').click();
      await page.locator('button[value="send"]', { hasText: /^\d+ s$/ }).waitFor();
      await page.locator('input[name="code"]').fill(await waitForSmsCode(phone));
      await page.locator(".login-form__submit").click();
      await page.waitForURL(`${origin}/${language}/user/account`);
      await expect.poll(() => page.locator("main").textContent()).toContain(phone);
      expect(await axeViolations(page, "account")).toEqual([]);

      // Applicant details: saved, and there after a cold load.
      await page.locator('input[name="name"]').fill(language === "zh" ? "周晓岚" : "Grace Zhou");
      await page.locator('input[name="phone"]').first().fill(phone);
      await page.locator('input[name="email"]').fill(`account.${language}@example.com`);
      await page.locator('input[name="companyName"]').fill("Ningbo Solar Drive Co., Ltd.");
      await page.locator('input[name="position"]').fill("R&D engineer");
      await page.locator('button[value="applicant-save"]').click();
      await expect.poll(() => page.locator('button[value="applicant-remove"]').count()).toBe(1);
      await page.goto(`${origin}/${language}/user/account`);
      await hydrated(page);
      expect(await page.locator('input[name="companyName"]').inputValue()).toBe("Ningbo Solar Drive Co., Ltd.");

      // Download my data: a JSON file with the account and the details just saved.
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`a[href^="/api/front/userData/downloadMyData"]`).click()]);
      expect(download.suggestedFilename()).toMatch(/^qingyun-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
      expect(exported.account.phone).toBe(phone);
      expect(exported.applicant.companyName).toBe("Ningbo Solar Drive Co., Ltd.");

      // Delete my account: not without the confirmation; then home, signed out.
      await page.locator(".account-delete summary").click();
      await page.locator('button[value="account-delete"]').click();
      await expect.poll(() => page.locator(".account-delete .form-error").textContent()).toBe(texts[language].confirmNeeded);
      expect(await axeViolations(page, "account, delete unconfirmed")).toEqual([]);
      await page.locator('.account-delete input[name="confirm"]').check();
      await page.locator('button[value="account-delete"]').click();
      await page.waitForURL(`${origin}/${language}`);
      await page.locator(".site-header__signin").waitFor();
      await page.goto(`${origin}/${language}/user/account`);
      await page.waitForURL(`${origin}/${language}/login?path=%2Fuser%2Faccount`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
