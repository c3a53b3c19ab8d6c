// A new contact message e-mails the sales inbox (SALES_MAIL_TO) through the outbox, over real SMTP to a local
// sink: queued in the message's own transaction, plain text only (the visitor's markup arrives as the
// characters they typed, never as HTML), with the link to the lead in the staff console.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord } from "../../shared/contract/index.ts";
import { startSmtpSink, type ReceivedMail } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

const STAFF_ORIGIN = "https://staff.qingyun.internal";
const received: ReceivedMail[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let upstream: TestUpstream;
let quiet: TestUpstream;

beforeAll(async () => {
  smtp = await startSmtpSink((mail) => received.push(mail));
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, STAFF_ORIGIN, SALES_MAIL_TO: "Sales@Qingyun-Power.com, fae@qingyun-power.com" };
  upstream = await startTestUpstream({ mailPollMs: 50, env });
  quiet = await startTestUpstream({ mailPollMs: 50, env: { SMTP_URL: env.SMTP_URL } });
});
afterAll(async () => {
  await upstream.cleanup();
  await quiet.cleanup();
  await smtp.close();
});

async function mailAbout(id: number): Promise<ReceivedMail> {
  for (let tries = 0; tries < 100; tries++) {
    const found = received.find((mail) => decodeMail(mail.raw).subject.includes(`#${id}:`));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sales notice for message ${id}`);
}

describe("the sales inbox's notice of a contact message", () => {
  it("e-mails every SALES_MAIL_TO address in plain text with the visitor's words as typed and the console link", async () => {
    const hostile = '<script>alert("x")</script> <a href="javascript:alert(1)">datasheet</a>';
    const { data } = await callOk(upstream, addLeaveWord, "en", { name: "Anna Smith", email: "anna@example.org", company: "Acme <b>GmbH</b>", content: hostile });
    const mail = await mailAbout(data.id);
    expect(mail.to.sort()).toEqual(["fae@qingyun-power.com", "sales@qingyun-power.com"]);
    const { subject, text } = decodeMail(mail.raw);
    expect(subject).toBe(`新留言 New contact message #${data.id}: Anna Smith (Acme <b>GmbH</b>)`);
    expect(text).toContain(hostile);
    expect(text).toContain("联系方式 Contact: anna@example.org");
    expect(text).toContain(`Open it in the staff console: ${STAFF_ORIGIN}/zh/leads/message/${data.id}`);
    // One text/plain part: no HTML alternative any mail client could render.
    expect(mail.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(mail.raw).not.toMatch(/text\/html|multipart/i);
    const row = upstream.db.prepare("SELECT state, recipient FROM order_mail_outbox WHERE leave_word_id = ?").get(data.id) as { state: string; recipient: string };
    expect(row.recipient).toBe("sales@qingyun-power.com, fae@qingyun-power.com");
    for (let tries = 0; tries < 50 && row.state !== "sent"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      Object.assign(row, upstream.db.prepare("SELECT state FROM order_mail_outbox WHERE leave_word_id = ?").get(data.id));
    }
    expect(row.state).toBe("sent");
  });

  it("queues nothing when SALES_MAIL_TO is unset, and a deleted message (retention, the visitor's deletion) takes its outbox row with it", async () => {
    const { data } = await callOk(quiet, addLeaveWord, "zh", { name: "李雷", phone: "13800138000", content: "咨询样品" });
    expect(quiet.db.prepare("SELECT COUNT(*) AS n FROM order_mail_outbox").get()).toEqual({ n: 0 });
    expect(data.id).toBeGreaterThan(0);

    const { data: second } = await callOk(upstream, addLeaveWord, "zh", { name: "韩梅梅", phone: "13900139000", content: "想了解交期" });
    upstream.db.prepare("DELETE FROM leave_words WHERE id = ?").run(second.id);
    expect(upstream.db.prepare("SELECT COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id = ?").get(second.id)).toEqual({ n: 0 });
  });
});
