// Delivers the order e-mails that submissions and moves queue in order_mail_outbox (see migration 008), and the
// sales inbox's notice of a new contact message (migration 040): due rows are claimed with a lease, sent, and
// on failure logged and retried with exponential backoff. Runs inside the upstream process; a move made by
// the CLI or the staff console (another process or thread) is picked up at the next poll.
import { randomBytes } from "node:crypto";
import type { Language } from "../../../shared/languages.ts";
import type { OrderStatus } from "../../../shared/samples/order-status.ts";
import { transaction, type Database } from "../db.ts";
import type { MailMessage, MailSender } from "../delivery/mailer.ts";
import { composeConfirmationMail, composeOrderMail } from "./order-mail.ts";
import { maskedAddressSummary, type AddressLines } from "../../../shared/forms/shipping-address.ts";
import { composeSalesMail, type LeaveWordForMail } from "../leads/sales-mail.ts";
import { composeNoticeMail, dueNoticeMailQuery, type DueNoticeMail } from "../notices/notice-mail.ts";
import { composeConfirmationWatchMail, dueConfirmationMailQuery, type DueConfirmationMail } from "../notices/confirmation-mail.ts";

/** Retry schedule: 30 s, 1 min, 2 min … capped at 1 h; after 10 tries the row is given up as failed. */
export const outboxRules = { firstRetryMs: 30_000, maxRetryMs: 60 * 60_000, maxAttempts: 10, leaseMs: 2 * 60_000, batch: 20 } as const;

