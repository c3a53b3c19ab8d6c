// Sign-in and the signed-in header without JavaScript (DESIGN.md: controls work without it): the form keeps
// what the visitor entered and ticked, a lock says how long it holds, the header of a signed-in visitor is
// rendered with the user menu (never into the shared page cache), and its sign-out form works as a post.
// Last, what the page with JavaScript reads a lock's time from: the /api answer's Retry-After.
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "../helpers/site.ts";
import { freshPhone, startAccountUpstream, type AccountUpstream } from "../upstream/account-helpers.ts";

let u: AccountUpstream;
let app: express.Express;
const origin = "http://localhost:3000";

beforeAll(async () => {
  u = await startAccountUpstream({ dataDir: ":memory:" });
  app = await createTestApp({ UPSTREAM_URL: u.url, PUBLIC_ORIGIN: origin });
});
afterAll(() => u.cleanup());

const post = (path: string, form: Record<string, string>, cookie?: string) => {
  const call = request(app).post(path).set("Origin", origin).type("form");
  return (cookie ? call.set("Cookie", `${sessionCookie}=${cookie}`) : call).send(form);
};
const checkbox = (html: string) => /<input[^>]*name="agree"[^>]*>/.exec(html)?.[0] ?? "";
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** Signs in through the form (the site's address is the client the upstream sees) and returns the session id. */
async function signInByForm(phone: string): Promise<string> {
  await post("/en/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
  const signedIn = await post("/en/login", { tab: "sms", target: phone, code: u.lastCode(phone), agree: "on", intent: "signIn" });
  const line = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${sessionCookie}=`));
  if (!line) throw new Error("no session cookie");
  u.clock.advance(60_000);
  return line.slice(sessionCookie.length + 1).split(";")[0]!;
}

describe("the login form posted without JavaScript", () => {
  it("keeps the agreement ticked, the number and the code after Get code and after a wrong code", async () => {
    const phone = freshPhone();
    const sent = await post("/en/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
    expect(sent.status).toBe(200);
    expect(checkbox(sent.text)).toContain('checked=""');
    const wrongCode = await post("/en/login", { tab: "sms", target: phone, code: wrong(u.lastCode(phone)), agree: "on", intent: "signIn" });
    expect(wrongCode.status).toBe(400);
    expect(checkbox(wrongCode.text)).toContain('checked=""');
    expect(wrongCode.text).toContain(`value="${wrong(u.lastCode(phone))}"`);
    // Unticked stays unticked.
    const unticked = await post("/en/login", { tab: "sms", target: phone, intent: "send" });
    expect(checkbox(unticked.text)).not.toContain("checked");
    u.clock.advance(60_000);
  });

  it("makes signing in the form's default button, so Enter in the code field signs in", async () => {
    const page = await request(app).get("/en/login");
    const form = /<form[^>]*class="login-form"[^>]*>([\s\S]*?)<\/form>/.exec(page.text)?.[1] ?? "";
    const firstSubmit = /<button[^>]*type="submit"[^>]*>/.exec(form)?.[0] ?? "";
    expect(firstSubmit).toContain('value="signIn"');
  });

  it("says how long a lock holds, in minutes, in the page's language", async () => {
    const phone = freshPhone();
    for (let round = 0; round < 2; round++) {
      await post("/en/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
      for (let i = 0; i < 5; i++) {
        await post("/en/login", { tab: "sms", target: phone, code: wrong(u.lastCode(phone)), agree: "on", intent: "signIn" });
      }
      u.clock.advance(60_000);
    }
    // The lock began a minute ago: 14 of its 15 minutes are left.
    const en = await post("/en/login", { tab: "sms", target: phone, code: "123456", agree: "on", intent: "signIn" });
    expect(en.status).toBe(429);
    expect(en.text).toContain("Account has been locked, please try again in 14 min.");
    const zh = await post("/zh/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
    expect(zh.text).toContain("账号已被锁定，请 14 分钟后再试。");
    u.clock.advance(15 * 60_000);
  });
});

describe("the header of a signed-in visitor without JavaScript", () => {
  it("shows the user menu with the masked number, the sample pages and a sign-out form, and stays private", async () => {
    const phone = freshPhone();
    const session = await signInByForm(phone);
    const page = await request(app).get("/en/about/us").set("Cookie", `${sessionCookie}=${session}`);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const menu = /<details class="user-menu"[\s\S]*?<\/details>/.exec(page.text)?.[0] ?? "";
    expect(menu).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(menu).toContain('href="/en/user/sampleList"');
    expect(menu).toContain('href="/en/user/sampleProgress"');
    expect(menu).toContain('<form action="/en/login?path=%2Fabout%2Fus" method="post">');
    expect(menu).toContain('name="intent" value="signOut"');
    expect(page.text).not.toContain("site-header__signin");

    // The same page for the next anonymous visitor: signed out, from a render or the cache, never the menu.
    for (let i = 0; i < 2; i++) {
      const anonymous = await request(app).get("/en/about/us");
      expect(anonymous.text).not.toContain("user-menu");
      expect(anonymous.text).toContain("site-header__signin");
    }
  });

  it("shows Sign in for a session cookie that is no longer live", async () => {
    const page = await request(app).get("/en/about/us").set("Cookie", `${sessionCookie}=expired-or-forged`);
    expect(page.text).toContain("site-header__signin");
    expect(page.headers["cache-control"]).toBe("private, no-store");
  });

  it("signs out by the form: the session ends, the cookie is cleared, the visitor returns to the page", async () => {
    const session = await signInByForm(freshPhone());
    const out = await post("/en/login?path=%2Fabout%2Fus", { intent: "signOut" }, session);
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/en/about/us");
    expect(([] as string[]).concat(out.headers["set-cookie"] ?? []).some((line) => line.startsWith(`${sessionCookie}=;`))).toBe(true);
    const after = await request(app).get("/en/about/us").set("Cookie", `${sessionCookie}=${session}`);
    expect(after.text).toContain("site-header__signin");
    expect(after.text).not.toContain("user-menu");
  });

  it("signs out from a signed-in page to the language home (SPEC §4)", async () => {
    const session = await signInByForm(freshPhone());
    const out = await post("/zh/login?path=%2Fuser%2FsampleList", { intent: "signOut" }, session);
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/zh");
  });
});

describe("return paths outside ASCII, without JavaScript", () => {
  const cases = [
    ["/search?text=碳化硅", "/en/search?text=%E7%A2%B3%E5%8C%96%E7%A1%85"],
    ["/search?text=SiC MOSFET", "/en/search?text=SiC%20MOSFET"],
    ["/news?x=😀", "/en/news?x=%F0%9F%98%80"],
    ["/search?text=%E7%A2%B3", "/en/search?text=%E7%A2%B3"],
  ] as const;

  it("signs out to a path in Chinese, not a 500", async () => {
    const session = await signInByForm(freshPhone());
    const out = await post("/en/login?path=/%E3%80%82x", { intent: "signOut" }, session);
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/en/%E3%80%82x");
    for (const [path, location] of cases) {
      const again = await post(`/en/login?path=${encodeURIComponent(path)}`, { intent: "signOut" });
      expect(again.status).toBe(302);
      expect(again.headers.location).toBe(location);
    }
  });

  it("signs in and lands on a path with Chinese, spaces, an emoji or percent-encoded bytes", async () => {
    for (const [path, location] of cases) {
      const phone = freshPhone();
      const query = `?path=${encodeURIComponent(path)}`;
      await post(`/en/login${query}`, { tab: "sms", target: phone, agree: "on", intent: "send" });
      const signedIn = await post(`/en/login${query}`, { tab: "sms", target: phone, code: u.lastCode(phone), agree: "on", intent: "signIn" });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.location).toBe(location);
      expect(([] as string[]).concat(signedIn.headers["set-cookie"] ?? []).some((line) => line.startsWith(`${sessionCookie}=`))).toBe(true);
    }
  });
});

describe("a lock answered through /api (the login page with JavaScript)", () => {
  it("carries Retry-After, from which the page says how many minutes are left", async () => {
    const phone = freshPhone();
    const api = (path: string, body: Record<string, string>) =>
      request(app)
        .post(`/api${path}`)
        .set("Origin", origin)
        .send({ language: "en", websiteCode: "qingyun", ...body });
    let last: request.Response | undefined;
    for (let round = 0; round < 2; round++) {
      await api("/open/message/sendSmsVerifyCode", { phone });
      for (let i = 0; i < 5; i++) last = await api("/open/user/auth/authAndRegisterBySms", { phone, code: wrong(u.lastCode(phone)) });
      u.clock.advance(60_000);
    }
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe("E40021005");
    expect(Number(last!.headers["retry-after"])).toBe(15 * 60);
    u.clock.advance(15 * 60_000);
  });
});

describe("behind an https origin", () => {
  it("signs in with a __Host- session cookie and renders that visitor's pages signed in and private", async () => {
    const httpsOrigin = "https://www.qingyun-power.com";
    const secureUpstream = await startAccountUpstream({ dataDir: ":memory:", publicOrigin: httpsOrigin });
    try {
      const secureApp = await createTestApp({ UPSTREAM_URL: secureUpstream.url, PUBLIC_ORIGIN: httpsOrigin });
      const form = (body: Record<string, string>) => request(secureApp).post("/en/login?path=%2Fabout%2Fus").set("Origin", httpsOrigin).type("form").send(body);
      const phone = freshPhone();
      await form({ tab: "sms", target: phone, agree: "on", intent: "send" });
      const signedIn = await form({ tab: "sms", target: phone, code: secureUpstream.lastCode(phone), agree: "on", intent: "signIn" });
      expect(signedIn.status).toBe(302);
      const line = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("__Host-qy_session="));
      expect(line).toMatch(/; Path=\/;/);
      expect(line).toMatch(/; Secure/);
      expect(line).not.toMatch(/Domain=/i);
      const session = line!.slice("__Host-qy_session=".length).split(";")[0]!;
      const page = await request(secureApp).get("/en/about/us").set("Cookie", `__Host-qy_session=${session}`);
      expect(page.text).toContain("user-menu");
      expect(page.headers["cache-control"]).toBe("private, no-store");
    } finally {
      await secureUpstream.cleanup();
    }
  });
});
