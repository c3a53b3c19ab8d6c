// The visitor's records on several upstream hosts sharing one PostgreSQL (docs/decisions/044-store-interface-and-postgresql.md):
// contact messages sent through either host are in the inbox the staff console reads, and each one's notice to the
// sales inbox is sent once though both hosts poll the outbox; one client's hourly limit of a form holds across the
// hosts; a visitor is counted once per article and day whichever host their views reach; and the visitor's export
// and erasure through one host take what was sent through the other.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDownloadRecord, addLeaveWord, addPageView, callPath, queryAttachPage, queryNewsById } from "../../shared/contract/index.ts";
import { createPool } from "../../server/upstream/postgres.ts";
import { leadLimits } from "../../server/upstream/leads/store.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { startConsole } from "../routes/staff-helpers.ts";
import { freshIp, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { storeRows, testPostgres } from "./stores.ts";

interface Mail {
  subject: string;
  messageId: string;
}
const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";
const LEAVE_WORD = callPath(addLeaveWord, "qingyun");
const DOWNLOAD = callPath(addDownloadRecord, "qingyun");

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean, what: string, tries = 400) {
  for (let i = 0; i < tries; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("two upstream hosts taking the visitor's records on one PostgreSQL", () => {
  let a: AccountUpstream;
  let b: AccountUpstream;
  let pool: pg.Pool;
  const mails: Mail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink(({ raw }) => mails.push({ subject: decodeMail(raw).subject, messageId: messageIdOf(raw) }));
    const databaseUrl = await (await testPostgres()).database();
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SALES_MAIL_TO: "sales@qingyun-power.com" };
    [a, b] = await Promise.all([startAccountUpstream({ databaseUrl, mailPollMs: 50, env }), startAccountUpstream({ databaseUrl, mailPollMs: 50, env })]);
    pool = createPool(databaseUrl, () => {});
  });
  afterAll(async () => {
    await pool?.end();
    await a?.cleanup();
    await b?.cleanup();
    await smtp?.close();
  });

  it("messages sent through either host are in the console's inbox, and each one's sales notice is sent once", async () => {
    const sent = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const answer = await (i % 2 ? a : b).call(LEAVE_WORD, { name: `Visitor ${i}`, email: `visitor${i}@example.org`, content: `Question ${i}` }, { ip: freshIp() });
        expect(answer.status).toBe(200);
        return answer.json.data.id as number;
      }),
    );
    expect(new Set(sent).size).toBe(30);
    await until(() => sent.every((id) => mails.some((mail) => mail.subject.includes(`#${id}:`))), "30 sales notices");
    // Both hosts keep polling: a few more rounds give a second send the chance to show.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const id of sent) expect(mails.filter((mail) => mail.subject.includes(`#${id}:`))).toHaveLength(1);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(mails.length);
    let rows: Array<{ state: string; attempts: number; n: number }> = [];
    for (let tries = 0; tries < 100; tries++) {
      rows = await storeRows(a, "SELECT state, attempts, COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id IS NOT NULL GROUP BY state, attempts");
      if (rows.length === 1 && rows[0]!.state === "sent") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows).toEqual([{ state: "sent", attempts: 1, n: 30 }]);

    // The staff console (on whichever host) reads them from the same database, and works one for everybody.
    const console = await startConsole({ store: "postgres", databaseUrl: a.databaseUrl! });
    try {
      const sales = await console.signedIn("sales@qingyun-power.com", "sales");
      const inbox = await console.get("/en/leads?kind=message", sales.cookie);
      expect(inbox.text).toContain("30 in all");
      for (const i of [0, 29]) expect(inbox.text).toContain(`Visitor ${i}`);
      const worked = await console.post(`/en/leads/message/${sent[0]}`, { status: "handled", assignedTo: String(sales.id), note: "Answered" }, sales.cookie);
      expect(worked.status).toBe(303);
      expect(await storeRows(b, "SELECT status, note FROM leave_words WHERE id = ?", [sent[0]!])).toEqual([{ status: "handled", note: "Answered" }]);
    } finally {
      await console.close();
    }
  }, 60_000);

  it("one client's hourly limit of each form holds across the hosts, however its forms are spread over them", async () => {
    const ip = freshIp();
    const messages = await Promise.all(
      Array.from({ length: leadLimits.messagesPerHour + 8 }, (_, i) =>
        (i % 2 ? a : b).call(LEAVE_WORD, { name: "Burst", phone: "13800138000", content: `Burst ${i}` }, { ip }),
      ),
    );
    expect(messages.filter((answer) => answer.status === 200)).toHaveLength(leadLimits.messagesPerHour);
    expect(messages.filter((answer) => answer.status === 429).map((answer) => answer.json.code)).toEqual(Array(8).fill("E42900001"));

    const attachId = (await a.call(callPath(queryAttachPage, "qingyun"), { pageSize: 1 })).json.data.list[0].id as string;
    const form = { attachId, name: "Burst", phone: "13800138000", email: "burst@example.org", company: "Acme", position: "Engineer", productDemand: "SiC" };
    const downloads = await Promise.all(Array.from({ length: leadLimits.downloadsPerHour + 8 }, (_, i) => (i % 2 ? a : b).call(DOWNLOAD, form, { ip })));
    expect(downloads.filter((answer) => answer.status === 200)).toHaveLength(leadLimits.downloadsPerHour);
    expect(downloads.filter((answer) => answer.status === 429)).toHaveLength(8);
  });

  it("a visitor viewing an article through both hosts at once is counted once that day", async () => {
    const id = 1;
    const view = (host: AccountUpstream, cookie: string) =>
      fetch(host.url + callPath(addPageView, "qingyun"), {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `qy_vid=${cookie}` },
        body: JSON.stringify({ language: "en", sitePageDataType: 1, websiteCode: "qingyun", id }),
      }).then(async (response) => (await response.json()).data as { views: number; counted: boolean });
    const before = (await a.call(callPath(queryNewsById, "qingyun"), { id })).json.data.article.views as number;
    const visitors = ["AAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBB", "CCCCCCCCCCCCCCCCCCCCCC"];
    const answers = await Promise.all(visitors.flatMap((cookie) => Array.from({ length: 6 }, (_, i) => view(i % 2 ? a : b, cookie))));
    expect(answers.filter((answer) => answer.counted)).toHaveLength(visitors.length);
    for (const host of [a, b]) expect((await host.call(callPath(queryNewsById, "qingyun"), { id })).json.data.article.views).toBe(before + visitors.length);
  });

  it("the export through one host holds what was sent through the other, and the deletion through it erases it for both", async () => {
    const phone = freshPhone();
    const { session } = await a.signIn(phone);
    expect((await b.call(LEAVE_WORD, { name: "Owner", phone, content: `Mine ${phone}` }, { cookie: session })).status).toBe(200);
    const exported = await a.call("/proxy/qingyun/basic/userData/exportMyData", {}, { cookie: session });
    expect(exported.json.data.contactMessages).toMatchObject([{ name: "Owner", content: `Mine ${phone}` }]);
    expect((await b.call("/proxy/qingyun/basic/userData/deleteMyAccount", { confirm: true }, { cookie: session })).status).toBe(200);
    expect(await storeRows(a, "SELECT COUNT(*) AS n FROM leave_words WHERE content = ?", [`Mine ${phone}`])).toEqual([{ n: 0 }]);
    // The session is gone on both hosts.
    for (const host of [a, b]) expect((await host.call("/proxy/qingyun/basic/userData/exportMyData", {}, { cookie: session })).status).toBe(401);
  });
});
