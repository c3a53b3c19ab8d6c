// The order e-mails' outbox on PostgreSQL, shared by every upstream host. Due rows are claimed in a short
// transaction with SELECT … FOR UPDATE SKIP LOCKED, which moves each row's next_attempt_at to the end of a lease
// (outboxRules.leaseMs) before the transaction commits: two hosts polling at once never claim one row, and a row
// claimed by a host that died before recording the result is due again, for any host, once its lease ends. The
// retry schedule, the Message-ID kept across tries and the e-mails' text are mail-outbox.ts's
// (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import { inTransaction } from "../postgres.ts";
import type { MailSender } from "../delivery/mailer.ts";
import { outboxMessageId, outboxRules, orderRowMail, retryDelayMs, type DueRow, type MailOutbox, type OrderMailItem } from "./mail-outbox.ts";

export interface PostgresOutboxDeps {
  pool: pg.Pool;
  now: () => number;
  sender: MailSender;
  publicOrigin: string;
  log: (message: string, detail?: unknown) => void;
}

/** The claim of due order e-mails (test/upstream/order-query-plans.test.ts checks its plan). */
export const dueOrderMails = `SELECT m.id, m.attempts, m.message_id AS "messageId", o.id AS "orderId", o.order_number AS "orderNumber", o.language,
    o.applicant_name AS "applicantName", o.applicant_email AS "applicantEmail", o.shipping_address AS "shippingAddress", r.status, r.carrier,
    r.tracking_number AS "trackingNumber", r.note
  FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id JOIN sample_order_records r ON r.id = m.record_id
  WHERE m.state = 'pending' AND m.next_attempt_at <= $1 ORDER BY m.next_attempt_at, m.id LIMIT $2
  FOR UPDATE OF m SKIP LOCKED`;

export function createPostgresOrderMailOutbox(deps: PostgresOutboxDeps): MailOutbox {
  const { pool, now } = deps;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** Claims up to a batch of due rows for this host: each leased until now + leaseMs. */
  function claim(): Promise<DueRow[]> {
    return inTransaction(pool, async (client) => {
      const t = now();
      const rows = (await client.query<DueRow>(dueOrderMails, [t, outboxRules.batch])).rows;
      if (rows.length > 0) {
        await client.query("UPDATE order_mail_outbox SET next_attempt_at = $1 WHERE id = ANY($2)", [t + outboxRules.leaseMs, rows.map((row) => row.id)]);
      }
      return rows;
    });
  }

  async function deliver(row: DueRow): Promise<boolean> {
    const items = (
      await pool.query<OrderMailItem>('SELECT part_number AS "partNumber", name_zh, name_en, quantity FROM sample_order_items WHERE order_id = $1 ORDER BY position', [
        row.orderId,
      ])
    ).rows;
    const what = `order e-mail for ${row.orderNumber} (${row.status})`;
    try {
      await deps.sender.send({ ...orderRowMail(row, items, deps.publicOrigin), messageId: outboxMessageId(row.messageId!, deps.publicOrigin) });
    } catch (error) {
      const attempts = row.attempts + 1;
      const giveUp = attempts >= outboxRules.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      await pool.query("UPDATE order_mail_outbox SET state = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5", [
        giveUp ? "failed" : "pending",
        attempts,
        now() + retryDelayMs(attempts),
        message.slice(0, 500),
        row.id,
      ]);
      deps.log(`${what} failed on try ${attempts}${giveUp ? ", giving up" : `, retrying in ${retryDelayMs(attempts) / 1000} s`}`, error);
      return false;
    }
    await pool.query("UPDATE order_mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = $1, last_error = NULL WHERE id = $2", [now(), row.id]);
    return true;
  }

  async function deliverDue(): Promise<number> {
    if (running) return running;
    running = (async () => {
      if (stopped) return 0;
      let sent = 0;
      for (const row of await claim()) if (await deliver(row)) sent += 1;
      return sent;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const safely = () =>
    void deliverDue().catch((error: unknown) => {
      // After stop() the pool is closing: a poll cut short is not news.
      if (!stopped) deps.log("order e-mail outbox (postgres) failed", error);
    });

  return {
    deliverDue,
    nudge: () => void setImmediate(safely),
    start(pollMs) {
      if (timer) return;
      stopped = false;
      timer = setInterval(safely, pollMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
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
