// The staff console in Chromium from a cold load, in both languages: an admin made with `npm run staff`
// enrols a passkey through the single-use link (Chromium's virtual authenticator), is signed in, signs out,
// signs in again with the passkey; the used link is refused; a member disabled mid-session is refused at the
// next request; the session cookie is HttpOnly, SameSite=Strict and host-only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { openDatabase } from "../../server/upstream/db.ts";
import { launchBrowser, watchProblems } from "./browser.ts";
import { addVirtualAuthenticator, linkIn, startConsoleProcess, type ConsoleProcess } from "./staff-console-helpers.ts";

let browser: Browser;
let consoleProcess: ConsoleProcess;
beforeAll(async () => {
  [browser, consoleProcess] = await Promise.all([launchBrowser(), startConsoleProcess()]);
});
afterAll(async () => {
  await browser?.close();
  await consoleProcess?.stop();
});

describe("passkey sign-in to the staff console", () => {
  it("enrols through the link, signs out and signs in again with the passkey (zh), then in English", async () => {
    const link = linkIn(await consoleProcess.staff("add", "Admin@Qingyun-Power.com", "--role", "admin"));
    expect(link.startsWith(`${consoleProcess.origin}/zh/enrol?token=`)).toBe(true);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await addVirtualAuthenticator(context, page);

    await page.goto(link);
    await page.getByText("为 admin@qingyun-power.com 登记一个通行密钥").waitFor();
    await page.getByRole("button", { name: "创建通行密钥" }).click();
    await page.waitForURL(`${consoleProcess.origin}/zh`);
    await page.getByRole("heading", { name: "首页" }).waitFor();
    expect(await page.getByText("您的通行密钥：1 个").count()).toBe(1);

    const [cookie] = (await context.cookies()).filter((c) => c.name === "qy_staff");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", domain: "localhost", path: "/" });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3_600_000);

    await page.getByRole("button", { name: "退出登录", exact: true }).click();
    await page.waitForURL(`${consoleProcess.origin}/zh/sign-in`);
    await page.getByRole("button", { name: "使用通行密钥登录" }).click();
    await page.waitForURL(`${consoleProcess.origin}/zh`);
    await page.getByText("欢迎，admin@qingyun-power.com。").waitFor();

    // The link worked once.
    await page.goto(link);
    await page.getByText("此登记链接无效、已使用或已过期").waitFor();

    await page.getByRole("button", { name: "退出登录", exact: true }).click();
    await page.goto(`${consoleProcess.origin}/en/sign-in`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${consoleProcess.origin}/en`);
    await page.getByText("Welcome, admin@qingyun-power.com.").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en-US");
    // Each step is in the audit log, in order.
    const db = openDatabase(consoleProcess.dataDir);
    const actions = (
      db
        .prepare("SELECT staff_email AS who, action FROM staff_audit WHERE staff_email = 'admin@qingyun-power.com' OR target = 'admin@qingyun-power.com' ORDER BY id")
        .all() as Array<{
        who: string;
        action: string;
      }>
    ).map((row) => `${row.who} ${row.action}`);
    db.close();
    expect(actions).toEqual(["cli addStaff", ...["enrol", "signOut", "signIn", "signOut", "signIn"].map((action) => `admin@qingyun-power.com ${action}`)]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("adds a member in the console; the member enrols, and is refused at the next request once disabled", async () => {
    const admin = await browser.newContext();
    const adminPage = await admin.newPage();
    const problems = watchProblems(adminPage);
    await addVirtualAuthenticator(admin, adminPage);
    await adminPage.goto(linkIn(await consoleProcess.staff("add", "root@qingyun-power.com", "--role", "admin")));
    await adminPage.getByRole("button", { name: "创建通行密钥" }).click();
    await adminPage.waitForURL(`${consoleProcess.origin}/zh`);
    await adminPage.getByRole("link", { name: "员工", exact: true }).click();
    await adminPage.getByLabel("电子邮箱").fill("li.lei@qingyun-power.com");
    await adminPage.getByLabel("角色").selectOption("sales");
    await adminPage.getByRole("button", { name: "添加并生成登记链接" }).click();
    const memberLink = linkIn((await adminPage.getByRole("status").textContent()) ?? "");

    const member = await browser.newContext();
    const memberPage = await member.newPage();
    const memberProblems = watchProblems(memberPage);
    await addVirtualAuthenticator(member, memberPage);
    await memberPage.goto(memberLink);
    await memberPage.getByRole("button", { name: "创建通行密钥" }).click();
    await memberPage.waitForURL(`${consoleProcess.origin}/zh`);
    await memberPage.getByText("li.lei@qingyun-power.com（销售）").waitFor();
    // A sales member has no staff page: not in the navigation, refused on the server.
    expect(await memberPage.getByRole("link", { name: "员工", exact: true }).count()).toBe(0);
    expect((await memberPage.goto(`${consoleProcess.origin}/zh/staff`))?.status()).toBe(403);

    await adminPage.goto(`${consoleProcess.origin}/zh/staff`);
    await adminPage.getByRole("button", { name: "停用: li.lei@qingyun-power.com" }).click();
    await adminPage.getByRole("row", { name: /li\.lei@qingyun-power\.com.*已停用/ }).waitFor();

    await memberPage.goto(`${consoleProcess.origin}/zh`);
    expect(memberPage.url()).toBe(`${consoleProcess.origin}/zh/sign-in`);
    await memberPage.getByRole("button", { name: "使用通行密钥登录" }).click();
    await memberPage.getByText("登录未成功：通行密钥未被识别，或账号已停用。").waitFor();
    expect(memberPage.url()).toBe(`${consoleProcess.origin}/zh/sign-in`);
    // The two refusals this test provokes (the staff page, the disabled member's sign-in) are the only problems.
    expect(problems).toEqual([]);
    expect(memberProblems.map((problem) => /status of (\d+)/.exec(problem)?.[1])).toEqual(["403", "401"]);
    await admin.close();
    await member.close();
  });

  it("runs once, in the cluster's primary, never on the public port", async () => {
    const clustered = await startConsoleProcess({ WEB_CONCURRENCY: "2" });
    try {
      expect((await fetch(`${clustered.origin}/en/sign-in`)).status).toBe(200);
      const publicPort = await fetch(`${clustered.site.origin}/en/sign-in`);
      expect(publicPort.status).toBe(404);
      expect(clustered.site.logs.filter((line) => line.msg === "staff console listening")).toHaveLength(1);
      // Another name for the same listener is refused (the console answers only its own origin's host).
      expect((await fetch(`${clustered.origin.replace("localhost", "127.0.0.1")}/en/sign-in`)).status).toBe(421);
    } finally {
      await clustered.stop();
    }
  });
});
