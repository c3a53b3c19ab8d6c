// A new document revision's e-mail in a real browser, both languages: a watcher of a part is mailed when staff
// publish a revision of its datasheet with the real CLI, and the e-mail's link to the revision's page is opened
// cold (a new browser context, no session). The page hydrates without a warning, says the revision is current
// and lists the history; following the history to the earlier revision says a newer one exists and offers that
// revision's permanent download. docs/decisions/040-document-revisions.md.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { addPartWatches, attachRevisionPath, callPath } from "../../shared/contract/index.ts";
import { decodeMail } from "../support/decode-mail.ts";
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

/** The revision page's link in the revision e-mail to this address (the mailbox global-setup.ts writes). */
function revisionLinkMailedTo(address: string): Promise<string> {
  return fromMailTo(address, (mail) => /https?:\/\/\S+\/support\/documents\/\S+\/rev\/\S+/.exec(decodeMail(mail).text)?.[0]);
}

describe("a revision e-mail's link, opened cold", () => {
  for (const language of ["en", "zh"] as const) {
    it(`shows the revision, its history and the earlier revision's download (${language})`, async () => {
      const address = `e2e.revisions.${language}@example.com`;
      const context = await browser.newContext();
      const english = { language: "en", websiteCode: "qingyun" };
      expect((await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...english, email: address } })).status()).toBe(200);
      const code = await waitForMailedCode(address);
      expect((await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...english, email: address, code } })).status()).toBe(200);
      const watch = await context.request.post(`${origin}/api${callPath(addPartWatches, "qingyun")}`, {
        data: { language, websiteCode: "qingyun", partNumbers: ["QCM040120K4"] },
      });
      expect(watch.status()).toBe(200);
      await context.close();

      await run(process.execPath, ["server/upstream/cli/notices.ts", "publish", "ds-qcm040120k4@1.1"], {
        env: { ...process.env, DATA_DIR: inject("dataDir"), NOTICE_MAIL_SECRET: inject("noticeMailSecret") },
      });
      const link = await revisionLinkMailedTo(address);
      expect(link).toBe(`${origin}/${language}/support/documents/ds-qcm040120k4/rev/1.1`);

      const cold = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await cold.newPage();
      const problems = watchProblems(page);
      await page.goto(link);
      await hydrated(page);
      await expect.poll(() => page.locator("#revision-notice").textContent()).toBe(language === "en" ? "Revision 1.1 of 2026-01-15" : "版本 1.1（2026-01-15）");
      expect(await page.locator("main").textContent()).toContain(language === "en" ? "This is the current revision." : "这是当前版本。");
      expect(await page.locator(".doc-revisions tbody tr").count()).toBe(2);

      // The history leads to the earlier revision (a client navigation after hydration).
      await page.locator(".doc-revisions tbody tr").nth(1).locator("a").click();
      await expect.poll(() => page.url()).toBe(`${origin}/${language}/support/documents/ds-qcm040120k4/rev/1.0`);
      await expect
        .poll(() => page.locator(".doc-revision-notice--superseded").textContent())
        .toContain(language === "en" ? "A newer revision exists: revision 1.1 of 2026-01-15." : "已有更新版本：版本 1.1（2026-01-15）。");
      const download = page.locator(".doc-revision-notice--superseded a.button");
      expect(await download.getAttribute("href")).toBe(`/api${attachRevisionPath("ds-qcm040120k4", "1.0")}`);
      const pdf = await cold.request.get(`${origin}/api${attachRevisionPath("ds-qcm040120k4", "1.0")}`);
      expect([pdf.status(), pdf.headers()["content-type"], pdf.headers().link]).toEqual([200, "application/pdf", '<1.1>; rel="latest-version"']);
      expect(problems).toEqual([]);
      await cold.close();
    });
  }
});
