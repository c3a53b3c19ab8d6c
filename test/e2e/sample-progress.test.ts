// Progress at a glance and cancelling, in a real browser from cold loads at 1440 and 390 px in both
// languages: the status tabs with their counts, a shipped order's tracking number linked to the carrier's
// page, a pending order cancelled (with a reason) from its page, and "order again" filling the sample list.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { axeViolations, sampleableProducts, waitForSmsCode } from "./sample-helpers.ts";

const run = promisify(execFile);
const origin = inject("origin");
const dataDir = inject("dataDir");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const texts = {
  zh: { cancelled: "已取消", open: "取消订单", again: "再次申请", sf: "顺丰速运" },
  en: { cancelled: "Cancelled", open: "Cancel the order", again: "Order again", sf: "SF Express" },
} as const;

/** A sample order through the site's /api with the context's session: one part, the saved address. */
async function order(context: BrowserContext, language: "zh" | "en", siteListId: number, addressId: number) {
  const post = async (call: string, data: Record<string, unknown>) => {
    const response = await context.request.post(`${origin}/api/proxy/qingyun/basic/${call}`, {
      headers: { origin },
      data: { language, websiteCode: "qingyun", ...data },
    });
    const json = await response.json();
    if (!json.success) throw new Error(`${call}: ${JSON.stringify(json)}`);
    return json.data;
  };
  await post("sampleOrder/addSampleProduct", { siteListId });
  const applicant = { name: "Lin Hao", phone: "13800138000", email: `progress.${language}@example.com`, companyName: "Xiamen Grid Power", position: "Engineer" };
  return (await post("sampleOrder/submitSampleOrder", { applicant, sampleUse: "Evaluation in a 30 kW charger module.", addressId, evaluationOnly: true }))
    .orderNumber as string;
}

describe("sample progress at a glance", () => {
  for (const [language, width, phone] of [
    ["zh", 1440, "13300133009"],
    ["en", 390, "13300133010"],
  ] as const) {
    it(`counts, tracks, cancels and orders again (${language}, ${width} px)`, async () => {
      const t = texts[language];
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/user/sampleProgress`);
      await page.waitForURL((url) => url.pathname === `/${language}/login`);
      await hydrated(page);
      await page.locator('input[name="target"]').fill(phone);
      await page.locator('input[name="agree"]').check();
      await page.locator('button[value="send"]').click();
      await page.locator('button[value="send"]', { hasText: /^\d+ s$/ }).waitFor();
      await page.locator('input[name="code"]').fill(await waitForSmsCode(phone));
      await page.locator(".login-form__submit").click();
      await page.waitForURL(`${origin}/${language}/user/sampleProgress`);

      const saved = await context.request.post(`${origin}/api/proxy/qingyun/basic/userAddress/saveShippingAddress`, {
        headers: { origin },
        data: {
          language,
          websiteCode: "qingyun",
          recipient: "Lin Hao",
          phone: "13800138000",
          country: "CN",
          provinceCode: "350000",
          cityCode: "350200",
          districtCode: "350203",
          street: "Software Park Phase II, 8",
          postalCode: "361008",
        },
      });
      const addressId = (await saved.json()).data[0].ID as number;
      const [first, second] = await sampleableProducts(context, language);
      const shippedOrder = await order(context, language, first!.id, addressId);
      const pendingOrder = await order(context, language, second!.id, addressId);
      const cli = (...args: string[]) =>
        run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), ...args], { env: { ...process.env, DATA_DIR: dataDir }, timeout: 15_000 });
      await cli("advance", shippedOrder);
      await cli("advance", shippedOrder, "--carrier", "SF Express", "--tracking", "SF7654321098765");

      // A cold load: the tabs count, the shipped order links its tracking number to SF Express.
      await page.goto(`${origin}/${language}/user/sampleProgress`);
      await hydrated(page);
      // The tabs in the order of shared/samples/order-status.ts: all, pending, inStock, shipped…
      const tab = (status: string) => page.locator(".status-tabs__tab").nth(["all", "pending", "inStock", "shipped"].indexOf(status));
      expect(await tab("all").locator(".status-tabs__count").textContent()).toMatch(/2$/);
      expect(await tab("shipped").locator(".status-tabs__count").textContent()).toMatch(/1$/);
      const tracking = page.locator(".order-card", { hasText: shippedOrder }).locator(".tracking a");
      expect(await tracking.getAttribute("href")).toBe("https://www.sf-express.com/chn/sc/waybill/waybill-detail/SF7654321098765");
      expect(await page.locator(".order-card", { hasText: shippedOrder }).textContent()).toContain(t.sf);
      expect(await axeViolations(page, "sampleProgress")).toEqual([]);

      // Cancel the pending one from its page, with a reason.
      await page.goto(`${origin}/${language}/user/orderDetail/${pendingOrder}`);
      await hydrated(page);
      await page.locator(".order-cancel summary", { hasText: t.open }).click();
      expect(await axeViolations(page, "orderDetail, cancel open")).toEqual([]);
      await page.locator('.order-cancel textarea[name="reason"]').fill("Project postponed");
      await page.locator('.order-cancel button[type="submit"]').click();
      await expect.poll(() => page.locator(".order-summary .status-badge").textContent()).toBe(t.cancelled);
      expect(await page.locator(".order-timeline").textContent()).toContain("Project postponed");
      expect(await page.locator(".order-cancel").count()).toBe(0);

      // Order again: its part goes back into the sample list.
      await page.locator(".order-again button", { hasText: t.again }).click();
      await page.waitForURL(`${origin}/${language}/user/sampleList`);
      await expect.poll(() => page.locator(".sample-list__items").textContent()).toContain(second!.partNumber!);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
