// /{lang}/login without JavaScript: the form posts to the route action, which asks for a code or signs in and
// redirects to a same-site `path` only, with the session cookie on the redirect
// (docs/decisions/015-controls-without-javascript.md).
import request from "supertest";
import type express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie } from "../../shared/cookies.ts";
import { verifyCodeRules } from "../../shared/contract/index.ts";
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

const post = (path: string, form: Record<string, string>) => request(app).post(path).set("Origin", origin).type("form").send(form);

/** Asks for a code through the form and signs in with it; returns the response of the sign-in post. */
async function signInByForm(language: "zh" | "en", returnPath: string | null) {
  const phone = freshPhone();
  const query = returnPath === null ? "" : `?path=${encodeURIComponent(returnPath)}`;
  const sent = await post(`/${language}/login${query}`, { tab: "sms", target: phone, agree: "on", intent: "send" });
  expect(sent.status).toBe(200);
  u.clock.advance(1000);
  return post(`/${language}/login${query}`, { tab: "sms", target: phone, code: u.lastCode(phone), agree: "on", intent: "signIn" });
}

describe("the login page", () => {
  it("is rendered in the login layout, noindex, with both tabs and the agreement unticked", async () => {
    const response = await request(app).get("/zh/login?path=%2Fabout%2Fus");
    expect(response.status).toBe(200);
    expect(response.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(response.text).toContain("手机验证码登录");
    expect(response.text).toContain("邮箱验证码登录");
    expect(response.text).toMatch(/<input id="[^"]+" type="checkbox" name="agree"\/>/);
    // The close icon returns to `path`; the Chinese page carries the filing-number link.
    expect(response.text).toContain('href="/zh/about/us"');
    expect(response.text).toContain("苏ICP备20051234号-1");
    // Closing a login that a signed-in page asked for goes home, not back to the page that sends people here.
    const guarded = await request(app).get("/en/login?path=%2Fuser%2FsampleList");
    expect(guarded.text).toMatch(/<a class="login-layout__close"[^>]*href="\/en"/);
    const en = await request(app).get("/en/login?tab=email");
    expect(en.text).toContain("E-mail address");
    expect(en.text).not.toContain("beian.miit.gov.cn");
  });

  it("sends a code, then signs in and redirects to the path with the session cookie", async () => {
    const phone = freshPhone();
    const sent = await post("/en/login?path=%2Fabout%2Fus", { tab: "sms", target: phone, agree: "on", intent: "send" });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("The code was sent to your mobile");
    expect(sent.text).toContain(`value="${phone}"`);
    const signedIn = await post("/en/login?path=%2Fabout%2Fus", { tab: "sms", target: phone, code: u.lastCode(phone), agree: "on", intent: "signIn" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe("/en/about/us");
    expect(([] as string[]).concat(signedIn.headers["set-cookie"] ?? []).some((line: string) => line.startsWith(`${sessionCookie}=`) && /HttpOnly/i.test(line))).toBe(
      true,
    );
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers the SPEC §5 and §8 messages in the page's language", async () => {
    const badPhone = await post("/zh/login", { tab: "sms", target: "12345", agree: "on", intent: "send" });
    expect(badPhone.status).toBe(400);
    expect(badPhone.text).toContain("请输入正确的手机号");
    const noAgreement = await post("/en/login", { tab: "sms", target: freshPhone(), intent: "send" });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.text).toContain("Please read and agree to the Privacy Policy and the Terms of Service first.");
    const badEmail = await post("/en/login?tab=email", { tab: "email", target: "nope", agree: "on", intent: "send" });
    expect(badEmail.text).toContain("please enter a valid email address");
    const phone = freshPhone();
    await post("/en/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
    const wrong = String((Number(u.lastCode(phone)) + 1) % 1_000_000).padStart(6, "0");
    const wrongCode = await post("/en/login", { tab: "sms", target: phone, code: wrong, agree: "on", intent: "signIn" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.text).toContain("Verification code error!");
    const shortCode = await post("/en/login", { tab: "sms", target: phone, code: "12", agree: "on", intent: "signIn" });
    expect(shortCode.text).toContain("please enter the correct verification code");
    const tooSoon = await post("/zh/login", { tab: "sms", target: phone, agree: "on", intent: "send" });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.text).toContain("验证码获取过于频繁");
    u.clock.advance(verifyCodeRules.resendAfterSeconds * 1000);
  });

  it.each([
    ["protocol-relative", "//evil.example/x"],
    ["backslash", "/\\evil.example"],
    ["scheme", "https://evil.example/"],
    ["javascript", "javascript:alert(1)"],
    ["encoded slashes", "/%2F%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["whitespace", " //evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["newline", "/x\r\nLocation: //evil.example"],
    ["dot-segment", "/zh/../..//evil.example"],
  ])("sends a %s path to the language home", async (_name, unsafe) => {
    const response = await signInByForm("en", unsafe);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/en");
  });

  it("goes to the language home without a path", async () => {
    const response = await signInByForm("zh", null);
    expect(response.headers.location).toBe("/zh");
  });

  it("refuses a form posted from another site", async () => {
    const response = await request(app).post("/en/login").set("Origin", "https://evil.example").type("form").send({ intent: "send" });
    expect(response.status).toBe(403);
  });

  it("counts code requests against the visitor's address, not the site server's", async () => {
    const limited = await startAccountUpstream({ dataDir: ":memory:", env: { CODE_REQUESTS_PER_IP_PER_HOUR: "2" } });
    try {
      const site = await createTestApp({ UPSTREAM_URL: limited.url, PUBLIC_ORIGIN: origin });
      const ask = (ip: string) =>
        request(site)
          .post("/en/login")
          .set("Origin", origin)
          .set("X-Forwarded-For", ip)
          .type("form")
          .send({ tab: "sms", target: freshPhone(), agree: "on", intent: "send" });
      expect((await ask("203.0.113.1")).status).toBe(200);
      expect((await ask("203.0.113.1")).status).toBe(200);
      const third = await ask("203.0.113.1");
      expect(third.status).toBe(429);
      expect(third.text).toContain("Too many requests");
      // Another visitor is not held back by the first one's requests.
      expect((await ask("203.0.113.2")).status).toBe(200);
    } finally {
      await limited.cleanup();
    }
  });

  it("sends a visitor who is already signed in on to the path", async () => {
    const { session } = await u.signIn(freshPhone());
    const response = await request(app).get("/zh/login?path=%2Fuser%2FsampleProgress").set("Cookie", `${sessionCookie}=${session}`);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/zh/user/sampleProgress");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });
});
