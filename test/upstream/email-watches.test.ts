// Subscribing by e-mail without an account, double opt-in, on the upstream with real SMTP to a local sink:
// a request mails a signed confirmation link and watches nothing; the link's check changes nothing; confirming
// watches the parts once (a replay is refused with 409, an expired link with 410, a forged one with 400);
// requests are limited per address and per client (an IPv6 /64 is one client); a published notice reaches
// the subscriber with its manage link, and a mailbox that is both an account's and a subscription gets one
// e-mail; the account's data export shows the subscription of its address and deletion removes it.
// docs/decisions/034-part-watches-and-notice-mail.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addPartWatches,
  callPath,
  confirmEmailWatch,
  deleteMyAccount,
  exportMyData,
  queryEmailWatches,
  removeEmailWatch,
  requestEmailWatch,
  unsubscribeWatches,
  watchPartLimit,
} from "../../shared/contract/index.ts";
import { startSmtpSink, type ReceivedMail } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { contractData, freshIp, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { noticesCli } from "./notices-cli.ts";
import { storeKinds } from "./stores.ts";

const SECRET = "notice-mail-secret-for-email-tests-0123456789";
const path = (call: Parameters<typeof callPath>[0]) => callPath(call, "qingyun");
let counter = 0;
const freshEmail = (name: string) => `${name}-${process.pid}-${++counter}@example.com`;

// Every case on both stores (docs/decisions/044-store-interface-and-postgresql.md).
describe.each(storeKinds)("subscribing by e-mail with double opt-in on %s", (store) => {
  const received: ReceivedMail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let u: AccountUpstream;

  beforeAll(async () => {
    smtp = await startSmtpSink((mail) => received.push(mail));
    u = await startAccountUpstream({ store, mailPollMs: 50, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTICE_MAIL_SECRET: SECRET } }, Date.now());
  });
  afterAll(async () => {
    await u?.cleanup();
    await smtp?.close();
  });

  async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
    for (let tries = 0; tries < 100; tries++) {
      const found = received.filter((mail) => mail.to.includes(address));
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${count} e-mails to ${address}`);
  }

  async function notices(...args: string[]) {
    const answer = await noticesCli(u, SECRET, args);
    u.clock.t = Math.max(u.clock.t, Date.now() + 1000);
    return answer;
  }

  /** Requests a subscription and reads the confirmation link's token from the e-mail. */
  async function subscribe(email: string, partNumbers: string[], language: "zh" | "en" = "en", ip = freshIp()): Promise<string> {
    const before = received.filter((mail) => mail.to.includes(email)).length;
    const asked = await u.call(path(requestEmailWatch), { email, partNumbers }, { language, ip });
    expect(asked.status).toBe(200);
    expect(contractData(requestEmailWatch, asked.json)).toEqual({ expiresInHours: 48 });
    const mail = (await mailsTo(email, before + 1))[before]!;
    const { text } = decodeMail(mail.raw);
    const link = /(http:\/\/localhost:3000\/(?:zh|en)\/subscribe\/confirm\?token=\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    return new URL(link!).searchParams.get("token")!;
  }

  it("mails a confirmation, watches nothing until it is confirmed, once, and the notice reaches the subscriber", async () => {
    const email = freshEmail("guest");
    const before = received.length;
    const token = await subscribe(email, ["QCD10065T2", "qcd10065b2a"], "zh");
    const mail = received.slice(before).find((m) => m.to.includes(email))!;
    const { subject, text } = decodeMail(mail.raw);
    expect(subject).toBe("请确认订阅青云功率半导体的产品变更通知");
    expect(text).toContain("QCD10065T2");
    expect(text).toContain("48 小时");
    expect(token).toMatch(/^c1\.\d+\.[\w-]{43}$/);
    // Not confirmed: the address is nobody's recipient yet.
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([]);

    const checked = await u.call(path(confirmEmailWatch), { token, check: true }, { language: "zh" });
    expect(contractData(confirmEmailWatch, checked.json)).toEqual({ email, parts: ["QCD10065T2", "QCD10065B2A"], manageToken: null });
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([]);

    const confirmed = contractData(confirmEmailWatch, (await u.call(path(confirmEmailWatch), { token }, { language: "zh" })).json);
    expect(confirmed.manageToken).toMatch(/^w1\.\d+\.[\w-]{43}$/);
    const replayed = await u.call(path(confirmEmailWatch), { token }, { language: "zh" });
    expect(replayed.status).toBe(409);
    expect(replayed.json.code).toBe("E40034007");
    expect(replayed.json.message).toContain("已使用");
    expect((await u.call(path(confirmEmailWatch), { token, check: true })).status).toBe(409);

    const manage = confirmed.manageToken!;
    const listed = contractData(queryEmailWatches, (await u.call(path(queryEmailWatches), { token: manage })).json);
    expect(listed).toMatchObject({ email, limit: watchPartLimit, parts: [{ partNumber: "QCD10065B2A" }, { partNumber: "QCD10065T2" }] });

    const published = await notices("publish", "PCN-2026-003");
    expect(published.recipients.filter((r) => r.email === email)).toEqual([
      { email, language: "zh", parts: ["QCD10065B2A", "QCD10065T2"], watcherId: expect.any(Number) },
    ]);
    const [, noticeMail] = await mailsTo(email, 2);
    const notice = decodeMail(noticeMail!.raw).text;
    expect(notice).toContain(`http://localhost:3000/zh/subscribe/manage?token=${manage}`);
    expect(noticeMail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    // Publishing again mails nobody twice.
    expect((await notices("publish", "PCN-2026-003")).recipients.filter((r) => r.email === email)).toEqual([]);

    // Managed by the link, without an account: one part removed, then every one by the one-click unsubscribe.
    const removed = await u.call(path(removeEmailWatch), { token: manage, partNumber: "QCD10065B2A" });
    expect(contractData(removeEmailWatch, removed.json).parts.map((part) => part.partNumber)).toEqual(["QCD10065T2"]);
    expect((await u.call(path(unsubscribeWatches), { token: manage })).json.data).toEqual({ already: false });
    expect(contractData(queryEmailWatches, (await u.call(path(queryEmailWatches), { token: manage })).json).parts).toEqual([]);
    // A replayed confirmation link never subscribes again after the unsubscribe.
    expect((await u.call(path(confirmEmailWatch), { token })).status).toBe(409);
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([]);
  });

  it("refuses forged and expired links with their own status, in the request's language, never a 500", async () => {
    const email = freshEmail("links");
    const token = await subscribe(email, ["QCM160120K3"]);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [forged, token.replace(/^c1\.\d+/, "c1.999999"), token.replace(/^c1/, "w1"), "c1.1.x", "%00", "x".repeat(200)]) {
      const refused = await u.call(path(confirmEmailWatch), { token: bad }, { language: "en" });
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe("E40034005");
      expect(refused.json.message).toContain("not valid");
    }
    // A confirmation link is no mailbox link (the kind is signed).
    expect((await u.call(path(queryEmailWatches), { token })).status).toBe(400);
    expect((await u.call(path(unsubscribeWatches), { token })).status).toBe(400);
    for (const body of [{ token: 42 }, { token: "x".repeat(201) }, {}, { token, extra: 1 }]) {
      expect((await u.call(path(confirmEmailWatch), body)).status).toBe(400);
    }

    u.clock.advance(48 * 60 * 60 * 1000 + 1000);
    const expired = await u.call(path(confirmEmailWatch), { token }, { language: "zh" });
    expect(expired.status).toBe(410);
    expect(expired.json).toMatchObject({ code: "E40034006", message: "确认链接已过期（有效期 48 小时），请重新订阅，我们会发送新的确认邮件" });
    expect((await u.call(path(confirmEmailWatch), { token, check: true }, { language: "en" })).status).toBe(410);
    expect((await u.get("/healthz")).status).toBe(200);
  });

  it("limits requests per address (whoever asks) and per client (an IPv6 /64 is one client)", async () => {
    const target = freshEmail("victim");
    for (let i = 0; i < 3; i++) expect((await u.call(path(requestEmailWatch), { email: target, partNumbers: ["QCD10065T2"] }, { ip: freshIp() })).status).toBe(200);
    const fourth = await u.call(path(requestEmailWatch), { email: target, partNumbers: ["QCD10065T2"] }, { ip: freshIp(), language: "zh" });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toMatchObject({ code: "E42934001", message: "已向此邮箱发送过多封确认邮件，请使用其中一封，或稍后再试" });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    // The owner's mailbox holds the three e-mails; none of them watched anything by itself.
    await mailsTo(target, 3);
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === target)).toEqual([]);

    // Ten requests from addresses of one /64, to ten addresses: the eleventh from another address of it is refused.
    for (let i = 1; i <= 10; i++) {
      const asked = await u.call(path(requestEmailWatch), { email: freshEmail("many"), partNumbers: ["QCD10065T2"] }, { ip: `2001:db8:7:1::${i.toString(16)}` });
      expect(asked.status).toBe(200);
    }
    const eleventh = await u.call(path(requestEmailWatch), { email: freshEmail("many"), partNumbers: ["QCD10065T2"] }, { ip: "2001:db8:7:1:ffff::1" });
    expect(eleventh.status).toBe(429);
    expect(eleventh.json.code).toBe("E42900001");
    // Another /64 is another client.
    expect((await u.call(path(requestEmailWatch), { email: freshEmail("many"), partNumbers: ["QCD10065T2"] }, { ip: "2001:db8:7:2::1" })).status).toBe(200);
  });

  it("names an unknown part, refuses a bad address and odd bodies with a 4xx", async () => {
    const unknown = await u.call(path(requestEmailWatch), { email: freshEmail("odd"), partNumbers: ["QCD10065T2", "NOPE-42"] }, { language: "en", ip: freshIp() });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toContain("NOPE-42");
    expect((await u.call(path(requestEmailWatch), { email: "not-an-address", partNumbers: ["QCD10065T2"] }, { ip: freshIp() })).status).toBe(400);
    const many = Array.from({ length: watchPartLimit + 1 }, (_, i) => `P${i}`);
    for (const body of [
      { email: freshEmail("odd"), partNumbers: many },
      { email: freshEmail("odd"), partNumbers: [] },
      { email: ["a@b.c"], partNumbers: ["QCD10065T2"] },
      { partNumbers: ["QCD10065T2"] },
    ]) {
      expect((await u.call(path(requestEmailWatch), body, { ip: freshIp() })).status).toBe(400);
    }
    expect((await u.call(path(removeEmailWatch), { token: "w1.1.x", partNumber: "QCD10065T2" })).status).toBe(400);
  });

  /** Signs in with an e-mail address (its code read from the sink); returns the session. */
  async function signInByEmail(email: string): Promise<string> {
    const sent = await u.call("/open/message/sendVerifyCode", { email });
    expect(sent.status).toBe(200);
    const codeMail = (await mailsTo(email, 1))[0]!;
    const code = /\b(\d{6})\b/.exec(decodeMail(codeMail.raw).text)![1];
    const answer = await u.call("/open/user/auth/authAndRegisterByEmail", { email, code });
    const line = answer.headers.getSetCookie()[0]!;
    return decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
  }

  it("mails a mailbox that is an account's and a subscription once", async () => {
    const email = freshEmail("once");
    const session = await signInByEmail(email);
    await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2"] }, { cookie: session, language: "en" });
    const token = await subscribe(email, ["QCD10065B2A"]);
    expect((await u.call(path(confirmEmailWatch), { token })).status).toBe(200);
    const published = (await notices("publish", "PCN-2026-003")).recipients.filter((r) => r.email === email);
    expect(published).toEqual([expect.objectContaining({ email, parts: ["QCD10065B2A", "QCD10065T2"] })]);
    // The code, the confirmation and one notice e-mail; a second publish adds none.
    await mailsTo(email, 3);
    expect((await notices("publish", "PCN-2026-003")).recipients.filter((r) => r.email === email)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(3);
  });

  it("exports a mailbox's account watches and subscription, and deletes both with the account", async () => {
    const email = freshEmail("both");
    const sent = await u.call("/open/message/sendVerifyCode", { email });
    expect(sent.status).toBe(200);
    const codeMail = (await mailsTo(email, 1))[0]!;
    const code = /\b(\d{6})\b/.exec(decodeMail(codeMail.raw).text)![1];
    const answer = await u.call("/open/user/auth/authAndRegisterByEmail", { email, code });
    const line = answer.headers.getSetCookie()[0]!;
    const session = decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
    await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2"] }, { cookie: session, language: "en" });
    const token = await subscribe(email, ["QCD10065B2A"]);
    expect((await u.call(path(confirmEmailWatch), { token })).status).toBe(200);

    const planned = (await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === email);
    expect(planned).toEqual([expect.objectContaining({ email, parts: ["QCD10065B2A", "QCD10065T2"] })]);

    const exported = contractData(exportMyData, (await u.call(path(exportMyData), {}, { cookie: session })).json);
    expect(exported.watches).toMatchObject({ email, parts: [{ partNumber: "QCD10065T2" }] });
    expect(exported.emailSubscription).toMatchObject({ email, parts: [{ partNumber: "QCD10065B2A" }] });

    // A pending request for the address goes too.
    await subscribe(email, ["QCM160120K3"]);
    expect((await u.call(path(deleteMyAccount), { confirm: true }, { cookie: session })).status).toBe(200);
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([]);
    const rows = await u.call(path(requestEmailWatch), { email, partNumbers: ["QCD10065T2"] }, { ip: freshIp() });
    // The address's earlier requests are gone, so its limit starts again.
    expect(rows.status).toBe(200);
  });
});
