// "Add to sample list" while signed out, with JavaScript: "You are not logged in. Log in now?", the login
// page, and back on the product page the part is added by itself (the header counts it), the request is
// gone from the URL, and a link leads on to the sample list. The product page is a cold load.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { sampleableProducts, waitForSmsCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const texts = {
  zh: { added: "添加成功", viewList: "查看样品清单" },
  en: { added: "add success", viewList: "View the sample list" },
} as const;

describe("add to sample list, signed out", () => {
  for (const [language, width, phone] of [
    ["zh", 1440, "13600136005"],
    ["en", 390, "13600136006"],
  ] as const) {
    it(`adds the part after signing in and returns to the page (${language}, ${width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      const product = (await sampleableProducts(context, language))[5]!;
      const detailPath = `/${language}/productAndService/productDetail/${encodeURIComponent(product.partNumber!)}`;
      await page.goto(`${origin}${detailPath}`);
      await hydrated(page);
      await page.locator(".add-sample__button:not(.add-sample__button--compact)").first().click();
      await page.locator(".add-sample__dialog[open] .button--primary").click();
      await page.waitForURL((url) => url.pathname === `/${language}/login`);

      await page.locator('input[name="target"]').fill(phone);
      await page.locator('input[name="agree"]').check();
      await page.locator('button[value="send"]').click();
      await page.locator('button[value="send"]', { hasText: /^\d+ s$/ }).waitFor();
      await page.locator('input[name="code"]').fill(await waitForSmsCode(phone));
      await page.locator(".login-form__submit").click();

      // Back on the product page, the part added without another press, the request dropped from the URL.
      await page.waitForURL(`${origin}${detailPath}`);
      const status = page.locator(".product-hero__actions .add-sample__status");
      await expect.poll(() => status.textContent()).toBe(texts[language].added);
      await expect.poll(() => page.locator(".user-menu__count").textContent()).toContain("1");
      const view = page.locator(".product-hero__actions .add-sample__view");
      expect(await view.textContent()).toBe(texts[language].viewList);
      await view.click();
      await page.waitForURL(`${origin}/${language}/user/sampleList`);
      await expect.poll(() => page.locator(".sample-list__items").textContent()).toContain(product.partNumber!);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
