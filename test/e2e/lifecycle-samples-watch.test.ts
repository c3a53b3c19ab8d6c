// The lifecycle in the sample list and the watch controls of the finder and compare, in a real browser from cold
// loads, both languages: a part not recommended for new designs goes through the sample list's confirm step (with
// JavaScript and without), the list shows each line's lifecycle badge; a signed-out visitor's row control leads to
// sign-in and back to the same finder page, a signed-in one watches from a finder row and a compare column and
// comes back to the same page. Every page is axe-clean and hydrates without a warning.
// docs/decisions/026-lifecycle-and-change-notices.md, docs/decisions/038-watch-controls-on-finder-and-compare.md.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { axeViolations, waitForMailedCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A context signed in by e-mail code through the API (the sign-in page has its own tests). */
async function signedIn(address: string, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1440, height: 900 } });
  const english = { language: "en", websiteCode: "qingyun" };
  expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...english, email: address } })).status()).toBe(200);
  const code = await waitForMailedCode(address);
  expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...english, email: address, code } })).status()).toBe(200);
  return context;
}

const NRND = "QCD06065T2";
const REPLACEMENT = "QCD10065T2";
const texts = {
  en: { confirm: `Add ${NRND}, a part not recommended for new designs?`, anyway: `Add ${NRND} anyway`, added: "add success", badge: "NRND", signIn: "Sign in to watch" },
  zh: { confirm: `添加不推荐用于新设计的 ${NRND}？`, anyway: `仍然添加 ${NRND}`, added: "添加成功", badge: "不推荐新设计", signIn: "登录后关注" },
} as const;

describe("a part not recommended for new designs asks before it is sampled", () => {
  for (const language of ["en", "zh"] as const) {
    it(`goes through the confirm step from the product page and shows the badge on the list (${language})`, async () => {
      const context = await signedIn(`e2e.nrnd.${language}@example.com`);
      const page = await context.newPage();
      const problems = watchProblems(page);
      const detail = `/${language}/productAndService/productDetail/${NRND}`;
      await page.goto(`${origin}${detail}`);
      await hydrated(page);
      await page.locator(".product-hero__actions .add-sample__button").click();
      // The confirm step, without a refused request: the state, the replacement, and the way back.
      await page.waitForURL(`${origin}/${language}/user/sampleList?confirm=${NRND}&path=${encodeURIComponent(detail.slice(3))}`);
      await hydrated(page);
      const step = page.locator(".sample-confirm");
      expect(await step.locator("h2").textContent()).toBe(texts[language].confirm);
      expect(await step.locator(`a[href="/${language}/productAndService/productDetail/${REPLACEMENT}"]`).count()).toBe(1);
      expect(await axeViolations(page, `confirm step ${language}`)).toEqual([]);
      await step.getByRole("button", { name: texts[language].anyway }).click();
      // Added, back on the product page with the outcome beside the button.
      await page.waitForURL(`${origin}${detail}?sampleAdd=*`);
      await expect.poll(() => page.locator(".product-hero__actions .add-sample__status").textContent()).toBe(texts[language].added);
      await page.goto(`${origin}/${language}/user/sampleList`);
      await hydrated(page);
      const row = page.locator(".sample-row", { hasText: NRND });
      expect(await row.locator(".lifecycle-badge--nrnd").textContent()).toBe(texts[language].badge);
      expect(await page.locator(".sample-confirm").count()).toBe(0);
      expect(await axeViolations(page, `sample list ${language}`)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("works without JavaScript: the button's post leads to the confirm step, whose form adds the part", async () => {
    const context = await signedIn("e2e.nrnd.nojs@example.com", false);
    const page = await context.newPage();
    const problems = watchProblems(page);
    const detail = `/productAndService/productDetail/${NRND}`;
    await page.goto(`${origin}/en${detail}`);
    await page.locator(".product-hero__actions .add-sample__button").click();
    await page.waitForURL(`${origin}/en/user/sampleList?confirm=${NRND}&path=${encodeURIComponent(detail)}`);
    await page.getByRole("button", { name: texts.en.anyway }).click();
    await page.waitForURL(`${origin}/en${detail}?sampleAdd=*`);
    expect(await page.locator(".product-hero__actions .add-sample__status").textContent()).toBe(texts.en.added);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("watching from finder rows and compare columns", () => {
  const finder = "/productAndService/products/200";
  const compare = `/productAndService/compare?parts=${REPLACEMENT},QCD10065B2A`;

  for (const language of ["en", "zh"] as const) {
    it(`signs a signed-out visitor in back to the same page, and watches from a row and a column once signed in (${language})`, async () => {
      const anonymous = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const cold = await anonymous.newPage();
      const coldProblems = watchProblems(cold);
      await cold.goto(`${origin}/${language}${finder}`);
      await hydrated(cold);
      const link = cold.locator("td a.part-watch").first();
      expect(await link.textContent()).toContain(texts[language].signIn);
      expect(await axeViolations(cold, `finder signed out ${language}`)).toEqual([]);
      await link.click();
      await cold.waitForURL(`${origin}/${language}/login?path=${encodeURIComponent(finder)}`);
      expect(coldProblems).toEqual([]);
      await anonymous.close();

      const context = await signedIn(`e2e.rowwatch.${language}@example.com`);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}${finder}`);
      await hydrated(page);
      const row = page.locator("tbody tr", { has: page.locator(`a[href="/${language}/productAndService/productDetail/${REPLACEMENT}"]`) });
      await row.locator("form.part-watch button").click();
      await page.waitForURL(`${origin}/${language}${finder}`);
      await hydrated(page);
      expect(await axeViolations(page, `finder signed in ${language}`)).toEqual([]);

      await page.goto(`${origin}/${language}${compare}`);
      await hydrated(page);
      expect(await axeViolations(page, `compare signed in ${language}`)).toEqual([]);
      await page
        .locator("form.part-watch", { has: page.locator('input[name="parts"][value="QCD10065B2A"]') })
        .locator("button")
        .click();
      await page.waitForURL(`${origin}/${language}${compare}`);
      await hydrated(page);
      const watched = await (await context.request.get(`${origin}/${language}/user/watches`)).text();
      for (const part of [REPLACEMENT, "QCD10065B2A"]) expect(watched).toContain(part);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
