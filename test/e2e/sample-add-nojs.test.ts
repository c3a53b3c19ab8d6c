// "Add to sample list" with JavaScript off (controls work without JavaScript): an anonymous
// visitor goes to the login page and, signed in there (also without JavaScript), back to the product page;
// then the button adds the part through the sample list's route action and the page shows the outcome
// beside it, from a detail page and from a finder row (its query kept). Every page here is a fresh document.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";
import { sampleableProducts, waitForSmsCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("add to sample list without JavaScript", () => {
  it("signs an anonymous visitor in and back, then adds from a detail page and a finder row", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const products = await sampleableProducts(context, "en");
    const detail = products[2]!;
    const inRow = products.find((product) => product.parentId === detail.parentId && product.id !== detail.id)!;
    const detailPath = `/productAndService/productDetail/${encodeURIComponent(detail.partNumber!)}`;
    const detailButton = page.locator(".add-sample__button:not(.add-sample__button--compact)").first();
    const detailStatus = page.locator(".product-hero__actions .add-sample__status");

    // Anonymous: the button leads to the login page with this page as `path`.
    await page.goto(`${origin}/en${detailPath}`);
    await detailButton.click();
    await page.waitForURL(`${origin}/en/login?path=${encodeURIComponent(`${detailPath}?addSample=${detail.id}`)}`);

    // Sign in with the SMS code, the login form posting to itself; it returns to the product page.
    const phone = "13700137004";
    await page.locator('input[name="target"]').fill(phone);
    await page.locator('input[name="agree"]').check();
    await page.locator('button[value="send"]').click();
    await page.waitForLoadState("load");
    const code = await waitForSmsCode(phone);
    await page.locator('input[name="target"]').fill(phone);
    await page.locator('input[name="code"]').fill(code);
    await page.locator('input[name="agree"]').check();
    await page.locator(".login-form__submit").click();
    // Back with the part it asked for: without JavaScript the page asks for one more press.
    await page.waitForURL(`${origin}/en${detailPath}?addSample=${detail.id}`);
    expect(await detailStatus.textContent()).toBe(`Signed in. Press the button again to add ${detail.partNumber} to the sample list.`);

    // Signed in: added, back on the same page with the outcome beside the button.
    await detailButton.click();
    await page.waitForURL(`${origin}/en${detailPath}?sampleAdd=${detail.id}-success`);
    expect(await detailStatus.textContent()).toBe("add success");
    expect(await detailStatus.isVisible()).toBe(true);
    // A way on to the list.
    expect(await page.locator(".product-hero__actions .add-sample__view").getAttribute("href")).toBe("/en/user/sampleList");
    // Again: SPEC §5's message, nothing added twice.
    await detailButton.click();
    await page.waitForURL(`${origin}/en${detailPath}?sampleAdd=${detail.id}-selected`);
    expect(await detailStatus.textContent()).toBe("The product has been selected");

    // From a finder row: back to the finder with its own query, the row saying so.
    const finder = `/productAndService/products/${detail.parentId}?size=50`;
    await page.goto(`${origin}/en${finder}`);
    const row = page.locator("tbody tr", { has: page.getByRole("link", { name: inRow.partNumber!, exact: true }) });
    await row.locator(".add-sample__button--compact").click();
    await page.waitForURL((url) => url.pathname === `/en/productAndService/products/${detail.parentId}` && url.searchParams.get("sampleAdd") === `${inRow.id}-success`);
    expect(new URL(page.url()).searchParams.get("size")).toBe("50");
    expect(await row.locator(".add-sample__status").textContent()).toBe("add success");

    // Both are in the list.
    await page.goto(`${origin}/en/user/sampleList`);
    const listed = (await page.locator(".sample-list__items").textContent()) ?? "";
    expect(listed).toContain(detail.partNumber!);
    expect(listed).toContain(inRow.partNumber!);
    expect(await page.locator(".sample-row").count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
