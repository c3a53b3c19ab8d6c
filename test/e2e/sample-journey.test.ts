// The whole sample journey in a real browser, in both languages: from a cold load of the sample
// list, redirected to sign in with an SMS code on the login page, two products added (a finder row, a detail
// page), a quantity changed, the application submitted and shown pending, the order advanced by the staff CLI to shipped ("Sent" and the tracking number in the
// timeline), the e-mail in the SMTP sink, sign-out from the order page back to the language home; axe on
// the login page and the three user pages.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, watchProblems, hydrated } from "./browser.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { sampleableProducts, waitForSmsCode } from "./sample-helpers.ts";

const run = promisify(execFile);
const origin = inject("origin");
const mailbox = inject("mailbox");
const dataDir = inject("dataDir");

const cliPath = path.resolve("server/upstream/cli/orders.ts");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Mail {
  to: string;
  subject: string;
  text: string;
}

function readMailbox(): Mail[] {
  return readdirSync(mailbox)
    .sort()
    .map((file) => {
      const content = readFileSync(path.join(mailbox, file), "utf8");
      const [first = "", ...rest] = content.split("\r\n");
      return { to: first.replace("X-Envelope-To: ", ""), ...decodeMail(rest.join("\r\n")) };
    });
}

/** Waits (bounded) for the newest mail to `to` that `match` accepts. */
async function waitForMail(to: string, match: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMailbox()
      .filter((mail) => mail.to === to && match(mail))
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No matching mail to ${to}`);
}

async function expectNoAxeViolations(page: Page, label: string) {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })).violations;
  })) as Array<{ id: string; help: string; nodes: { target: string[] }[] }>;
  expect(violations.map((v) => `${label} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Two products that can be sampled, from the product tree the site serves. */
async function twoProducts(context: BrowserContext, language: "zh" | "en") {
  return (await sampleableProducts(context, language)).slice(0, 2);
}

const texts = {
  zh: { emailTab: "邮箱验证码登录", agree: "请先阅读并同意", pending: "待处理", sent: "已发货", shippedSubject: "状态更新：已发货" },
  en: { emailTab: "E-mail + code", agree: "Please read and agree", pending: "Processed/Pending", sent: "Sent", shippedSubject: ": Sent" },
} as const;

describe("the sample journey", () => {
  for (const [language, width] of [
    ["zh", 1440],
    ["en", 390],
  ] as const) {
    it(`goes from sign-in to a shipped, e-mailed order and back home (${language}, ${width} px)`, async () => {
      const t = texts[language];
      const address = `journey.${language}@example.com`;
      const phone = language === "zh" ? "13800138001" : "13900139002";
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);

      // Sign in the way most visitors do: a typed link to a signed-in page, the server's guard redirects to
      // the login page (the first document loaded), the SMS code (the console sender prints it to the server log).
      await page.goto(`${origin}/${language}/user/sampleList`);
      await page.waitForURL(`${origin}/${language}/login?path=%2Fuser%2FsampleList`);
      await hydrated(page);
      await expectNoAxeViolations(page, "login");
      await page.locator('input[name="target"]').fill(phone);
      await page.locator('button[value="send"]').click();
      // The agreement comes first: the refusal is announced in the live region.
      await expect.poll(() => page.locator('[role="status"]').first().textContent()).toContain(t.agree);
      await expectNoAxeViolations(page, "login with an error");
      await page.locator('input[name="agree"]').check();
      await page.locator('button[value="send"]').click();
      await page.locator('button[value="send"]', { hasText: /^\d+ s$/ }).waitFor();
      const code = await waitForSmsCode(phone);
      await page.locator('input[name="code"]').fill(code);
      await page.locator(".login-form__submit").click();
      await page.waitForURL(`${origin}/${language}/user/sampleList`);
      // Signed in without a reload: the header shows the account (the login document had no session).
      await expect.poll(() => page.locator(".user-menu__toggle").textContent()).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

      // Two products into the sample list: one from a finder row, one from its detail page. The list lives
      // in the upstream, so the count in the header follows it.
      const [first, second] = await twoProducts(context, language);
      await page.goto(`${origin}/${language}/productAndService/products/${first!.parentId}`);
      await hydrated(page);
      const row = page.locator("tbody tr", { has: page.getByRole("link", { name: first!.partNumber!, exact: true }) });
      const addedFromRow = page.waitForResponse((response) => response.url().includes("addSampleProduct") && response.status() === 200);
      await row.locator(".add-sample__button").click();
      await addedFromRow;
      await page.goto(`${origin}/${language}/productAndService/productDetail/${encodeURIComponent(second!.partNumber!)}`);
      await hydrated(page);
      const addedFromDetail = page.waitForResponse((response) => response.url().includes("addSampleProduct") && response.status() === 200);
      await page.locator(".add-sample__button:not(.add-sample__button--compact)").first().click();
      await addedFromDetail;
      await expect.poll(() => page.locator(".user-menu__count").textContent()).toContain("2");
      await page.locator(".user-menu__toggle").click();
      await page.locator(".user-menu__list a").first().click();
      await page.waitForURL(`${origin}/${language}/user/sampleList`);
      await page.locator(".sample-row").nth(1).waitFor();
      expect(await page.locator(".sample-row").count()).toBe(2);
      const listed = (await page.locator(".sample-list__items").textContent()) ?? "";
      expect(listed).toContain(first!.partNumber!);
      expect(listed).toContain(second!.partNumber!);
      await expectNoAxeViolations(page, "sampleList");

      // Change a quantity (saved without a reload).
      const saved = page.waitForResponse((response) => response.url().includes("modifySampleProduct") && response.status() === 200);
      // The change revalidates the page's loader, whose calls are POSTs too: they finish before posts are counted.
      const revalidated = Promise.all(
        ["queryOrderList", "queryUserInfoById", "queryShippingAddresses"].map((call) => page.waitForResponse((response) => response.url().includes(call))),
      );
      await page.locator(".sample-row select").first().selectOption("3");
      await saved;
      await revalidated;

      // Submit the application; the form is prefilled with the account's mobile number.
      expect(await page.locator('input[name="phone"]').inputValue()).toBe(phone);
      // Sent empty, the browser marks every wrong field at once (the shared schema) and posts nothing.
      await page.locator('input[name="phone"]').fill("12345");
      let posted = 0;
      const countPosts = (request: { method: () => string }) => {
        if (request.method() === "POST") posted += 1;
      };
      page.on("request", countPosts);
      await page.locator('.applicant button[type="submit"]').click();
      const fields = ["name", "phone", "email", "companyName", "position", "sampleUse"];
      await expect.poll(() => page.locator('.applicant [aria-invalid="true"]').count()).toBe(fields.length);
      for (const name of fields) {
        const control = page.locator(`.applicant [name="${name}"]`);
        expect(await control.getAttribute("aria-invalid"), name).toBe("true");
        const describedBy = await control.getAttribute("aria-describedby");
        expect(describedBy, name).toBeTruthy();
        expect((await page.locator(`[id="${describedBy}"]`).textContent())?.trim(), name).toBeTruthy();
      }
      // The first wrong field has the focus.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
      page.off("request", countPosts);
      expect(posted).toBe(0);
      await expectNoAxeViolations(page, "sampleList with errors");

      // Where to ship: no address yet, so one is added on the account page, which comes back to the list.
      await page.locator(".shipping-choice a").click();
      await page.waitForURL(`${origin}/${language}/user/account?back=sampleList#addresses`);
      await page.locator('input[name="recipient"]').fill(language === "zh" ? "陈晓东" : "Daniel Chen");
      await page.locator('.address-form input[name="phone"]').fill(phone);
      // Each region choice posts the form back for the next list (no region list travels with the page).
      await page.locator('select[name="provinceCode"]').selectOption("440000");
      await page.locator('select[name="cityCode"] option[value="440300"]').waitFor({ state: "attached" });
      await page.locator('select[name="cityCode"]').selectOption("440300");
      await page.locator('select[name="districtCode"] option[value="440305"]').waitFor({ state: "attached" });
      await page.locator('select[name="districtCode"]').selectOption("440305");
      // What was typed before the choices is still there.
      expect(await page.locator('input[name="recipient"]').inputValue()).toBe(language === "zh" ? "陈晓东" : "Daniel Chen");
      await page.locator('input[name="street"]').fill("科技园南区 高新南七道 8 号");
      await page.locator('input[name="postalCode"]').fill("51805");
      await page.locator('button[value="address-save"]').click();
      // A wrong postal code is caught before posting, beside its field.
      await expect.poll(() => page.locator('input[name="postalCode"]').getAttribute("aria-invalid")).toBe("true");
      await expectNoAxeViolations(page, "account with an error");
      await page.locator('input[name="postalCode"]').fill("518057");
      await page.locator('button[value="address-save"]').click();
      await page.waitForURL(`${origin}/${language}/user/sampleList`);
      await expect.poll(() => page.locator('.shipping-choice input[name="addressId"]:checked').count()).toBe(1);
      expect(await page.locator(".shipping-choice").textContent()).toContain("广东省 深圳市 南山区");
      await page.locator('input[name="phone"]').fill(phone);
      await page.locator('input[name="email"]').fill(address);
      await page.locator('input[name="name"]').fill(language === "zh" ? "陈晓东" : "Daniel Chen");
      await page.locator('input[name="companyName"]').fill(language === "zh" ? "深圳华储能源科技有限公司" : "Shenzhen Huachu Energy Technology Co., Ltd.");
      await page.locator('input[name="position"]').fill(language === "zh" ? "电源研发工程师" : "Power electronics engineer");
      await page
        .locator('textarea[name="sampleUse"]')
        .fill(
          language === "zh"
            ? "评估 1200 V 碳化硅 MOSFET 在 125 kW 储能变流器中的开关损耗与热性能。"
            : "Evaluating switching losses and thermal behaviour in a 125 kW energy-storage inverter.",
        );
      // The stated rules need their confirmation: without it nothing is posted and the box says why.
      await page.locator('.applicant button[type="submit"]').click();
      await expect.poll(() => page.locator('input[name="evaluationOnly"]').getAttribute("aria-invalid")).toBe("true");
      await page.locator('input[name="evaluationOnly"]').check();
      await page.locator('.applicant button[type="submit"]').click();
      await page.waitForURL(/\/user\/sampleProgress\?submitted=QY\d{8}-\d{4}$/);
      const orderNumber = new URL(page.url()).searchParams.get("submitted")!;
      await expect.poll(() => page.locator(".user-notice").textContent()).toContain(orderNumber);
      await expect.poll(() => page.locator(".order-card").first().textContent()).toContain(t.pending);
      await expect.poll(() => page.locator(".order-card").first().textContent()).toMatch(/× 3/);
      // The list became the order: the header's count is gone with it.
      await expect.poll(() => page.locator(".user-menu__count").count()).toBe(0);
      await expectNoAxeViolations(page, "sampleProgress");

      // Staff move it to shipped with the CLI on the server's database.
      const cli = (...args: string[]) => run(process.execPath, [cliPath, ...args], { env: { ...process.env, DATA_DIR: dataDir }, timeout: 15_000 });
      await cli("advance", orderNumber, "--note", "Samples picked");
      const tracking = `SF${Date.now().toString().slice(-10)}`;
      await cli("advance", orderNumber, "--carrier", "SF Express", "--tracking", tracking);

      await page.locator(".order-card__number a").first().click();
      await page.waitForURL(`${origin}/${language}/user/orderDetail/${orderNumber}`);
      const shippedMail = await waitForMail(address, (mail) => mail.subject.includes(orderNumber) && mail.subject.includes(t.shippedSubject));
      expect(shippedMail.text).toContain(tracking);
      const link = `${origin}/${language}/user/orderDetail/${orderNumber}`;
      expect(shippedMail.text).toContain(link);

      // The order page as the e-mail's link opens it: a cold document load.
      await page.goto(link);
      await hydrated(page);
      const timeline = (await page.locator(".order-timeline").textContent()) ?? "";
      expect(timeline).toContain(t.sent);
      expect(timeline).toContain(tracking);
      await expectNoAxeViolations(page, "orderDetail");

      // Sign out from the order page: back to the language home, signed out, the list's count gone.
      await page.locator(".user-menu__toggle").click();
      await page.locator(".user-menu__list button").click();
      await page.waitForURL(`${origin}/${language}`);
      await page.locator(".site-header__signin").waitFor();
      expect(await page.locator(".user-menu__count").count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
