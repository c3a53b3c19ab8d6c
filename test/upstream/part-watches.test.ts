// Part watches and notice e-mail end to end on the upstream: an account watches parts, `npm run notices --
// publish` (the real CLI on the same database) queues one e-mail per watcher, the outbox sends it over real
// SMTP to a local sink with RFC 8058 headers and a signed unsubscribe link, a second publish mails nobody
// again, the link unsubscribes without a session (a forged one is refused, a replayed one says so), and the
// watch list is in the data export and gone with the account. docs/decisions/034-part-watches-and-notice-mail.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addPartWatches,
  callPath,
  deleteMyAccount,
  exportMyData,
  queryPartWatches,
  removePartWatch,
  unsubscribeWatches,
  watchPartLimit,
} from "../../shared/contract/index.ts";
import { startSmtpSink, type ReceivedMail } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { contractData, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { noticesCli } from "./notices-cli.ts";
import { storeKinds } from "./stores.ts";

const SECRET = "notice-mail-secret-for-tests-0123456789";
const path = (call: Parameters<typeof callPath>[0]) => callPath(call, "qingyun");

// Every case on both stores (docs/decisions/044-store-interface-and-postgresql.md).
describe.each(storeKinds)("part watches and notice e-mail on %s", (store) => {
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

  async function signInByEmail(email: string): Promise<string> {
    const sent = await u.call("/open/message/sendVerifyCode", { email });
    expect(sent.status).toBe(200);
    // With SMTP configured the code arrives by e-mail, in the sink.
    const [codeMail] = await mailsTo(email, 1);
    const code = /\b(\d{6})\b/.exec(decodeMail(codeMail!.raw).text)![1];
    received.splice(received.indexOf(codeMail!), 1);
    const answer = await u.call("/open/user/auth/authAndRegisterByEmail", { email, code });
    expect(answer.status).toBe(200);
    const line = answer.headers.getSetCookie()[0]!;
    return decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
  }

  async function notices(...args: string[]) {
    const answer = await noticesCli(u, SECRET, args);
    // The CLI queues on the real clock: the upstream's hand-moved one catches up so the rows are due.
    u.clock.t = Date.now() + 1000;
    return answer;
  }

  async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
    for (let tries = 0; tries < 100; tries++) {
      const found = received.filter((mail) => mail.to.includes(address));
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`fewer than ${count} e-mails to ${address}`);
  }

  it("watches parts, mails the notice once with one-click unsubscribe, and unsubscribes by the signed link", async () => {
    const email = `watcher-${process.pid}@example.com`;
    const session = await signInByEmail(email);
    // Before the first watch the page already names the mailbox the notices will go to.
    const before = await u.call(path(queryPartWatches), {}, { cookie: session, language: "zh" });
    expect(contractData(queryPartWatches, before.json)).toMatchObject({ email, parts: [] });
    const add = await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2", "QCD10065B2A"] }, { cookie: session, language: "zh" });
    expect(add.status).toBe(200);
    expect(contractData(addPartWatches, add.json).parts.map((part) => part.partNumber)).toEqual(["QCD10065B2A", "QCD10065T2"]);

    const dry = await notices("publish", "PCN-2026-003", "--dry-run");
    expect(dry).toMatchObject({ dryRun: true, alreadyMailed: 0, recipients: [{ email, language: "zh", parts: ["QCD10065B2A", "QCD10065T2"] }] });
    expect(received.filter((mail) => mail.to.includes(email))).toHaveLength(0);

    const first = await notices("publish", "PCN-2026-003");
    expect(first.recipients.map((r) => r.email)).toEqual([email]);
    const [mail] = await mailsTo(email, 1);
    const { subject, text } = decodeMail(mail!.raw);
    expect(subject).toBe("产品变更通知 PCN-2026-003：QCD10065T2/QCD10065B2A 数据手册勘误");
    expect(text).toContain("http://localhost:3000/zh/support/notices/PCN-2026-003");
    expect(text).toContain("http://localhost:3000/zh/user/watches");
    const head = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/localhost:3000\/zh\/unsubscribe\?token=w1\.\d+\.[\w-]{43}$/);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    expect(head).toMatch(/^Message-ID: <order-mail\.[0-9a-f]{32}@localhost>$/im);
    expect(text).toContain(unsubscribe);

    // Publishing again mails nobody twice.
    const second = await notices("publish", "PCN-2026-003");
    expect(second).toMatchObject({ recipients: [], alreadyMailed: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);

    // A forged token (another signature, another watcher id) is refused without a session; a 500 never.
    const token = new URL(unsubscribe!).searchParams.get("token")!;
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const bad of [forged, token.replace(/^w1\.\d+/, "w1.999999"), "w1.1.x", "", "%00"]) {
      const refused = await u.call(path(unsubscribeWatches), { token: bad }, { language: "zh" });
      expect(refused.status).toBe(400);
      expect(refused.json.code === "E40034003" || refused.json.code === "E40000001").toBe(true);
    }
    const done = await u.call(path(unsubscribeWatches), { token }, { language: "zh" });
    expect(contractData(unsubscribeWatches, done.json)).toEqual({ already: false });
    const replayed = await u.call(path(unsubscribeWatches), { token });
    expect(contractData(unsubscribeWatches, replayed.json)).toEqual({ already: true });
    const list = await u.call(path(queryPartWatches), {}, { cookie: session });
    expect(contractData(queryPartWatches, list.json).parts).toEqual([]);
    // Unsubscribed: the next notice of the same parts mails nobody.
    expect((await notices("publish", "PCN-2026-003", "--dry-run")).recipients).toEqual([]);
    // Watching again, in the same language, subscribes again: the account's next notice reaches it.
    expect((await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2"] }, { cookie: session, language: "zh" })).status).toBe(200);
    expect((await notices("publish", "lifecycle:QCD10065T2", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([
      { email, language: "zh", parts: ["QCD10065T2"], watcherId: expect.any(Number) },
    ]);
  });

  it("mails a new document revision and a lifecycle change once each, in every watcher's language (decision 040)", async () => {
    const [en, zh] = [`revisions-en-${process.pid}@example.com`, `revisions-zh-${process.pid}@example.com`];
    const enSession = await signInByEmail(en);
    const zhSession = await signInByEmail(zh);
    expect((await u.call(path(addPartWatches), { partNumbers: ["QCM040120K4", "QCD05120T2"] }, { cookie: enSession, language: "en" })).status).toBe(200);
    expect((await u.call(path(addPartWatches), { partNumbers: ["QCM040120K4"] }, { cookie: zhSession, language: "zh" })).status).toBe(200);
    const mine = (result: Awaited<ReturnType<typeof notices>>) =>
      result.recipients.filter((r) => r.email === en || r.email === zh).map(({ email, language, parts }) => ({ email, language, parts }));

    // A revision of an application note reaches the watchers of any of its parts, listing the ones each watches.
    const dry = await notices("publish", "an-snubber@1.0", "--dry-run");
    expect(mine(dry)).toEqual([
      { email: en, language: "en", parts: ["QCD05120T2", "QCM040120K4"] },
      { email: zh, language: "zh", parts: ["QCM040120K4"] },
    ]);
    expect(received.filter((mail) => mail.to.includes(en) || mail.to.includes(zh))).toHaveLength(0);

    expect(mine(await notices("publish", "ds-qcm040120k4@1.1")).map((r) => r.email)).toEqual([en, zh]);
    const [enMail] = await mailsTo(en, 1);
    const [zhMail] = await mailsTo(zh, 1);
    const enText = decodeMail(enMail!.raw);
    expect(enText.subject).toBe("New document revision: QCM040120K4 datasheet, revision 1.1");
    expect(enText.text).toContain("Added the typical RDS(on) at Tj = 175 °C");
    expect(enText.text).toContain("http://localhost:3000/en/support/documents/ds-qcm040120k4/rev/1.1");
    const zhText = decodeMail(zhMail!.raw);
    expect(zhText.subject).toBe("文档新版本：QCM040120K4 数据手册，版本 1.1");
    expect(zhText.text).toContain("http://localhost:3000/zh/support/documents/ds-qcm040120k4/rev/1.1");
    for (const mail of [enMail!, zhMail!]) {
      const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      expect(head).toMatch(/^Message-ID: <order-mail\.[0-9a-f]{32}@localhost>$/im);
    }
    // Publishing the same revision again mails nobody twice.
    const again = await notices("publish", "ds-qcm040120k4@1.1");
    expect(mine(again)).toEqual([]);

    // The lifecycle state as the content has it now: the last-time buy with its dates and replacement.
    const lifecycle = await notices("publish", "lifecycle:QCD05120T2");
    expect(lifecycle.number).toBe("lifecycle:QCD05120T2@ltb@2026-03-16");
    expect(mine(lifecycle)).toEqual([{ email: en, language: "en", parts: ["QCD05120T2"] }]);
    const lifecycleMail = (await mailsTo(en, 2)).find((mail) => decodeMail(mail.raw).subject.startsWith("Lifecycle"))!;
    const { subject, text } = decodeMail(lifecycleMail.raw);
    expect(subject).toBe('Lifecycle change: QCD05120T2 is now "Last-time buy"');
    expect(text).toContain("Last order date: 2027-03-16");
    expect(text).toContain("Replacement: QCD10120T2");
    expect(text).toContain("http://localhost:3000/en/productAndService/productDetail/QCD05120T2");
    expect(mine(await notices("publish", "lifecycle:QCD05120T2"))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((mail) => mail.to.includes(en))).toHaveLength(2);
    expect(received.filter((mail) => mail.to.includes(zh))).toHaveLength(1);

    // An unknown revision or part is named and nothing is queued.
    for (const name of ["ds-qcm040120k4@9.9", "no-such-document@1.0", "lifecycle:NOPE-1"]) {
      const failed = await notices("publish", name).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code, name).toBe(1);
      expect(failed?.stderr).toContain(name);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.filter((mail) => mail.to.includes(en))).toHaveLength(2);
  });

  it("refuses an unknown part by name, a batch past the limit, and never answers 500 to odd bodies", async () => {
    const session = await signInByEmail(`limits-${process.pid}@example.com`);
    const unknown = await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2", "NOPE-123"] }, { cookie: session, language: "zh" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toContain("NOPE-123");
    const many = await u.call(path(addPartWatches), { partNumbers: Array.from({ length: watchPartLimit + 1 }, (_, i) => `P${i}`) }, { cookie: session });
    expect(many.status).toBe(400);
    const signedOut = await u.call(path(addPartWatches), { partNumbers: ["QCD10065T2"] });
    expect(signedOut.status).toBe(401);
    for (const body of [{ partNumbers: "QCD10065T2" }, { partNumbers: [42] }, { partNumbers: ["x".repeat(10_000)] }, { partNumbers: [] }, { extra: 1 }]) {
      expect((await u.call(path(addPartWatches), body, { cookie: session })).status).toBe(400);
    }
    const raw = await fetch(u.url + path(addPartWatches), { method: "POST", headers: { "content-type": "application/json" }, body: '{\u0000"partNumbers": [' });
    expect(raw.status).toBe(400);
    const removed = await u.call(path(removePartWatch), { partNumber: "QCD10065T2" }, { cookie: session });
    expect(removed.status).toBe(200);
    expect((await u.get("/healthz")).status).toBe(200);
  });

  it("puts the watch list in the data export and deletes it with the account", async () => {
    const email = `export-${process.pid}@example.com`;
    const session = await signInByEmail(email);
    await u.call(path(addPartWatches), { partNumbers: ["QCM160120K3"] }, { cookie: session, language: "en" });
    const exported = await u.call(path(exportMyData), {}, { cookie: session });
    expect(exported.status).toBe(200);
    expect(exported.json.data.watches).toMatchObject({ email, language: "en", parts: [{ partNumber: "QCM160120K3" }] });
    const deleted = await u.call(path(deleteMyAccount), { confirm: true }, { cookie: session });
    expect(deleted.status).toBe(200);
    expect((await notices("publish", "PDN-2025-003", "--dry-run")).recipients.filter((r) => r.email === email)).toEqual([]);
  });
});
