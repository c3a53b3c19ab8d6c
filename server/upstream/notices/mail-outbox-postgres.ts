// The notice, revision, lifecycle and subscription-confirmation e-mails' outbox on PostgreSQL (watch_mail_outbox,
// pg-migrations/006), shared by every upstream host and leased as the order e-mails' (samples/mail-outbox-postgres.ts):
// due rows are claimed with SELECT … FOR UPDATE SKIP LOCKED in a short transaction that moves each one's
// next_attempt_at to the end of the lease, so two hosts polling at once never claim one row and a row claimed by a
// host that died is due again, for any host, once its lease ends. What the e-mails say of content (a notice's text,
// the part numbers a request named) is read from the host's SQLite index; the text, the retry schedule and the
// Message-ID kept across tries are notice-mail.ts's, confirmation-mail.ts's and mail-outbox.ts's
// (docs/decisions/044-store-interface-and-postgresql.md, "Watches and notices (step 5)").
import type pg from "pg";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import type { MailMessage, MailSender } from "../delivery/mailer.ts";
import { inTransaction } from "../postgres.ts";
import { failedTry, outboxMessageId, outboxRules, pollingOutbox, type MailOutbox } from "../samples/mail-outbox.ts";
import { composeConfirmationWatchMail } from "./confirmation-mail.ts";
import { composeNoticeMail } from "./notice-mail.ts";
import type { PublicationKind } from "./publications.ts";
import type { createWatchedParts } from "./watches.ts";

export interface PostgresWatchOutboxDeps {
  pool: pg.Pool;
  /** The host's content index: the notices' text. */
  db: Database;
  parts: ReturnType<typeof createWatchedParts>;
  now: () => number;
  sender: MailSender;
  publicOrigin: string;
  log: (message: string, detail?: unknown) => void;
  /** MAIL_LEASE_SECONDS in ms; default outboxRules.leaseMs. */
  leaseMs?: number;
}

interface ClaimedRow {
  id: number;
  attempts: number;
  messageId: string;
  email: string;
  language: Language;
  /** A notice e-mail's row (null for a confirmation's). */
  noticeNumber: string | null;
  kind: PublicationKind | null;
  details: string | null;
  noticeParts: string | null;
  unsubscribeToken: string | null;
  byEmail: boolean | null;
  /** A confirmation e-mail's request (null for a notice's). */
  token: string | null;
  requestParts: string | null;
}

/** The claim of due notice and confirmation e-mails (test/upstream/watch-query-plans.test.ts checks its plan). */
export const dueWatchMails = `SELECT o.id, o.attempts, o.message_id AS "messageId", coalesce(m.email, c.email) AS email, coalesce(m.language, c.language) AS language,
    m.notice_number AS "noticeNumber", m.kind, m.details, m.parts AS "noticeParts", m.unsubscribe_token AS "unsubscribeToken", w.user_id IS NULL AS "byEmail",
    c.token, c.parts AS "requestParts"
  FROM watch_mail_outbox o LEFT JOIN notice_mails m ON m.id = o.notice_mail_id LEFT JOIN watchers w ON w.id = m.watcher_id
    LEFT JOIN watch_confirmations c ON c.id = o.watch_confirmation_id
  WHERE o.state = 'pending' AND o.next_attempt_at <= $1 ORDER BY o.next_attempt_at, o.id LIMIT $2
  FOR UPDATE OF o SKIP LOCKED`;

export function createPostgresWatchMailOutbox(deps: PostgresWatchOutboxDeps): MailOutbox {
  const { pool, now } = deps;
  const notice = deps.db.prepare("SELECT type, data FROM notices WHERE number = ? AND language = ?");

  function claim(): Promise<ClaimedRow[]> {
    return inTransaction(pool, async (client) => {
      const t = now();
      const rows = (await client.query<ClaimedRow>(dueWatchMails, [t, outboxRules.batch])).rows;
      if (rows.length > 0) {
        await client.query("UPDATE watch_mail_outbox SET next_attempt_at = $1 WHERE id = ANY($2)", [
          t + (deps.leaseMs ?? outboxRules.leaseMs),
          rows.map((row) => row.id),
        ]);
      }
      return rows;
    });
  }

  /** The claimed row's e-mail, or null when the host's content cannot say it (a notice it does not have: the row waits
   * out its lease and is tried again, as on SQLite where it waits until the content has it). */
  function mailOf(row: ClaimedRow): { mail: MailMessage; what: string } | null {
    const base = { id: row.id, attempts: row.attempts, messageId: row.messageId, email: row.email, language: row.language };
    if (row.noticeNumber === null) {
      const ids = JSON.parse(row.requestParts!) as number[];
      const partNumbers = JSON.stringify(ids.map(deps.parts.partNumberOf));
      return {
        mail: composeConfirmationWatchMail({ ...base, token: row.token!, parts: partNumbers }, deps.publicOrigin),
        what: `subscription confirmation (outbox row ${row.id})`,
      };
    }
    const kind = row.kind!;
    const loaded = kind === "notice" ? (notice.get(row.noticeNumber, row.language) as { type: "change" | "discontinuation"; data: string } | undefined) : undefined;
    if (kind === "notice" && !loaded) return null;
    const mail = composeNoticeMail(
      {
        ...base,
        noticeNumber: row.noticeNumber,
        parts: row.noticeParts!,
        unsubscribeToken: row.unsubscribeToken!,
        kind,
        details: row.details,
        type: loaded?.type ?? null,
        data: loaded?.data ?? null,
        byEmail: row.byEmail ? 1 : 0,
      },
      deps.publicOrigin,
    );
    return { mail, what: `notice e-mail ${row.noticeNumber} (outbox row ${row.id})` };
  }

  async function deliver(row: ClaimedRow): Promise<boolean> {
    const found = mailOf(row);
    if (!found) return false;
    try {
      await deps.sender.send({ ...found.mail, messageId: outboxMessageId(row.messageId, deps.publicOrigin) });
    } catch (error) {
      const failed = failedTry(row, error, found.what, now());
      await pool.query("UPDATE watch_mail_outbox SET state = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5", [
        failed.state,
        failed.attempts,
        failed.nextAttemptAt,
        failed.lastError,
        row.id,
      ]);
      deps.log(failed.log, error);
      return false;
    }
    await pool.query("UPDATE watch_mail_outbox SET state = 'sent', attempts = attempts + 1, sent_at = $1, last_error = NULL WHERE id = $2", [now(), row.id]);
    return true;
  }

  async function deliverAll(): Promise<number> {
    let sent = 0;
    for (const row of await claim()) if (await deliver(row)) sent += 1;
    return sent;
  }

  return pollingOutbox(deliverAll, { label: "notice e-mail outbox (postgres)", isOpen: () => true, log: deps.log });
}
