import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { fromMailTo } from "./mailbox.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The confirmation link of the latest confirmation e-mail to this address (the mailbox global-setup.ts writes). */
function confirmationLinkMailedTo(address: string): Promise<{ link: string; subject: string }> {
  return fromMailTo(
    address,
    (mail) => {
      const { subject, text } = decodeMail(mail.slice(mail.indexOf("\n") + 1));
      const link = /(https?:\/\/\S+\/subscribe\/confirm\?token=\S+)/.exec(text)?.[1];
      return link ? { link, subject } : undefined;
    },
    "newest",
  );
}

const texts = {
  en: {
    summary: "Or get notices by e-mail, without an account",
    sent: "We sent a confirmation link to",
    subject: "Please confirm your Qingyun Power Semiconductor notice subscription",
    confirm: "Confirm subscription",
    done: "Confirmed:",
    remove: "Stop watching",
    none: "This address watches no parts.",
  },
  zh: {
    summary: "或无需注册，用邮箱订阅通知",
    sent: "确认链接已发送到",
    subject: "请确认订阅青云功率半导体的产品变更通知",
    confirm: "确认订阅",
    done: "订阅已确认",
    remove: "取消关注",
    none: "此邮箱没有关注任何型号。",
  },
} as const;

describe("subscribing by e-mail and confirming from the e-mail's link", () => {
  for (const language of ["en", "zh"] as const) {
    it(`subscribes from the product page and confirms cold from the e-mail (${language})`, async () => {
      const t = texts[language];
      const address = `e2e.subscriber.${language}.${Date.now()}@example.com`;
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/productAndService/productDetail/QCD10065T2`);
      await hydrated(page);
      await page.locator(".email-watch summary", { hasText: t.summary }).click();
      await page.locator(".email-watch input[name=email]").fill(address);
      await page.locator(".email-watch button[type=submit]").click();
      await expect.poll(() => page.locator("main [role=status]").textContent()).toContain(`${t.sent} ${address}`);
      await hydrated(page);
      expect(problems).toEqual([]);
      await context.close();

      const { link, subject } = await confirmationLinkMailedTo(address);
      expect(subject).toBe(t.subject);
      expect(link.startsWith(`${origin}/${language}/subscribe/confirm?token=c1.`)).toBe(true);

      // Cold: a new context, no session, straight from the e-mail.
      const cold = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const coldPage = await cold.newPage();
      const coldProblems = watchProblems(coldPage);
      const opened = await coldPage.goto(link);
      expect(opened?.status()).toBe(200);
      await hydrated(coldPage);
      await expect.poll(() => coldPage.locator("main .watch-list").textContent()).toContain("QCD10065T2");
      await coldPage.locator("main form button[type=submit]", { hasText: t.confirm }).click();
      await expect.poll(() => coldPage.locator("main [role=status]").textContent()).toContain(t.done);
      expect(new URL(coldPage.url()).pathname).toBe(`/${language}/subscribe/manage`);
      await expect.poll(() => coldPage.locator("main .watch-list").textContent()).toContain("QCD10065T2");
      await coldPage.locator("main .watch-list__remove button", { hasText: t.remove }).click();
      await expect.poll(() => coldPage.locator("main").textContent()).toContain(t.none);

      // The used link, opened again: its refusal in the page's language with 409, never a 500.
      const again = await cold.newPage();
      const againProblems = watchProblems(again);
      const reopened = await again.goto(link);
      expect(reopened?.status()).toBe(409);
      await hydrated(again);
      await expect.poll(() => again.locator("main [role=alert]").textContent()).toContain(language === "en" ? "already used" : "已使用");
      expect(coldProblems).toEqual([]);
      // The browser reports the document's own 409 on the console; nothing else may appear.
      expect(againProblems.filter((problem) => problem !== "error: Failed to load resource: the server responded with a status of 409 (Conflict)")).toEqual([]);
      await cold.close();
    });
  }
});