export function retryDelayMs(attempts: number): number {
  return Math.min(outboxRules.maxRetryMs, outboxRules.firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The Message-ID of an outbox row: its stored id at the site's host name. Delivery is at least once (a crash
 * after the SMTP server took the message, before its reply was recorded, sends it again); the same
 * Message-ID on every try lets the receiving side drop the duplicate.
 */
export function outboxMessageId(id: string, publicOrigin: string): string {
  return `<order-mail.${id}@${new URL(publicOrigin).hostname}>`;
}

/** The stored part of a new row's Message-ID: random, so no two e-mails (in any database) share one. */
export function newOutboxMessageId(): string {
  return randomBytes(16).toString("hex");
}

export interface DueRow {
  id: number;
  attempts: number;
  /** The row's own id part of the Message-ID, the same on every try (null only for a row queued by an
   * older version during a deploy: it gets one before its first try). */
  messageId: string | null;
  orderId: number;
  orderNumber: string;
  language: Language;
  applicantName: string;
  applicantEmail: string;
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  note: string | null;
  /** JSON of the order's copy of its address. */
  shippingAddress: string | null;
}

/** An order's item as its e-mail names it (both stores read these columns). */
export interface OrderMailItem {
  partNumber: string;
  name_zh: string;
  name_en: string;
  quantity: number;
}

/** The e-mail of one claimed order row; the pending record is the submission itself, its e-mail the confirmation. */
export function orderRowMail(row: DueRow, items: OrderMailItem[], publicOrigin: string): MailMessage {
  const parts = items.map((item) => ({ partNumber: item.partNumber, name: row.language === "zh" ? item.name_zh : item.name_en, quantity: item.quantity }));
  const input = { ...row, items: parts, publicOrigin };
  return row.status === "pending"
    ? composeConfirmationMail({ ...input, addressSummary: row.shippingAddress ? maskedAddressSummary(JSON.parse(row.shippingAddress) as AddressLines) : null })
    : composeOrderMail(input);
}

/** What the upstream asks of an outbox, whichever store it reads (mail-outbox-postgres.ts is the other). */
export interface MailOutbox {
  /** Sends every e-mail that is due now; returns how many were sent. Calls never overlap. */
  deliverDue(): Promise<number>;
  /** A move was just made here: deliver without waiting for the next poll (never awaited by the move). */
  nudge(): void;
  /** Polls for due e-mails (moves made elsewhere, retries). */
  start(pollMs: number): void;
  stop(): void;
}

/** What a failed try records, whichever store holds the row: its next state, when it is due again, the error kept
 * (cut to 500 characters) and the log line, which names the e-mail (`what`) and never its text. */
export function failedTry(row: { attempts: number }, error: unknown, what: string, at: number) {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= outboxRules.maxAttempts;
  const message = error instanceof Error ? error.message : String(error);
  return {
    state: giveUp ? "failed" : "pending",
    attempts,
    nextAttemptAt: at + retryDelayMs(attempts),
    lastError: message.slice(0, 500),
    log: `${what} failed on try ${attempts}${giveUp ? ", giving up" : `, retrying in ${retryDelayMs(attempts) / 1000} s`}`,
  } as const;
}

/**
 * The polling every outbox shares, whichever store it claims from: `deliverAll` claims and sends what is due and
 * says how many were sent. Calls never overlap (a poll while one runs gets that one's answer); after stop(), or once
 * `isOpen` says the store is closed, nothing is delivered and a poll cut short is not logged (the store is closing).
 */
export function pollingOutbox(deliverAll: () => Promise<number>, options: { label: string; isOpen: () => boolean; log: OutboxDeps["log"] }): MailOutbox {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const open = () => !stopped && options.isOpen();

  function deliverDue(): Promise<number> {
    if (running) return running;
    running = (open() ? deliverAll() : Promise.resolve(0)).finally(() => {
      running = null;
    });
    return running;
  }

  const safely = () =>
    void deliverDue().catch((error: unknown) => {
      if (open()) options.log(`${options.label} failed`, error);
    });

  return {
    deliverDue,
    nudge: () => void setImmediate(safely),
    start(pollMs) {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => {
        // A closed database stops its own polling.
        if (options.isOpen()) return safely();
        clearInterval(timer);
        timer = undefined;
      }, pollMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
}

/**
 * Queues the e-mail of one history record; called inside the transaction that writes the record. An order
 * whose account was deleted has no applicant to write to (its e-mail is blanked): nothing is queued, rather
 * than a "Dear ," to nobody retried ten times.
 */
export function orderMailQueue(db: Database): (orderId: number, recordId: number, at: number) => void {
  // The e-mail's Message-ID is fixed here, once, so every try sends the same one (migration 011).
  const insert = db.prepare(
    `INSERT INTO order_mail_outbox (order_id, record_id, next_attempt_at, created_at, message_id)
     SELECT ?1, ?2, ?3, ?3, ?4 WHERE EXISTS (SELECT 1 FROM sample_orders WHERE id = ?1 AND applicant_email <> '')`,
  );
  return (orderId, recordId, at) => void insert.run(orderId, recordId, at, newOutboxMessageId());
}

/** Queues the sales inbox's notice of a contact message; called inside the transaction that stores it. */
export function leadMailQueue(db: Database): (leaveWordId: number, recipient: string, at: number) => void {
  const insert = db.prepare("INSERT INTO order_mail_outbox (leave_word_id, recipient, next_attempt_at, created_at, message_id) VALUES (?, ?, ?, ?, ?)");
  return (leaveWordId, recipient, at) => void insert.run(leaveWordId, recipient, at, at, newOutboxMessageId());
}

interface DueLeadRow extends LeaveWordForMail {
  id: number;
  attempts: number;
  messageId: string | null;
  recipient: string;
}

export interface OutboxDeps {
  db: Database;
  now: () => number;
  sender: MailSender;
  publicOrigin: string;
  /** STAFF_ORIGIN: the link to a lead in the sales inbox's notice (none when the console is not configured). */
  staffOrigin?: string | undefined;
  log: (message: string, detail?: unknown) => void;
  /** MAIL_LEASE_SECONDS in ms; default outboxRules.leaseMs. */
  leaseMs?: number;
}

export function createOrderMailOutbox(deps: OutboxDeps): MailOutbox {
  const { db, now } = deps;
  const leaseMs = deps.leaseMs ?? outboxRules.leaseMs;
  const due = db.prepare(
    `SELECT m.id, m.attempts, m.message_id AS messageId, o.id AS orderId, o.order_number AS orderNumber, o.language, o.applicant_name AS applicantName,
       o.applicant_email AS applicantEmail, o.shipping_address AS shippingAddress, r.status, r.carrier, r.tracking_number AS trackingNumber, r.note
     FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id JOIN sample_order_records r ON r.id = m.record_id
     WHERE m.state = 'pending' AND m.next_attempt_at <= ? ORDER BY m.next_attempt_at, m.id LIMIT ?`,
  );
  // The lead rows: their own join (an order row never matches it, nor a lead row the order query).
  const dueLeads = db.prepare(
    `SELECT m.id, m.attempts, m.message_id AS messageId, m.recipient, l.id AS leaveWordId, l.name, l.phone, l.email, l.company, l.content,
       l.language, l.created_at AS createdAt
     FROM order_mail_outbox m JOIN leave_words l ON l.id = m.leave_word_id
     WHERE m.state = 'pending' AND m.next_attempt_at <= ? ORDER BY m.next_attempt_at, m.id LIMIT ?`,
  );
  // The notice e-mails to watchers (migration 060).
  const dueNotices = dueNoticeMailQuery(db);
  // The double opt-in e-mails of subscriptions by e-mail (migration 061).
  const dueConfirmations = dueConfirmationMailQuery(db);
  const claim = db.prepare("UPDATE order_mail_outbox SET next_attempt_at = ? WHERE id = ? AND state = 'pending' AND next_attempt_at <= ?");
  const items = db.prepare("SELECT part_number AS partNumber, name_zh, name_en, quantity FROM sample_order_items WHERE order_id = ? ORDER BY rowid");
  const fixMessageId = db.prepare("UPDATE order_mail_outbox SET message_id = COALESCE(message_id, ?) WHERE id = ? RETURNING message_id AS messageId");
  const markSent = db.prepare("UPDATE order_mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?");
  const markFailed = db.prepare("UPDATE order_mail_outbox SET state = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?");

  async function deliver(row: DueRow): Promise<boolean> {
    const mail = orderRowMail(row, items.all(row.orderId) as unknown as OrderMailItem[], deps.publicOrigin);
    return send(row, mail, `order e-mail for ${row.orderNumber} (${row.status})`);
  }

  /** Sends one claimed row's mail; `what` names it in the log (never the mail's text). */
  async function send(row: { id: number; attempts: number; messageId: string | null }, mail: MailMessage, what: string): Promise<boolean> {
    try {
      const messageId = row.messageId ?? (fixMessageId.get(newOutboxMessageId(), row.id) as { messageId: string }).messageId;
      await deps.sender.send({ ...mail, messageId: outboxMessageId(messageId, deps.publicOrigin) });
      if (db.isOpen) markSent.run(now(), row.id);
      return true;
    } catch (error) {
      const failed = failedTry(row, error, what, now());
      if (db.isOpen) markFailed.run(failed.state, failed.attempts, failed.nextAttemptAt, failed.lastError, row.id);
      deps.log(failed.log, error);
      return false;
    }
  }

  /** Claims what is due now (a lease per row) and sends it; returns how many were sent. */
  async function deliverAll(): Promise<number> {
    let sent = 0;
    const t = now();
    const [rows, leads, notices, confirmations] = transaction(db, () => {
      // The lease: another process polling the same database skips these rows until it ends.
      const claimed = <R extends { id: number }>(found: R[]) => found.filter((row) => Number(claim.run(t + leaseMs, row.id, t).changes) === 1);
      return [
        claimed(due.all(t, outboxRules.batch) as unknown as DueRow[]),
        claimed(dueLeads.all(t, outboxRules.batch) as unknown as DueLeadRow[]),
        claimed(dueNotices.all(t, outboxRules.batch) as unknown as DueNoticeMail[]),
        claimed(dueConfirmations.all(t, outboxRules.batch) as unknown as DueConfirmationMail[]),
      ] as const;
    });
    for (const row of rows) if (await deliver(row)) sent += 1;
    for (const lead of leads) {
      if (await send(lead, composeSalesMail(lead.recipient, lead, deps.staffOrigin), `sales notice of contact message #${lead.leaveWordId}`)) sent += 1;
    }
    for (const notice of notices) {
      if (await send(notice, composeNoticeMail(notice, deps.publicOrigin), `notice e-mail ${notice.noticeNumber} (outbox row ${notice.id})`)) sent += 1;
    }
    for (const confirmation of confirmations) {
      if (await send(confirmation, composeConfirmationWatchMail(confirmation, deps.publicOrigin), `subscription confirmation (outbox row ${confirmation.id})`)) sent += 1;
    }
    return sent;
  }

  return pollingOutbox(deliverAll, { label: "order e-mail outbox", isOpen: () => db.isOpen, log: deps.log });
}

export type OrderMailOutbox = MailOutbox;
