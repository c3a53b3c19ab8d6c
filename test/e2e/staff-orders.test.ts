// The sample-order board in Chromium from a cold load: a sales member finds an order by the phone's last
// digits, opens it (an applicant's hostile text stays text), advances it and ships it with the forms; the
// history names the member; a viewer sees the order but no move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { openDatabase } from "../../server/upstream/db.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { launchBrowser, watchProblems } from "./browser.ts";
import { addVirtualAuthenticator, linkIn, startConsoleProcess, type ConsoleProcess } from "./staff-console-helpers.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const hostile = '<img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">x</a>';
let browser: Browser;
let consoleProcess: ConsoleProcess;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const mails: Array<{ to: string[]; subject: string; text: string }> = [];

beforeAll(async () => {
  smtp = await startSmtpSink(({ to, raw }) => mails.push({ to, ...decodeMail(raw) }));
  [browser, consoleProcess] = await Promise.all([launchBrowser(), startConsoleProcess({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })]);
  const db = openDatabase(consoleProcess.dataDir);
  db.prepare("INSERT INTO users (id, phone, created_at) VALUES (1, '13800138000', 0)").run();
  const now = Date.now();
  const id = Number(
    db
      .prepare(
        `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position, sample_use,
          language, created_at, updated_at) VALUES ('QY20261120-0007', 1, 'pending', 'k', ?, '13800134321', 'wang@example.cn', ?, ?, ?, 'zh', ?, ?)`,
      )
      .run(`王芳${hostile}`, `Greenfield ${hostile}`, hostile, hostile, now, now).lastInsertRowid,
  );
  db.prepare(
    "INSERT INTO sample_order_items (order_id, site_list_id, part_number, name_zh, name_en, family_zh, family_en, series_zh, series_en, quantity) VALUES (?, 99999999, 'QXX000OLD', '旧器件', 'Old device', '', '', '', '', 2)",
  ).run(id);
  db.prepare("INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (?, 'pending', 'customer', ?)").run(id, now);
  db.close();
});
afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
  await smtp?.close();
});

async function member(email: string, role: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await addVirtualAuthenticator(context, page);
  await page.goto(linkIn(await consoleProcess.staff("add", email, "--role", role)));
  await page.getByRole("button", { name: "创建通行密钥" }).click();
  await page.waitForURL(`${consoleProcess.origin}/zh`);
  return { context, page, problems };
}

describe("the sample-order board in the browser", () => {
  it("finds, opens and moves an order as sales; the history names the member; a viewer only reads", async () => {
    const sales = await member("sales@qingyun-power.com", "sales");
    const { page } = sales;
    await page.getByRole("link", { name: "样品订单", exact: true }).click();
    await page.getByRole("link", { name: "待处理 (1)" }).waitFor();
    await page.getByLabel("搜索").fill("4321");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.getByText("共 1 个订单").waitFor();
    await page.getByRole("link", { name: "QY20261120-0007" }).click();
    await page.getByRole("heading", { name: "订单 QY20261120-0007" }).waitFor();
    await page.getByText("QXX000OLD （已不可申请）").waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    await page.getByText(`Greenfield ${hostile}`, { exact: true }).waitFor();

    await page.getByLabel("备注").first().fill("已备货");
    await page.getByRole("button", { name: "推进到「备货中」" }).click();
    await page.getByText("已更新，申请人会收到邮件。").waitFor();
    await page.getByLabel("运单号").fill("SF1234567890");
    await page.getByRole("button", { name: "推进到「已发货」" }).click();
    await page.getByText("已更新，申请人会收到邮件。").waitFor();
    await page.getByRole("row", { name: /已发货.*SF Express SF1234567890.*sales@qingyun-power\.com/ }).waitFor();
    await page.getByRole("row", { name: /备货中.*已备货.*sales@qingyun-power\.com/ }).waitFor();
    // The applicant hears of each move as from the CLI: the running upstream's outbox sends it (it polls every 5 s).
    for (let tries = 0; tries < 120 && mails.length < 2; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [["wang@example.cn"], "样品订单 QY20261120-0007 状态更新：备货中"],
      [["wang@example.cn"], "样品订单 QY20261120-0007 状态更新：已发货"],
    ]);
    expect(mails[1]!.text).toContain("承运商：SF Express，运单号：SF1234567890");

    const viewer = await member("viewer@qingyun-power.com", "viewer");
    await viewer.page.goto(`${consoleProcess.origin}/en/orders/QY20261120-0007`);
    await viewer.page.getByText("Your role can only read.").waitFor();
    expect(await viewer.page.getByRole("button", { name: /Move to/ }).count()).toBe(0);
    expect([...sales.problems, ...viewer.problems]).toEqual([]);
    await sales.context.close();
    await viewer.context.close();
  });

  it("has no WCAG A/AA violations (axe-core) on the console's pages, in both languages", async () => {
    // bypassCSP: the console's CSP refuses inline scripts, and axe is injected as one.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    const failures: string[] = [];
    const check = async (target: Page, name: string) => {
      await target.addScriptTag({ content: axeSource });
      const violations = (await target.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
        const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
        return result.violations;
      })) as Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
      for (const violation of violations)
        failures.push(`${name} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    };
    await page.goto(`${consoleProcess.origin}/en/sign-in`);
    await check(page, "/en/sign-in");
    await page.goto(linkIn(await consoleProcess.staff("add", "admin@qingyun-power.com", "--role", "admin")));
    await check(page, "enrolment");
    await page.getByRole("button", { name: "创建通行密钥" }).click();
    await page.waitForURL(`${consoleProcess.origin}/zh`);
    for (const path of ["/zh", "/en/leads", "/zh/orders", "/en/orders/QY20261120-0007", "/zh/staff", "/en/audit"]) {
      await page.goto(consoleProcess.origin + path);
      await check(page, path);
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
