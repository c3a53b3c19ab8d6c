// Watches and their e-mails on two upstream hosts sharing one PostgreSQL
// (docs/decisions/044-store-interface-and-postgresql.md, "Watches and notices (step 5)"): a subscription requested
// through one host and confirmed through the other is honoured by both (and confirmed once), an account adding parts
// through both hosts at once keeps its mailbox's limit, each confirmation e-mail goes out once though both hosts
// poll, and a notice published while both poll, by two publishes at once, sends each watcher's e-mail once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPartWatches, callPath, confirmEmailWatch, queryEmailWatches, queryPartWatches, requestEmailWatch, watchPartLimit } from "../../shared/contract/index.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { contractData, freshIp, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { noticesCli } from "./notices-cli.ts";
import { storeRows, testPostgres } from "./stores.ts";

const SECRET = "notice-mail-secret-for-hosts-tests-0123456789";
const path = (call: Parameters<typeof callPath>[0]) => callPath(call, "qingyun");

interface Mail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}
const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean, what: string, tries = 400) {
  for (let i = 0; i < tries; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("two upstream hosts sharing watches on one PostgreSQL", () => {
  let a: AccountUpstream;
  let b: AccountUpstream;
  const mails: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const host = () => (Math.random() < 0.5 ? a : b);
  const to = (address: string) => mails.filter((mail) => mail.to.includes(address));
  const confirmationsTo = (address: string) => to(address).filter((mail) => mail.text.includes("/subscribe/confirm?token="));

  beforeAll(async () => {
    smtp = await startSmtpSink(({ raw, to: recipients }) => {
      const { subject, text } = decodeMail(raw);
      mails.push({ to: recipients.join(","), subject, text, messageId: messageIdOf(raw) });
    });
    const databaseUrl = await (await testPostgres()).database();
    const options = { databaseUrl, mailPollMs: 50, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTICE_MAIL_SECRET: SECRET } };
    // Both clocks start at the real time: the publish stamps its e-mails with it.
    [a, b] = await Promise.all([startAccountUpstream(options, Date.now()), startAccountUpstream(options, Date.now())]);
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await smtp?.close();
  });

  /** Requests a subscription through `through` and reads the confirmation link's token from its one e-mail. */
  async function request(through: AccountUpstream, email: string, partNumbers: string[]): Promise<string> {
    const asked = await through.call(path(requestEmailWatch), { email, partNumbers }, { ip: freshIp() });
    expect(asked.status).toBe(200);
    await until(() => confirmationsTo(email).length === 1, `the confirmation e-mail to ${email}`);
    return new URL(/(http:\/\/localhost:3000\/(?:zh|en)\/subscribe\/confirm\?token=\S+)/.exec(confirmationsTo(email)[0]!.text)![1]!).searchParams.get("token")!;
  }

  it("honours on one host a subscription requested and confirmed through the other, confirmed once", async () => {
    const email = `across-${process.pid}@example.com`;
    const token = await request(a, email, ["QCD10065T2", "QCD10065B2A"]);
    // The check through the first host sees the request written through it; the confirmation goes through the other.
    expect(contractData(confirmEmailWatch, (await a.call(path(confirmEmailWatch), { token, check: true })).json).manageToken).toBeNull();
    const confirmed = contractData(confirmEmailWatch, (await b.call(path(confirmEmailWatch), { token })).json);
    expect(confirmed.parts).toEqual(["QCD10065T2", "QCD10065B2A"]);
    // The first host lists the watches by the mailbox's link, and refuses the used confirmation link.
    const listed = contractData(queryEmailWatches, (await a.call(path(queryEmailWatches), { token: confirmed.manageToken })).json);
    expect(listed.parts.map((part) => part.partNumber)).toEqual(["QCD10065B2A", "QCD10065T2"]);
    expect((await a.call(path(confirmEmailWatch), { token })).status).toBe(409);

    // Another address's link, followed through both hosts at once: one confirms, the other is told it was used.
    const again = await request(b, `again-${process.pid}@example.com`, ["QCM160120K3"]);
    const answers = await Promise.all([a.call(path(confirmEmailWatch), { token: again }), b.call(path(confirmEmailWatch), { token: again })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [row] = await storeRows<{ confirmed: number }>(a, "SELECT count(*) AS confirmed FROM watch_confirmations WHERE token = ? AND confirmed_at IS NOT NULL", [
      again,
    ]);
    expect(row!.confirmed).toBe(1);
  });

  it("keeps one mailbox's limit when its account adds parts through both hosts at once", async () => {
    const email = `limit-${process.pid}@example.com`;
    // One device asks for the code through one host and signs in through the other (a code is its client's).
    const ip = freshIp();
    expect((await a.call("/open/message/sendVerifyCode", { email }, { ip })).status).toBe(200);
    await until(() => to(email).length === 1, "the sign-in code");
    const code = /\b(\d{6})\b/.exec(to(email)[0]!.text)![1];
    const answer = await b.call("/open/user/auth/authAndRegisterByEmail", { email, code }, { ip });
    const line = answer.headers.getSetCookie()[0]!;
    const session = decodeURIComponent(line.slice(line.indexOf("=") + 1).split(";")[0]!);
    // The account's watcher, made through one host, is the one the other adds to.
    expect((await a.call(path(addPartWatches), { partNumbers: ["QCD10065T2"] }, { cookie: session })).status).toBe(200);
    expect(contractData(queryPartWatches, (await b.call(path(queryPartWatches), {}, { cookie: session })).json).parts.map((p) => p.partNumber)).toEqual(["QCD10065T2"]);
    // Filled to the limit less one with rows of no part, then one part asked through each host at once: one fits.
    const [{ id: watcher }] = (await storeRows<{ id: number }>(a, "SELECT id FROM watchers WHERE email = ?", [email])) as [{ id: number }];
    const fill = Array.from({ length: watchPartLimit - 2 }, (_, i) => [watcher, 10_000_000 + i]);
    await storeRows(a, `INSERT INTO part_watches (watcher_id, product_id, created_at) VALUES ${fill.map(() => "(?, ?, 0)").join(", ")}`, fill.flat());
    const answers = await Promise.all([
      a.call(path(addPartWatches), { partNumbers: ["QCD10065B2A"] }, { cookie: session }),
      b.call(path(addPartWatches), { partNumbers: ["QCM160120K3"] }, { cookie: session }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [count] = await storeRows<{ n: number }>(a, "SELECT count(*) AS n FROM part_watches WHERE watcher_id = ?", [watcher]);
    expect(count!.n).toBe(watchPartLimit);
  });

  it("sends each watcher the published notice once while both hosts poll, though it is published twice at once", async () => {
    // 30 subscribers, each requested and confirmed through a host at random; both hosts poll the same outbox.
    const addresses = Array.from({ length: 30 }, (_, i) => `watcher-${process.pid}-${i}@example.com`);
    for (const email of addresses) {
      const token = await request(host(), email, ["QCD10065T2"]);
      expect((await host().call(path(confirmEmailWatch), { token })).status).toBe(200);
    }
    // Each confirmation e-mail went out once.
    for (const email of addresses) expect(confirmationsTo(email)).toHaveLength(1);

    // Published from two places at once (two operators, two hosts): each watcher is queued once between them.
    const [first, second] = await Promise.all([noticesCli(a, SECRET, ["publish", "PCN-2026-003"]), noticesCli(b, SECRET, ["publish", "PCN-2026-003"])]);
    const queued = [...first.recipients, ...second.recipients].map((r) => r.email).filter((email) => addresses.includes(email));
    expect(queued.sort()).toEqual([...addresses].sort());
    a.clock.t = b.clock.t = Date.now() + 1000;
    const notices = () => addresses.flatMap((email) => to(email).filter((mail) => mail.subject.includes("PCN-2026-003")));
    await until(() => notices().length >= addresses.length, "every watcher's notice e-mail");
    // Both hosts keep polling a while: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const email of addresses)
      expect(
        to(email).filter((mail) => mail.subject.includes("PCN-2026-003")),
        email,
      ).toHaveLength(1);
    expect(new Set(notices().map((mail) => mail.messageId)).size).toBe(addresses.length);
    const rows = await storeRows<{ state: string; attempts: number; n: number }>(
      a,
      "SELECT o.state, o.attempts, count(*) AS n FROM watch_mail_outbox o JOIN notice_mails m ON m.id = o.notice_mail_id GROUP BY o.state, o.attempts",
    );
    // The 30, the first case's subscriber and the limit case's account, watchers of the same part, each sent on the first try.
    expect(rows).toEqual([{ state: "sent", attempts: 1, n: addresses.length + 2 }]);
  });
});
