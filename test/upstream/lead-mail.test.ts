// A new contact message e-mails the sales inbox (SALES_MAIL_TO) through the outbox, over real SMTP to a local
// sink: queued in the message's own transaction, plain text only (the visitor's markup arrives as the
// characters they typed, never as HTML), with the link to the lead in the staff console; on each store
// (docs/decisions/044-store-interface-and-postgresql.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord } from "../../shared/contract/index.ts";
import { startSmtpSink, type ReceivedMail } from "../support/smtp-sink.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";
import { storeKinds, storeRows } from "./stores.ts";

const STAFF_ORIGIN = "https://staff.qingyun.internal";

describe.each(storeKinds)("the sales inbox's notice of a contact message on %s", (store) => {
  const received: ReceivedMail[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let upstream: TestUpstream;
  let quiet: TestUpstream;

  beforeAll(async () => {
    smtp = await startSmtpSink((mail) => received.push(mail));
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, STAFF_ORIGIN, SALES_MAIL_TO: "Sales@Qingyun-Power.com, fae@qingyun-power.com" };
    upstream = await startTestUpstream({ mailPollMs: 50, env, store });
    quiet = await startTestUpstream({ mailPollMs: 50, env: { SMTP_URL: env.SMTP_URL }, store });
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

  const outboxRows = (u: TestUpstream, id: number) =>
    storeRows<{ state: string; recipient: string }>(u, "SELECT state, recipient FROM order_mail_outbox WHERE leave_word_id = ?", [id]);

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
    let [row] = await outboxRows(upstream, data.id);
    expect(row!.recipient).toBe("sales@qingyun-power.com, fae@qingyun-power.com");
    for (let tries = 0; tries < 50 && row!.state !== "sent"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      [row] = await outboxRows(upstream, data.id);
    }
    expect(row!.state).toBe("sent");
  });

  it("queues nothing when SALES_MAIL_TO is unset, and a deleted message (retention, the visitor's deletion) takes its outbox row with it", async () => {
    const { data } = await callOk(quiet, addLeaveWord, "zh", { name: "李雷", phone: "13800138000", content: "咨询样品" });
    expect(await storeRows(quiet, "SELECT COUNT(*) AS n FROM order_mail_outbox")).toEqual([{ n: 0 }]);
    expect(data.id).toBeGreaterThan(0);

    const { data: second } = await callOk(upstream, addLeaveWord, "zh", { name: "韩梅梅", phone: "13900139000", content: "想了解交期" });
    expect(await outboxRows(upstream, second.id)).toHaveLength(1);
    await storeRows(upstream, "DELETE FROM leave_words WHERE id = ?", [second.id]);
    expect(await outboxRows(upstream, second.id)).toEqual([]);
  });
});
