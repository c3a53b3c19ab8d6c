// The staff console's guards, server-side: its own Host, cross-site writes refused, pages only with a live
// session, roles enforced on the server, a disabled member refused at the next request, sign-out, enrolment
// links that work once and expire, rate-limited passkey attempts, and the cookie's flags.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import request from "supertest";
import { startConsole, STAFF_ORIGIN, type ConsoleUnderTest } from "./staff-helpers.ts";
import { staffEnrolmentMs, staffSessionMs } from "../../shared/staff/staff-roles.ts";
import { storeKinds } from "../upstream/stores.ts";

describe.each(storeKinds)("the staff console on %s", (store) => {
  let c: ConsoleUnderTest;
  beforeEach(async () => {
    c = await startConsole({ store, signInLimit: { windowMs: 60_000, attempts: 5 } });
  });
  afterEach(() => c.close());

  it("answers only under its own host name, with a strict CSP and no caching", async () => {
    const wrong = await request(c.app).get("/zh/sign-in").set("Host", "evil.example:4444");
    expect(wrong.status).toBe(421);
    const page = await c.get("/zh/sign-in");
    expect(page.status).toBe(200);
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(page.headers["content-security-policy"]).not.toContain("unsafe-inline");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.text).toContain('<html lang="zh-CN">');
    expect(page.text).toContain("使用通行密钥登录");
    const en = await c.get("/en/sign-in");
    expect(en.text).toContain("Sign in with a passkey");
    expect((await c.get("/")).headers.location).toBe("/zh");
  });

  it("sends a visitor without a session to sign in, and refuses their writes", async () => {
    const home = await c.get("/zh");
    expect(home.status).toBe(303);
    expect(home.headers.location).toBe("/zh/sign-in");
    const write = await c.post("/en/staff", { email: "x@qingyun-power.com", role: "admin" });
    expect(write.status).toBe(401);
    expect(await c.store.byEmail("x@qingyun-power.com")).toBeNull();
  });

  it("refuses cross-site writes even with a valid session (Origin and Sec-Fetch-Site)", async () => {
    const admin = await c.signedIn("admin@qingyun-power.com", "admin");
    const host = new URL(STAFF_ORIGIN).host;
    const form = { email: "new@qingyun-power.com", role: "viewer" };
    const cases: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { Origin: STAFF_ORIGIN, "Sec-Fetch-Site": "cross-site" },
      { Origin: STAFF_ORIGIN, "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "same-origin" },
      { Origin: "null" },
    ];
    for (const headers of cases) {
      const answer = await request(c.app).post("/en/staff").set("Host", host).set("Cookie", admin.cookie).set(headers).type("form").send(form);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.text).toContain("A request from another site was refused.");
    }
    expect(await c.store.byEmail("new@qingyun-power.com")).toBeNull();
    expect((await c.post("/en/staff", form, admin.cookie)).status).toBe(200);
    expect((await c.store.byEmail("new@qingyun-power.com"))?.role).toBe("viewer");
  });

  it("enforces roles on the server: only an admin manages staff", async () => {
    const viewer = await c.signedIn("viewer@qingyun-power.com", "viewer");
    const sales = await c.signedIn("sales@qingyun-power.com", "sales");
    for (const member of [viewer, sales]) {
      expect((await c.get("/zh/staff", member.cookie)).status).toBe(403);
      expect((await c.post("/zh/staff", { email: "sneaky@qingyun-power.com", role: "admin" }, member.cookie)).status).toBe(403);
      expect((await c.post("/zh/staff/change", { id: String(viewer.id), change: "role:admin" }, member.cookie)).status).toBe(403);
    }
    expect(await c.store.byEmail("sneaky@qingyun-power.com")).toBeNull();
    expect((await c.store.byId(viewer.id))?.role).toBe("viewer");
    // The navigation offers a viewer nothing it may not open.
    const home = await c.get("/zh", viewer.cookie);
    expect(home.status).toBe(200);
    expect(home.text).not.toContain('href="/zh/staff"');
  });

  it("refuses a member disabled mid-session at the next request, and keeps the last admin", async () => {
    const admin = await c.signedIn("admin@qingyun-power.com", "admin");
    const sales = await c.signedIn("sales@qingyun-power.com", "sales");
    expect((await c.get("/en", sales.cookie)).status).toBe(200);
    expect((await c.post("/en/staff/change", { id: String(sales.id), change: "disable" }, admin.cookie)).status).toBe(303);
    const next = await c.get("/en", sales.cookie);
    expect(next.status).toBe(303);
    expect(next.headers.location).toBe("/en/sign-in");
    expect(String(next.headers["set-cookie"])).toMatch(/qy_staff=;/);
    const refused = await c.post("/en/staff/change", { id: String(admin.id), change: "disable" }, admin.cookie);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("The last active admin cannot be disabled");
    const audit = await c.rows("SELECT staff_email AS who, action, target, detail FROM staff_audit ORDER BY id");
    expect(audit).toContainEqual({ who: "admin@qingyun-power.com", action: "changeStaff", target: "sales@qingyun-power.com", detail: "disable" });
  });

  it("ends a session after 12 hours and on sign-out; sign-out everywhere ends every session", async () => {
    const admin = await c.signedIn("admin@qingyun-power.com", "admin");
    const second = `qy_staff=${(await c.store.startSession(admin.id)).token}`;
    c.clock.now += staffSessionMs - 1000;
    expect((await c.get("/zh", admin.cookie)).status).toBe(200);
    c.clock.now += 2000;
    expect((await c.get("/zh", admin.cookie)).status).toBe(303);

    const fresh = `qy_staff=${(await c.store.startSession(admin.id)).token}`;
    const third = `qy_staff=${(await c.store.startSession(admin.id)).token}`;
    const out = await c.post("/zh/sign-out", {}, fresh);
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe("/zh/sign-in");
    expect((await c.get("/zh", fresh)).status).toBe(303);
    expect((await c.get("/zh", third)).status).toBe(200);
    await c.post("/zh/sign-out", { everywhere: "1" }, third);
    expect((await c.get("/zh", third)).status).toBe(303);
    expect((await c.get("/zh", second)).status).toBe(303);
  });

  it("shows an enrolment link once per token, until it expires; an admin's new member gets one", async () => {
    const admin = await c.signedIn("admin@qingyun-power.com", "admin");
    const added = await c.post("/zh/staff", { email: "Li.Lei@Qingyun-Power.com", role: "sales" }, admin.cookie);
    expect(added.status).toBe(200);
    const url = /<code>(http:\/\/localhost:4444\/zh\/enrol\?token=[\w-]+)<\/code>/.exec(added.text)?.[1];
    expect(url).toBeDefined();
    const path = new URL(url!).pathname + new URL(url!).search;
    const page = await c.get(path);
    expect(page.text).toContain("为 li.lei@qingyun-power.com 登记一个通行密钥");
    expect(page.text).toContain('data-passkey="enrol"');
    const duplicate = await c.post("/en/staff", { email: "li.lei@qingyun-power.com", role: "viewer" }, admin.cookie);
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain("An account with this e-mail exists already.");
    const invalid = await c.post("/en/staff", { email: "not an address", role: "viewer" }, admin.cookie);
    expect(invalid.status).toBe(400);
    c.clock.now += staffEnrolmentMs + 1;
    expect((await c.get(path)).text).toContain("此登记链接无效、已使用或已过期");
    expect((await c.get("/en/enrol?token=<script>")).text).toContain("This enrolment link is invalid");
  });

  it("rate-limits passkey attempts per client, and refuses a sign-in with no ceremony or an unknown passkey", async () => {
    const host = new URL(STAFF_ORIGIN).host;
    const attempt = () =>
      request(c.app)
        .post("/webauthn/sign-in/verify")
        .set("Host", host)
        .set("Origin", STAFF_ORIGIN)
        .send({ language: "en", response: { id: "abc", rawId: "abc", type: "public-key", response: {} } });
    const first = await attempt();
    expect(first.status).toBe(401);
    expect(first.body.message).toBe("Not signed in: the passkey was not recognised, or the account is disabled.");
    for (let i = 0; i < 4; i++) await attempt();
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.ratelimit).toBeDefined();
    const options = await request(c.app).post("/webauthn/sign-in/options").set("Host", host).set("Origin", "https://evil.example").send({ language: "en" });
    expect(options.status).toBe(403);
  });

  it("sets the session cookie HttpOnly, SameSite=Strict and host-only (no Domain), 12 hours", async () => {
    const { sessionCookie } = await import("../../server/staff/session.ts");
    const express = (await import("express")).default;
    const probe = express();
    probe.get("/", (_req, res) => {
      sessionCookie("https://staff.qingyun.internal").set(res, "token");
      res.end();
    });
    const cookie = String((await request(probe).get("/")).headers["set-cookie"]);
    expect(cookie).toMatch(/^__Host-qy_staff=token;/);
    expect(cookie).toContain("Max-Age=43200");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("keeps an audit log only admins read, filtered by action and member", async () => {
    const admin = await c.signedIn("admin@qingyun-power.com", "admin");
    const sales = await c.signedIn("sales@qingyun-power.com", "sales");
    await c.post("/en/staff", { email: "new@qingyun-power.com", role: "viewer" }, admin.cookie);
    await c.post("/en/sign-out", {}, sales.cookie);
    expect((await c.get("/en/audit", (await c.signedIn("other@qingyun-power.com", "sales")).cookie)).status).toBe(403);
    const all = await c.get("/en/audit", admin.cookie);
    expect(all.status).toBe(200);
    expect(all.text).toContain("2 entries");
    expect(all.text).toMatch(/sales@qingyun-power\.com<\/td><td>Signed out/);
    const added = await c.get("/zh/audit?action=addStaff", admin.cookie);
    expect(added.text).toContain("共 1 条");
    expect(added.text).toContain("new@qingyun-power.com");
    const bySales = await c.get("/en/audit?email=sales@qingyun-power.com", admin.cookie);
    expect(bySales.text).toContain("1 entry");
    expect(bySales.text).not.toContain("new@qingyun-power.com");
  });

  it("makes a member a single-use link for a second passkey, audited", async () => {
    const sales = await c.signedIn("sales@qingyun-power.com", "sales");
    const home = await c.post("/en/passkeys", {}, sales.cookie);
    expect(home.status).toBe(200);
    const url = /<code>(http:\/\/localhost:4444\/en\/enrol\?token=[\w-]+)<\/code>/.exec(home.text)?.[1];
    expect(url).toBeDefined();
    const enrol = await c.get(new URL(url!).pathname + new URL(url!).search);
    expect(enrol.text).toContain("Enrol a passkey for sales@qingyun-power.com.");
    expect(await c.rows("SELECT action, detail FROM staff_audit")).toEqual([{ action: "changeStaff", detail: "enrolmentLink" }]);
  });

  it("ends an enrolment ceremony only with the link it began with", async () => {
    const host = new URL(STAFF_ORIGIN).host;
    const a = (await c.store.addMember("a@qingyun-power.com", "sales")).token;
    const b = (await c.store.addMember("b@qingyun-power.com", "sales")).token;
    const options = await request(c.app).post("/webauthn/enrol/options").set("Host", host).set("Origin", STAFF_ORIGIN).send({ language: "en", token: a });
    expect(options.status).toBe(200);
    expect(options.body.user.name).toBe("a@qingyun-power.com");
    expect(options.body.rp).toEqual({ name: "Qingyun staff console", id: "localhost" });
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const cookie = String(options.headers["set-cookie"]).split(";")[0]!;
    const response = { id: "abc", rawId: "abc", type: "public-key", response: {} };
    const swapped = await request(c.app)
      .post("/webauthn/enrol/verify")
      .set("Host", host)
      .set("Origin", STAFF_ORIGIN)
      .set("Cookie", cookie)
      .send({ language: "en", token: b, response });
    expect(swapped.status).toBe(400);
    expect(swapped.body.message).toBe("This enrolment link is invalid, used or expired. Ask an admin for a new one.");
    expect((await c.store.enrolmentMember(b))?.email).toBe("b@qingyun-power.com");
  });

  it("moves a passkey's signature counter only forward; a counter of 0 that stays 0 is no counter", async () => {
    const { token } = await c.store.addMember("counter@qingyun-power.com", "sales");
    await c.store.enrol(token, { id: "counted", publicKey: new Uint8Array([1]), counter: 5, transports: [] });
    expect(await c.store.recordPasskeyUse("counted", 5)).toBe(false);
    expect(await c.store.recordPasskeyUse("counted", 4)).toBe(false);
    expect(await c.store.recordPasskeyUse("counted", 6)).toBe(true);
    expect((await c.store.passkey("counted"))?.counter).toBe(6);
    const second = await c.store.addMember("synced@qingyun-power.com", "sales");
    await c.store.enrol(second.token, { id: "synced", publicKey: new Uint8Array([2]), counter: 0, transports: [] });
    expect(await c.store.recordPasskeyUse("synced", 0)).toBe(true);
    expect(await c.store.recordPasskeyUse("synced", 0)).toBe(true);
    // An enrolment link enrols once.
    expect(await c.store.enrol(second.token, { id: "again", publicKey: new Uint8Array([3]), counter: 0, transports: [] })).toBeNull();
  });

  it("answers a malformed order path with 404, never 500", async () => {
    const viewer = await c.signedIn("viewer@qingyun-power.com", "viewer");
    expect((await c.get("/en/orders/%E0%A4%A", viewer.cookie)).status).toBe(404);
    expect((await c.get("/en/leads/message/0", viewer.cookie)).status).toBe(404);
  });
});
