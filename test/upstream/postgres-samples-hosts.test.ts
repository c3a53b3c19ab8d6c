// Sample lists, orders and their e-mails on several upstream hosts sharing one PostgreSQL
// (docs/decisions/044-store-interface-and-postgresql.md): 200 orders submitted at random hosts get 200 distinct
// numbers and one e-mail each, a list edited on two hosts at once loses nothing and keeps its bound, and a mail
// leased by a host that then died is sent by the other once the lease has ended; a preview token revoked through
// one host is refused by both.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPath, queryPreviewRevoked, sampleLimits } from "../../shared/contract/index.ts";
import { previewTokenId } from "../../shared/http/preview-token.ts";
import { outboxRules } from "../../server/upstream/samples/mail-outbox.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { addressFor, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "./sample-fixtures.ts";
import { storeRows, testPostgres } from "./stores.ts";

const applicant = { name: "Emma Fischer", phone: "13800138000", email: "emma.fischer@example.de", companyName: "Greenfield Power", position: "Engineer" };
const sampleUse = "Evaluating a 22 kW on-board charger.";

interface Mail {
  subject: string;
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

/** Runs `work` over `items`, at most `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

describe("two upstream hosts taking sample orders on one PostgreSQL", () => {
  let a: AccountUpstream;
  let b: AccountUpstream;
  let f: SampleFixtures;
  const mails: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  /** One of the two hosts, at random. */
  const host = () => (Math.random() < 0.5 ? a : b);

  beforeAll(async () => {
    smtp = await startSmtpSink(({ raw }) => mails.push({ subject: decodeMail(raw).subject, messageId: messageIdOf(raw) }));
    const databaseUrl = await (await testPostgres()).database();
    const options = { databaseUrl, mailPollMs: 50, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } };
    [a, b] = await Promise.all([startAccountUpstream(options), startAccountUpstream(options)]);
    f = await loadSampleFixtures(a);
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
    await smtp?.close();
  });

  it("200 orders submitted at random hosts get 200 distinct numbers, and each order's e-mail goes out once", async () => {
    // 100 visitors, two orders each (of different parts: the same list is refused while its order is open).
    const visitors = await inParallel(Array.from({ length: 100 }, freshPhone), 8, async (phone) => {
      const { session } = await host().signIn(phone);
      return { session, addressId: await addressFor(host(), session) };
    });
    // A visitor's two orders one after the other (each submits the whole list); the visitors all at once.
    const perVisitor = await inParallel(visitors, 16, async ({ session, addressId }, i) => {
      const numbers: string[] = [];
      for (const part of [f.visible[i % 25]!.id, f.visible[(i + 7) % 25]!.id]) {
        expect((await host().call(`${SAMPLE}/addSampleProduct`, { siteListId: part }, { cookie: session })).status).toBe(200);
        const submitted = await host().call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse, addressId, evaluationOnly: true }, { cookie: session });
        expect(submitted.status).toBe(200);
        numbers.push(submitted.json.data.orderNumber as string);
      }
      return numbers;
    });
    const numbers = perVisitor.flat();
    expect(new Set(numbers).size).toBe(200);
    // One day's numbers, counted once across the hosts: 1 to 200, none skipped.
    expect(numbers.map((number) => Number(number.slice(-4))).sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

    await until(() => numbers.every((number) => mails.some((mail) => mail.subject.includes(number))), "200 confirmations");
    // Both hosts keep polling: a few more rounds give a second send the chance to show.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const number of numbers) expect(mails.filter((mail) => mail.subject.includes(number))).toHaveLength(1);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(mails.length);
    const rows = await storeRows<{ state: string; attempts: number; n: number }>(
      a,
      "SELECT state, attempts, COUNT(*) AS n FROM order_mail_outbox GROUP BY state, attempts",
    );
    expect(rows).toEqual([{ state: "sent", attempts: 1, n: 200 }]);
  }, 180_000);

  it("a list edited on two hosts at once loses nothing: every add lands, and the list's bound holds", async () => {
    const { session } = await a.signIn(freshPhone());
    const parts = f.visible.slice(0, sampleLimits.maxItems + 4).map((product) => product.id);
    const answers = await Promise.all(parts.map((part, i) => (i % 2 ? a : b).call(`${SAMPLE}/addSampleProduct`, { siteListId: part }, { cookie: session })));
    // Exactly the bound is added, whichever host each add reached; the others are told the list is full.
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sampleLimits.maxItems);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.json.code)).toEqual(Array(4).fill("E40022008"));
    const listed = (await a.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data as Array<{ ID: number; siteListId: number }>;
    expect(listed).toHaveLength(sampleLimits.maxItems);
    const added = parts.filter((_, i) => answers[i]!.status === 200);
    expect(listed.map((item) => item.siteListId).sort()).toEqual(added.sort());

    // Quantities changed on both hosts at once: each change is kept.
    const changes = await Promise.all(
      listed.map((item, i) => (i % 2 ? b : a).call(`${SAMPLE}/modifySampleProduct`, { ID: item.ID, quantity: (i % 9) + 1 }, { cookie: session })),
    );
    expect(changes.map((answer) => answer.status)).toEqual(Array(listed.length).fill(200));
    const after = (await b.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data as Array<{ ID: number; quantity: number }>;
    expect(after.map((item) => [item.ID, item.quantity])).toEqual(listed.map((item, i) => [item.ID, (i % 9) + 1]));
  });

  it("a part added on one host while the list is submitted on the other is either in the order or still in the list", async () => {
    for (let round = 0; round < 5; round++) {
      const { session } = await a.signIn(freshPhone());
      const addressId = await addressFor(a, session);
      const [first, second, late] = [f.visible[round]!.id, f.visible[round + 10]!.id, f.visible[round + 20]!.id];
      await a.call(`${SAMPLE}/addSampleProduct`, { siteListId: first }, { cookie: session });
      await b.call(`${SAMPLE}/addSampleProduct`, { siteListId: second }, { cookie: session });
      const [submitted, added] = await Promise.all([
        a.call(`${SAMPLE}/submitSampleOrder`, { applicant, sampleUse, addressId, evaluationOnly: true }, { cookie: session }),
        b.call(`${SAMPLE}/addSampleProduct`, { siteListId: late }, { cookie: session }),
      ]);
      expect(submitted.status).toBe(200);
      expect(added.status).toBe(200);
      const number = submitted.json.data.orderNumber as string;
      const ordered = (await b.call(`${SAMPLE}/querySampleOrderRecordList?SampleOrderNo=${number}`, {}, { cookie: session })).json.data.order.items as Array<{
        siteListId: number;
      }>;
      const left = (await a.call(`${SAMPLE}/queryOrderList`, {}, { cookie: session })).json.data as Array<{ siteListId: number }>;
      const everywhere = [...ordered, ...left].map((item) => item.siteListId).sort();
      expect(everywhere).toEqual([first, second, late].sort());
      expect(ordered.map((item) => item.siteListId)).toEqual(expect.arrayContaining([first, second]));
    }
  });
});

