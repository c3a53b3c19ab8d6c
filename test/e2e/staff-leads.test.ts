// A visitor's text in the staff console is always text: a contact message and a download request with
// <script> and javascript: links in every field are opened in Chromium (the inbox, both lead pages, both
// languages) and nothing runs, nothing becomes a link, and the words show as typed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase } from "../../server/upstream/db.ts";
import { launchBrowser, watchProblems } from "./browser.ts";
import { addVirtualAuthenticator, linkIn, startConsoleProcess, type ConsoleProcess } from "./staff-console-helpers.ts";

const hostile = (field: string) =>
  `<script>window.__pwned="${field}"</script><img src=x onerror="window.__pwned='${field}'"><a href="javascript:window.__pwned='${field}'">${field}</a> javascript:alert(1)`;

let browser: Browser;
let consoleProcess: ConsoleProcess;
const ids = { message: 0, download: 0 };
beforeAll(async () => {
  [browser, consoleProcess] = await Promise.all([launchBrowser(), startConsoleProcess()]);
  // Stored straight in the database: the public forms refuse markup in names, but nothing may rely on that.
  const db = openDatabase(consoleProcess.dataDir);
  const now = Date.now();
  ids.message = Number(
    db
      .prepare("INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at) VALUES (?, ?, ?, ?, ?, 'zh', 'h', ?)")
      .run(hostile("name"), hostile("phone"), hostile("email"), hostile("company"), hostile("content"), now).lastInsertRowid,
  );
  ids.download = Number(
    db
      .prepare(
        "INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'en', 'h', ?)",
      )
      .run(hostile("document"), hostile("dname"), hostile("dphone"), hostile("demail"), hostile("dcompany"), hostile("position"), hostile("demand"), now).lastInsertRowid,
  );
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
});

describe("a visitor's text in the staff console", () => {
  it("never runs and never links, in the inbox and on both lead pages, in both languages", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await addVirtualAuthenticator(context, page);
    await page.goto(linkIn(await consoleProcess.staff("add", "sales@qingyun-power.com", "--role", "sales")));
    await page.getByRole("button", { name: "创建通行密钥" }).click();
    await page.waitForURL(`${consoleProcess.origin}/zh`);

    for (const path of ["/zh/leads", "/en/leads", `/zh/leads/message/${ids.message}`, `/en/leads/download/${ids.download}`]) {
      await page.goto(consoleProcess.origin + path);
      await page.locator("main h1").waitFor();
      expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned), path).toBeUndefined();
      // Only the console's own links: none of the visitor's, and no javascript: address anywhere.
      expect(await page.locator('a[href^="javascript:"]').count(), path).toBe(0);
      expect(await page.locator("main img").count(), path).toBe(0);
      expect(await page.locator("script").evaluateAll((scripts) => scripts.map((s) => s.getAttribute("src") ?? "inline")), path).toEqual([]);
      // The words themselves are shown as typed.
      expect(await page.locator("main").textContent(), path).toContain('<script>window.__pwned="');
    }
    await page.goto(`${consoleProcess.origin}/zh/leads/message/${ids.message}`);
    for (const field of ["name", "phone", "email", "company", "content"]) await page.getByText(hostile(field), { exact: true }).first().waitFor();
    await page.goto(`${consoleProcess.origin}/en/leads/download/${ids.download}`);
    for (const field of ["dname", "dphone", "demail", "dcompany", "position", "document", "demand"])
      await page.getByText(hostile(field), { exact: true }).first().waitFor();
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
