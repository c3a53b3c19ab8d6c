// Signed-in header (SPEC §2, §4): after an e-mail code sign-in the header shows the masked address and the
// account menu; signing out on a signed-in page returns to the language's home page.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, watchProblems } from "./browser.ts";
import { waitForMailedCode } from "./sample-helpers.ts";

const origin = inject("origin");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("a signed-in visitor", () => {
  it("sees the masked address and the account menu, and signing out on a signed-in page goes home", async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const address = "zhang.wei@example.com";
    const common = { language: "en", websiteCode: "qingyun" };
    const sent = await context.request.post(`${origin}/api/open/message/sendVerifyCode`, { data: { ...common, email: address } });
    expect(sent.status()).toBe(200);
    const code = await waitForMailedCode(address);
    const signedIn = await context.request.post(`${origin}/api/open/user/auth/authAndRegisterByEmail`, { data: { ...common, email: address, code } });
    expect(signedIn.status()).toBe(200);

    await page.goto(`${origin}/en/about/us`);
    const toggle = page.locator(".user-menu__toggle");
    await toggle.waitFor();
    // SPEC §2: the dropdown first shows the masked e-mail, never the address itself.
    expect(await toggle.textContent()).toBe("z***i@example.com");
    await toggle.click();
    await expect(page.locator(".user-menu__list").textContent()).resolves.toMatch(/Sample list.*Sample progress.*Sign out/s);
    await page.locator(".user-menu__list button").click();
    await page.locator(".site-header__signin").waitFor();
    // Not a signed-in page: the visitor stays where they are.
    expect(page.url()).toBe(`${origin}/en/about/us`);
    const after = await context.request.post(`${origin}/api/open/user/auth/isLogin`, { data: common });
    expect((await after.json()).data).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
