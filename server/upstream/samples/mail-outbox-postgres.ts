// The outbox on PostgreSQL (order e-mails and the sales inbox's notices of contact messages), shared by every
// upstream host. Due rows are claimed in a short
// transaction with SELECT … FOR UPDATE SKIP LOCKED, which moves each row's next_attempt_at to the end of a lease
// (MAIL_LEASE_SECONDS, outboxRules.leaseMs by default) before the transaction commits: two hosts polling at once never claim one row, and a row
// claimed by a host that died before recording the result is due again, for any host, once its lease ends. The
// retry schedule, the Message-ID kept across tries and the e-mails' text are mail-outbox.ts's and
// leads/sales-mail.ts's (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import { inTransaction } from "../postgres.ts";
import type { MailMessage, MailSender } from "../delivery/mailer.ts";
import { composeSalesMail, type LeaveWordForMail } from "../leads/sales-mail.ts";
import { failedTry, outboxMessageId, outboxRules, orderRowMail, pollingOutbox, type DueRow, type MailOutbox, type OrderMailItem } from "./mail-outbox.ts";

export interface PostgresOutboxDeps {
  pool: pg.Pool;
  now: () => number;
  sender: MailSender;
  publicOrigin: string;
  /** STAFF_ORIGIN: the link to a lead in the sales inbox's notice (none when the console is not configured). */
  staffOrigin?: string | undefined;
  log: (message: string, detail?: unknown) => void;
  /** MAIL_LEASE_SECONDS in ms; default outboxRules.leaseMs. */
  leaseMs?: number;
}

/** The claim of due order e-mails (test/upstream/order-query-plans.test.ts checks its plan). */
export const dueOrderMails = `SELECT m.id, m.attempts, m.message_id AS "messageId", o.id AS "orderId", o.order_number AS "orderNumber", o.language,
    o.applicant_name AS "applicantName", o.applicant_email AS "applicantEmail", o.shipping_address AS "shippingAddress", r.status, r.carrier,
    r.tracking_number AS "trackingNumber", r.note
  FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id JOIN sample_order_records r ON r.id = m.record_id
  WHERE m.state = 'pending' AND m.next_attempt_at <= $1 ORDER BY m.next_attempt_at, m.id LIMIT $2
  FOR UPDATE OF m SKIP LOCKED`;

/** The claim of due notices of contact messages: their own join (an order row never matches it, nor a lead row
 * the order claim), by the same partial index (test/upstream/lead-query-plans.test.ts checks its plan). */
export const dueLeadMails = `SELECT m.id, m.attempts, m.message_id AS "messageId", m.recipient, l.id AS "leaveWordId", l.name, l.phone, l.email, l.company,
    l.content, l.language, l.created_at AS "createdAt"
  FROM order_mail_outbox m JOIN leave_words l ON l.id = m.leave_word_id
  WHERE m.state = 'pending' AND m.next_attempt_at <= $1 ORDER BY m.next_attempt_at, m.id LIMIT $2
  FOR UPDATE OF m SKIP LOCKED`;

interface DueLeadRow extends LeaveWordForMail {
  id: number;
  attempts: number;
  messageId: string;
  recipient: string;
}

export function createPostgresOrderMailOutbox(deps: PostgresOutboxDeps): MailOutbox {
  const { pool, now } = deps;

  /** Claims up to a batch of due rows of each kind for this host: each leased until now + leaseMs. */
  function claim(): Promise<{ orders: DueRow[]; leads: DueLeadRow[] }> {
    return inTransaction(pool, async (client) => {
      const t = now();
      const orders = (await client.query<DueRow>(dueOrderMails, [t, outboxRules.batch])).rows;
      const leads = (await client.query<DueLeadRow>(dueLeadMails, [t, outboxRules.batch])).rows;
      const ids = [...orders, ...leads].map((row) => row.id);
      if (ids.length > 0) await client.query("UPDATE order_mail_outbox SET next_attempt_at = $1 WHERE id = ANY($2)", [t + (deps.leaseMs ?? outboxRules.leaseMs), ids]);
      return { orders, leads };
    });
  }

  async function deliverOrder(row: DueRow): Promise<boolean> {
    const items = (
      await pool.query<OrderMailItem>('SELECT part_number AS "partNumber", name_zh, name_en, quantity FROM sample_order_items WHERE order_id = $1 ORDER BY position', [
        row.orderId,
      ])
    ).rows;
    return send(row, orderRowMail(row, items, deps.publicOrigin), `order e-mail for ${row.orderNumber} (${row.status})`);
  }

  /** Sends one claimed row's mail under its fixed Message-ID and records the result; `what` names it in the log
   * (never the mail's text). */
  async function send(row: { id: number; attempts: number; messageId: string | null }, mail: MailMessage, what: string): Promise<boolean> {
    try {
      await deps.sender.send({ ...mail, messageId: outboxMessageId(row.messageId!, deps.publicOrigin) });
    } catch (error) {
      const failed = failedTry(row, error, what, now());
      await pool.query("UPDATE order_mail_outbox SET state = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5", [
        failed.state,
        failed.attempts,
        failed.nextAttemptAt,
        failed.lastError,
        row.id,
      ]);
      deps.log(failed.log, error);
      return false;
    }
    await pool.query("UPDATE order_mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = $1, last_error = NULL WHERE id = $2", [now(), row.id]);
    return true;
  }

  async function deliverAll(): Promise<number> {
    let sent = 0;
    const { orders, leads } = await claim();
    for (const row of orders) if (await deliverOrder(row)) sent += 1;
    for (const lead of leads) {
      if (await send(lead, composeSalesMail(lead.recipient, lead, deps.staffOrigin), `sales notice of contact message #${lead.leaveWordId}`)) sent += 1;
    }
    return sent;
  }

  return pollingOutbox(deliverAll, { label: "order e-mail outbox (postgres)", isOpen: () => true, log: deps.log });
}

/** Two outboxes as one, polled together: the SQLite file's and PostgreSQL's (index.ts says which e-mails each holds). */
export function bothOutboxes(first: MailOutbox, second: MailOutbox): MailOutbox {
  return {
    deliverDue: async () => (await Promise.all([first.deliverDue(), second.deliverDue()])).reduce((a, b) => a + b, 0),
    nudge() {
      first.nudge();
      second.nudge();
    },
    start(pollMs) {
      first.start(pollMs);
      second.start(pollMs);
    },
    stop() {
      first.stop();
      second.stop();
    },
  };
}
