// Part watches in a real browser, both languages: a signed-in visitor watches a part with the product page's
// button, staff publish a notice with the real CLI, and the e-mail's one-click unsubscribe link is opened cold
// (a new browser context, no session) and used; the page hydrates without a warning and says it is done, and
// a second visit says it was already done. The notices' Atom feed parses as XML in the browser's own parser.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { hydrated, launchBrowser, watchProblems } from "./browser.ts";
import { waitForMailedCode } from "./sample-helpers.ts";
import { fromMailTo } from "./mailbox.ts";

const run = promisify(execFile);
const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The List-Unsubscribe URL of the notice e-mail to this address (the mailbox global-setup.ts writes). */
function unsubscribeLinkMailedTo(address: string): Promise<string> {
  return fromMailTo(address, (mail) => {
    const head = mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const link = /^List-Unsubscribe: <([^>]+)>/im.exec(head)?.[1];
    return link && /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im.test(head) ? link : undefined;
  });
}

describe("watching a part and unsubscribing from the e-mail's link", () => {
  for (const language of ["en", "zh"] as const) {
    it(`watches with the product page's button and unsubscribes cold from the e-mail (${language})`, async () => {
      const address = `e2e.watcher.${language}@example.com`;
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const english = { language: "en", websiteCode: "qingyun" };
      expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...english, email: address } })).status()).toBe(200);
      const code = await waitForMailedCode(address);
      expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...english, email: address, code } })).status()).toBe(200);
      const page = await context.newPage();
      const problems = watchProblems(page);
      await page.goto(`${origin}/${language}/productAndService/productDetail/QCD10065T2`);
      await hydrated(page);
      // A plain form: a document POST to the watch page's action, which comes back to this page.
      await page.locator(".product-hero__watch button").click();
      await expect.poll(async () => (await context.request.get(`${origin}/${language}/user/watches`)).text()).toContain("QCD10065T2");
      await hydrated(page);
      expect(page.url()).toBe(`${origin}/${language}/productAndService/productDetail/QCD10065T2`);
      await page.goto(`${origin}/${language}/user/watches`);
      await hydrated(page);
      await expect.poll(() => page.locator(".watch-list").textContent()).toContain("QCD10065T2");
      expect(problems).toEqual([]);
      await context.close();

      await run(process.execPath, ["server/upstream/cli/notices.ts", "publish", "PCN-2026-003"], {
        env: { ...process.env, DATA_DIR: inject("dataDir"), NOTICE_MAIL_SECRET: inject("noticeMailSecret") },
      });
      const link = await unsubscribeLinkMailedTo(address);
      expect(link.startsWith(`${origin}/${language}/unsubscribe?token=`)).toBe(true);

      // Cold: a new context, no session, straight from the e-mail.
      const cold = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const coldPage = await cold.newPage();
      const coldProblems = watchProblems(coldPage);
      await coldPage.goto(link);
      await hydrated(coldPage);
      await coldPage.locator("main form button[type=submit]").click();
      await expect
        .poll(() => coldPage.locator("main [role=status]").textContent())
        .toBe(language === "en" ? "Done: this mailbox gets no more notice e-mails." : "已退订：此邮箱将不再收到通知邮件。");
      const again = await cold.newPage();
      const againProblems = watchProblems(again);
      await again.goto(link);
      await hydrated(again);
      await again.locator("main form button[type=submit]").click();
      await expect.poll(() => again.locator("main [role=status]").textContent()).toContain(language === "en" ? "already unsubscribed" : "此前已退订");
      expect(coldProblems).toEqual([]);
      expect(againProblems).toEqual([]);

      // The Atom feed is well-formed XML in the Atom namespace (the browser's own parser).
      const feed = await (await cold.request.get(`${origin}/${language}/support/notices/feed.atom?part=QCD10065T2`)).text();
      const parsed = await coldPage.evaluate((xml) => {
        const doc = new DOMParser().parseFromString(xml, "application/xml");
        return { error: doc.getElementsByTagName("parsererror").length, ns: doc.documentElement.namespaceURI, entries: doc.getElementsByTagName("entry").length };
      }, feed);
      expect(parsed).toEqual({ error: 0, ns: "http://www.w3.org/2005/Atom", entries: 1 });
      await cold.close();
    });
  }
});
