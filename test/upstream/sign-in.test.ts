// Sign-in by SMS: the contract of the code and sign-in calls, the code rules with a hand-moved clock,
// the lock, the session cookie and sign-out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authAndRegisterBySms, isLogin, sendSmsVerifyCode, verifyCodeRules } from "../../shared/contract/index.ts";
import { contractData, freshIp, freshPhone, sessionFrom, setCookieLine, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { storeKinds } from "./stores.ts";

const SEND = "/open/message/sendSmsVerifyCode";
const SIGN_IN = "/open/user/auth/authAndRegisterBySms";
const IS_LOGIN = "/open/user/auth/isLogin";
const LOGIN_OUT = "/open/front/loginOut";
const MINUTE = 60_000;

describe.each(storeKinds)("accounts on %s", (store) => {
  let u: AccountUpstream;
  beforeAll(async () => {
    u = await startAccountUpstream({ store, env: { CODE_REQUESTS_PER_IP_PER_HOUR: "12" } });
  });
  afterAll(() => u.cleanup());

  /** isLogin answers data null (not an error) for a visitor. */
  async function signedIn(session: string): Promise<boolean> {
    const response = await u.call(IS_LOGIN, {}, { cookie: session });
    expect(response.status).toBe(200);
    return contractData(isLogin, response.json) !== null;
  }

  /** A wrong code that differs from the real one. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  describe("sendSmsVerifyCode", () => {
    it("accepts the usual ways of writing a mainland mobile and sends the code to the normalised number", async () => {
      for (const [input, normalised] of [
        ["+86 138 0013 8000", "13800138000"],
        ["0086-159-1234-5678", "15912345678"],
        ["86 17712345678", "17712345678"],
        ["19912345678", "19912345678"],
      ] as const) {
        const response = await u.call(SEND, { phone: input });
        expect(response.status).toBe(200);
        expect(contractData(sendSmsVerifyCode, response.json)).toEqual({
          resendAfterSeconds: verifyCodeRules.resendAfterSeconds,
          expiresInSeconds: verifyCodeRules.expiresInSeconds,
        });
        expect(u.lastCode(normalised)).toMatch(/^\d{6}$/);
      }
    });

    it("refuses what is not a mainland mobile with the SPEC §5 message in the request's language", async () => {
      for (const phone of ["12812345678", "1381234567", "+1 415 555 0100", "abc", ""]) {
        const response = await u.call(SEND, { phone });
        expect(response.status).toBe(400);
        expect(response.json).toMatchObject({ success: false, code: "E40021001", message: "please enter a valid mobile number", data: null });
      }
      const zh = await u.call(SEND, { phone: "123" }, { language: "zh" });
      expect(zh.json.message).toBe("请输入正确的手机号");
    });

    it("refuses malformed bodies: missing or non-string phone, unknown fields, too long input", async () => {
      expect((await u.call(SEND, {})).json.code).toBe("E40000002");
      expect((await u.call(SEND, { phone: 13800138000 })).json.code).toBe("E40000002");
      expect((await u.call(SEND, { phone: "13800138001", extra: 1 })).json.code).toBe("E40000003");
      expect((await u.call(SEND, { phone: "1".repeat(200) })).status).toBe(400);
    });

    it("answers the same whether or not an account exists", async () => {
      const existing = freshPhone();
      await u.signIn(existing);
      u.clock.advance(2 * MINUTE);
      const forExisting = await u.call(SEND, { phone: existing });
      const forUnknown = await u.call(SEND, { phone: freshPhone() });
      expect(forExisting.status).toBe(forUnknown.status);
      expect(forExisting.json).toEqual(forUnknown.json);
      expect([...forExisting.headers.keys()].sort()).toEqual([...forUnknown.headers.keys()].sort());
    });
  });

  describe("code rules", () => {
    it("a code works once, and only for 5 minutes", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone });
      const code = u.lastCode(phone);
      expect((await u.call(SIGN_IN, { phone, code })).status).toBe(200);
      const again = await u.call(SIGN_IN, { phone, code });
      expect(again.status).toBe(400);
      expect(again.json).toMatchObject({ code: "E40021004", message: "Verification code error!" });

      const late = freshPhone();
      await u.call(SEND, { phone: late });
      u.clock.advance(5 * MINUTE);
      const expired = await u.call(SIGN_IN, { phone: late, code: u.lastCode(late) });
      expect(expired.status).toBe(400);
      expect(expired.json.code).toBe("E40021010");
    });

    it("a code still works just before 5 minutes", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone });
      u.clock.advance(5 * MINUTE - 1000);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) })).status).toBe(200);
    });

    it("a badly formed code gets its own message and costs no attempt", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone });
      for (const code of ["12345", "1234567", "12a456", ""]) {
        const response = await u.call(SIGN_IN, { phone, code });
        expect(response.json).toMatchObject({ code: "E40021003", message: "please enter the correct verification code" });
      }
      const zh = await u.call(SIGN_IN, { phone, code: "1" }, { language: "zh" });
      expect(zh.json.message).toBe("请输入正确的验证码");
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) })).status).toBe(200);
    });

    it("5 wrong tries kill a code, even for the right code afterwards", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone });
      const code = u.lastCode(phone);
      for (let i = 1; i <= 4; i++) expect((await u.call(SIGN_IN, { phone, code: wrong(code) })).json.code).toBe("E40021004");
      const fifth = await u.call(SIGN_IN, { phone, code: wrong(code) });
      expect(fifth.json).toMatchObject({
        code: "E40021006",
        message: "Too many times have been obtained, please obtain the verification code again.",
      });
      expect((await u.call(SIGN_IN, { phone, code })).json.code).toBe("E40021006");
      // A new code works again.
      u.clock.advance(MINUTE);
      await u.call(SEND, { phone });
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) })).status).toBe(200);
    });

    it("a new code replaces the previous one", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone });
      const first = u.lastCode(phone);
      u.clock.advance(MINUTE);
      await u.call(SEND, { phone });
      const second = u.lastCode(phone);
      if (first !== second) expect((await u.call(SIGN_IN, { phone, code: first })).json.code).toBe("E40021004");
      expect((await u.call(SIGN_IN, { phone, code: second })).status).toBe(200);
    });

    it("another code no sooner than 60 s after the last: 429 with Retry-After", async () => {
      const phone = freshPhone();
      expect((await u.call(SEND, { phone })).status).toBe(200);
      u.clock.advance(45_000);
      const early = await u.call(SEND, { phone });
      expect(early.status).toBe(429);
      expect(early.json.code).toBe("E40021007");
      expect(early.headers.get("retry-after")).toBe("15");
      u.clock.advance(15_000);
      expect((await u.call(SEND, { phone })).status).toBe(200);
    });

    it("at most 5 codes an hour and 10 a day for one number", async () => {
      const phone = freshPhone();
      const start = u.clock.t;
      for (let i = 0; i < 5; i++) {
        expect((await u.call(SEND, { phone })).status).toBe(200);
        u.clock.advance(MINUTE);
      }
      const sixth = await u.call(SEND, { phone });
      expect(sixth.status).toBe(429);
      expect(sixth.json.code).toBe("E40021008");
      // The first code leaves the hour window at start + 60 min.
      expect(Number(sixth.headers.get("retry-after"))).toBe((start + 60 * MINUTE - u.clock.t) / 1000);

      u.clock.t = start + 65 * MINUTE;
      for (let i = 0; i < 5; i++) {
        expect((await u.call(SEND, { phone })).status, `code ${6 + i}`).toBe(200);
        u.clock.advance(MINUTE);
      }
      u.clock.t = start + 3 * 60 * MINUTE;
      const eleventh = await u.call(SEND, { phone });
      expect(eleventh.status).toBe(429);
      expect(eleventh.json.code).toBe("E40021008");
      expect(Number(eleventh.headers.get("retry-after"))).toBe((start + 24 * 60 * MINUTE - u.clock.t) / 1000);
      u.clock.t = start + 24 * 60 * MINUTE + 1000;
      expect((await u.call(SEND, { phone })).status).toBe(200);
    });

    it("limits code requests per client address (X-Forwarded-For from the loopback proxy)", async () => {
      const ip = freshIp();
      for (let i = 0; i < 12; i++) expect((await u.call(SEND, { phone: freshPhone() }, { ip })).status).toBe(200);
      const over = await u.call(SEND, { phone: freshPhone() }, { ip });
      expect(over.status).toBe(429);
      expect(over.json.code).toBe("E42900001");
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await u.call(SEND, { phone: freshPhone() }, { ip: freshIp() })).status).toBe(200);
      u.clock.advance(61 * MINUTE);
      expect((await u.call(SEND, { phone: freshPhone() }, { ip })).status).toBe(200);
    });

    /** Ten wrong codes from one client: five kill its first code, five more against a second one lock. */
    async function failTenTimes(phone: string, ip: string): Promise<string[]> {
      const answers: string[] = [];
      for (let round = 0; round < 2; round++) {
        expect((await u.call(SEND, { phone }, { ip })).status).toBe(200);
        const code = u.lastCode(phone);
        for (let i = 0; i < 5; i++) {
          answers.push((await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip })).json.code);
          u.clock.advance(1000);
        }
        u.clock.advance(MINUTE);
      }
      return answers;
    }

    it("10 failed sign-ins against the client's codes within an hour lock that client out for 15 minutes", async () => {
      const phone = freshPhone();
      const ip = freshIp();
      const answers = await failTenTimes(phone, ip);
      expect(answers).toEqual([...Array(4).fill("E40021004"), "E40021006", ...Array(4).fill("E40021004"), "E40021005"]);

      const locked = await u.call(SIGN_IN, { phone, code: "123456" }, { ip });
      expect(locked.status).toBe(429);
      expect(locked.json).toMatchObject({ code: "E40021005", message: "Account has been locked, please try again later." });
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(13 * 60);
      expect((await u.call(SIGN_IN, { phone, code: "123456" }, { ip, language: "zh" })).json.message).toBe("账号已被锁定，请稍后再试。");
      expect((await u.call(SEND, { phone }, { ip })).json.code).toBe("E40021005");

      u.clock.advance(15 * MINUTE);
      expect((await u.call(SEND, { phone }, { ip })).status).toBe(200);
      // Failures from before the lock do not count again: one wrong try does not re-lock.
      expect((await u.call(SIGN_IN, { phone, code: wrong(u.lastCode(phone)) }, { ip })).json.code).toBe("E40021004");
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip })).status).toBe(200);
    });

    it("wrong codes count only against an outstanding code: with none, nothing locks", async () => {
      const phone = freshPhone();
      const ip = freshIp();
      // Nobody asked for a code: a stranger's guesses cannot match anything, and they lock nothing.
      for (let i = 0; i < 30; i++) expect((await u.call(SIGN_IN, { phone, code: "123456" }, { ip })).json.code).toBe("E40021004");
      // Nor do guesses at a code that is spent, killed or expired.
      await u.call(SEND, { phone }, { ip });
      const code = u.lastCode(phone);
      for (let i = 0; i < 5; i++) await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip });
      for (let i = 0; i < 10; i++) expect((await u.call(SIGN_IN, { phone, code: wrong(code) }, { ip })).json.code).toBe("E40021006");
      u.clock.advance(MINUTE);
      await u.call(SEND, { phone }, { ip });
      u.clock.advance(5 * MINUTE);
      for (let i = 0; i < 10; i++) expect((await u.call(SIGN_IN, { phone, code: "123456" }, { ip })).json.code).toBe("E40021010");
      expect((await u.call(SEND, { phone }, { ip })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip })).status).toBe(200);
    });

    it("a stranger's failures lock only the stranger: the owner still gets a code and signs in from their own device", async () => {
      const phone = freshPhone();
      const stranger = freshIp();
      expect((await failTenTimes(phone, stranger)).at(-1)).toBe("E40021005");
      expect((await u.call(SEND, { phone }, { ip: stranger })).json.code).toBe("E40021005");
      const owner = freshIp();
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      expect((await u.call(SIGN_IN, { phone, code: u.lastCode(phone) }, { ip: owner })).status).toBe(200);
    });

    it("code requests from other addresses neither block the owner's next code nor void the owner's code", async () => {
      const phone = freshPhone();
      const owner = freshIp();
      // Five requests from five addresses within the hour (the per-number hourly limit is 5).
      for (let i = 0; i < 5; i++) {
        expect((await u.call(SEND, { phone }, { ip: freshIp() })).status).toBe(200);
        u.clock.advance(10_000);
      }
      expect((await u.call(SEND, { phone }, { ip: owner })).status).toBe(200);
      const ownersCode = u.lastCode(phone);
      // Someone else asks again right after: the owner's code keeps working, and it is the owner's alone.
      expect((await u.call(SEND, { phone }, { ip: freshIp() })).status).toBe(200);
      const strangersCode = u.lastCode(phone);
      if (strangersCode !== ownersCode) {
        expect((await u.call(SIGN_IN, { phone, code: strangersCode }, { ip: owner })).json.code).toBe("E40021004");
      }
      expect((await u.call(SIGN_IN, { phone, code: ownersCode }, { ip: freshIp() })).json.code).toBe("E40021004");
      expect((await u.call(SIGN_IN, { phone, code: ownersCode }, { ip: owner })).status).toBe(200);
    });

    it("the lock is the same for a number that has no account", async () => {
      const known = freshPhone();
      await u.signIn(known);
      const unknown = freshPhone();
      u.clock.advance(MINUTE);
      const answers = [await failTenTimes(known, freshIp()), await failTenTimes(unknown, freshIp())];
      expect(answers[0]).toEqual(answers[1]);
    });
  });

  describe("sign-in, session cookie and sign-out", () => {
    it("creates the account at the first sign-in and finds it afterwards", async () => {
      const phone = freshPhone();
      const first = await u.signIn(phone);
      u.clock.advance(MINUTE);
      const second = await u.signIn(phone);
      expect(second.userId).toBe(first.userId);
      const me = await u.call(IS_LOGIN, {}, { cookie: second.session });
      expect(contractData(isLogin, me.json)).toEqual({ userId: first.userId, phone, email: null });
    });

    it("answers the user info by the contract and sets an HttpOnly, SameSite=Lax, 60-day cookie (not Secure over http)", async () => {
      const phone = freshPhone();
      await u.call(SEND, { phone: `+86 ${phone}` });
      const response = await u.call(SIGN_IN, { phone: `+86 ${phone}`, code: u.lastCode(phone) });
      expect(response.status).toBe(200);
      expect(contractData(authAndRegisterBySms, response.json).phone).toBe(phone);
      const line = setCookieLine(response.headers);
      expect(line).toMatch(/^qy_session=[A-Za-z0-9_-]{43};/);
      expect(line).toContain("HttpOnly");
      expect(line).toContain("SameSite=Lax");
      expect(line).toContain("Path=/");
      expect(line).toContain(`Max-Age=${60 * 24 * 60 * 60}`);
      expect(line).not.toContain("Secure");
    });

    it("gives a new session id at every sign-in and revokes one the browser still carried", async () => {
      const phone = freshPhone();
      const first = await u.signIn(phone);
      u.clock.advance(MINUTE);
      const second = await u.signIn(phone, { cookie: first.session });
      expect(second.session).not.toBe(first.session);
      expect(await signedIn(first.session)).toBe(false);
      expect(await signedIn(second.session)).toBe(true);
    });

    it("a session lasts 60 days", async () => {
      const { session } = await u.signIn(freshPhone());
      u.clock.advance(59 * 24 * 60 * MINUTE);
      expect(await signedIn(session)).toBe(true);
      u.clock.advance(2 * 24 * 60 * MINUTE);
      expect(await signedIn(session)).toBe(false);
      const expired = await u.call("/proxy/qingyun/basic/sampleOrder/queryOrderList", {}, { cookie: session });
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({ code: "E40100001", message: "You are not logged in. Log in now?" });
    });

    it("signs out: revokes the session, clears the cookie, then answers E40021009", async () => {
      const { session } = await u.signIn(freshPhone());
      const out = await u.call(LOGIN_OUT, {}, { cookie: session, method: "GET" });
      expect(out.status).toBe(200);
      expect(out.json).toEqual({ success: true, code: "0", message: "ok", data: null });
      expect(sessionFrom(out.headers)).toBe("");
      expect(setCookieLine(out.headers)).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(await signedIn(session)).toBe(false);

      const again = await u.call(LOGIN_OUT, {}, { cookie: session, method: "GET" });
      expect(again.status).toBe(401);
      expect(again.json).toMatchObject({ success: false, code: "E40021009", data: null });
      expect((await u.call(LOGIN_OUT, {}, { method: "GET" })).json.code).toBe("E40021009");
      expect((await u.call(LOGIN_OUT, {}, { cookie: "forged", method: "GET" })).json.code).toBe("E40021009");
      // The answer's language follows ?language= on a GET.
      expect((await u.get(`${LOGIN_OUT}?language=zh`)).json.message).toBe("登录状态已失效");
    });

    it("refuses sign-in input that is not a mobile or misses fields", async () => {
      expect((await u.call(SIGN_IN, { phone: "10086", code: "123456" })).json.code).toBe("E40021001");
      expect((await u.call(SIGN_IN, { phone: freshPhone() })).json.code).toBe("E40000002");
      expect((await u.call(SIGN_IN, { phone: freshPhone(), code: "123456", remember: true })).json.code).toBe("E40000003");
      // A code that was never requested is simply wrong.
      expect((await u.call(SIGN_IN, { phone: freshPhone(), code: "123456" })).json.code).toBe("E40021004");
    });

    it("the staff API does not exist without STAFF_TOKEN", async () => {
      const response = await u.get("/staff/orders", { authorization: "Bearer anything-anything-anything" });
      expect(response.status).toBe(404);
    });
  });

  describe("behind an https public origin", () => {
    it("names the session cookie __Host-qy_session, Secure, Path=/ and host-only, and reads no other name", async () => {
      const secure = await startAccountUpstream({ store, publicOrigin: "https://www.qingyun-power.com" });
      try {
        const { headers, session } = await secure.signIn(freshPhone());
        const line = setCookieLine(headers);
        expect(line).toMatch(/^__Host-qy_session=/);
        expect(line).toContain("Secure");
        expect(line).toContain("Path=/");
        expect(line).not.toMatch(/Domain=/i);
        expect((await secure.call(IS_LOGIN, {}, { cookie: session })).json.data).not.toBeNull();
        // The plain name (a cookie planted over http or by a sibling subdomain) is not a session here.
        const planted = await secure.post(IS_LOGIN, { language: "en", websiteCode: "qingyun" }, { cookie: `qy_session=${session}` });
        expect(planted.json.data).toBeNull();
        const out = await secure.call(LOGIN_OUT, {}, { cookie: session, method: "GET" });
        expect(out.status).toBe(200);
        expect(setCookieLine(out.headers)).toMatch(/^__Host-qy_session=;/);
      } finally {
        await secure.cleanup();
      }
    });
  });
});