describe("a host that dies holding a mail's lease", () => {
  it("leaves the mail to the other host, which sends it once the lease has ended, with the same Message-ID", async () => {
    const databaseUrl = await (await testPostgres()).database();
    // The dying host's SMTP server takes the message and never answers: the host cannot know it was sent.
    const held: string[] = [];
    const stalling = await startSmtpSink(({ raw }) => held.push(raw), { holdReply: () => true });
    const received: string[] = [];
    const sink = await startSmtpSink(({ raw }) => received.push(raw));
    const hourLater = Date.UTC(2026, 10, 22, 3, 0, 0);
    // The dying host's clock is an hour ahead of the survivor's: the order's mail is due on it and not yet on
    // the survivor, so the dying host is the one that leases it.
    const dying = await startAccountUpstream({ databaseUrl, mailPollMs: 60_000, env: { SMTP_URL: `smtp://127.0.0.1:${stalling.port}` } }, hourLater);
    const survivor = await startAccountUpstream({ databaseUrl, mailPollMs: 50, env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
    try {
      const f = await loadSampleFixtures(dying);
      const { session } = await dying.signIn(freshPhone());
      await dying.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: session });
      const submitted = await dying.call(
        `${SAMPLE}/submitSampleOrder`,
        { applicant, sampleUse, addressId: await addressFor(dying, session), evaluationOnly: true },
        { cookie: session },
      );
      expect(submitted.status).toBe(200);
      await until(() => held.length === 1, "the message at the stalling server");
      const [leased] = await storeRows<{ state: string; next_attempt_at: number }>(survivor, "SELECT state, next_attempt_at FROM order_mail_outbox");
      expect(leased).toEqual({ state: "pending", next_attempt_at: hourLater + outboxRules.leaseMs });
      await dying.cleanup();

      // Within the lease the survivor leaves it alone…
      survivor.clock.t = hourLater + outboxRules.leaseMs - 1000;
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(received).toHaveLength(0);
      // …and once it has ended, sends it: the same message, under the same Message-ID.
      survivor.clock.t = hourLater + outboxRules.leaseMs + 1000;
      await until(() => received.length === 1, "the message from the surviving host");
      expect(messageIdOf(received[0]!)).toBe(messageIdOf(held[0]!));
      expect(decodeMail(received[0]!).subject).toBe(`We have received your sample application ${submitted.json.data.orderNumber}`);
      // The send is recorded just after the server's reply.
      let sent: Array<{ state: string; attempts: number }> = [];
      for (let tries = 0; tries < 100 && sent[0]?.state !== "sent"; tries++) {
        sent = await storeRows(survivor, "SELECT state, attempts FROM order_mail_outbox");
        if (sent[0]?.state !== "sent") await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(sent).toEqual([{ state: "sent", attempts: 1 }]);
    } finally {
      await survivor.cleanup();
      // The dying host's connection to it ends at the mailer's socket timeout; the server waits for that.
      await stalling.close();
      await sink.close();
    }
  }, 60_000);
});

describe("preview-token revocations on two hosts", () => {
  it("a token revoked through one host is refused whichever host the site asks", async () => {
    const databaseUrl = await (await testPostgres()).database();
    const env = { STAFF_TOKEN: "staff-token-for-hosts-tests-0123456789", PREVIEW_SECRET: "preview-secret-for-hosts-tests-0123456789ab" };
    const staff = { authorization: `Bearer ${env.STAFF_TOKEN}` };
    const [one, other] = await Promise.all([startAccountUpstream({ databaseUrl, env }), startAccountUpstream({ databaseUrl, env })]);
    try {
      const { token } = (await one.post("/staff/preview-tokens", { minutes: 30 }, staff)).json.data;
      const tokenId = await previewTokenId(token);
      const asked = async (host: AccountUpstream) => (await host.call(callPath(queryPreviewRevoked, "qingyun"), { tokenId })).json.data;
      expect([await asked(one), await asked(other)]).toEqual([{ revoked: false }, { revoked: false }]);
      expect((await other.post("/staff/preview-tokens/revoke", { token }, staff)).json.data.revoked).toBe(true);
      expect([await asked(one), await asked(other)]).toEqual([{ revoked: true }, { revoked: true }]);
    } finally {
      await one.cleanup();
      await other.cleanup();
    }
  });
});
