// Publishing (`npm run notices -- publish X`, docs/decisions/034-part-watches-and-notice-mail.md): a notice, a
// document revision or a part's lifecycle state (publications.ts, decision 040) is content (loaded at start);
// publishing queues one e-mail to every confirmed, subscribed watcher of any part it names, in the same
// transaction that records the e-mail per event and watcher. The unique key (event, watcher) makes a second
// publish, or a publish after more watchers came, mail only those not mailed yet; and one mailbox is mailed once
// per event even when it is both an account's watcher and a subscription by e-mail (migration 061): the older
// watcher gets one e-mail naming the parts of both. A dry run lists the same recipients and writes nothing.
import type { Language } from "../../../shared/languages.ts";
import { transaction, type Database } from "../db.ts";
import { newOutboxMessageId } from "../samples/mail-outbox.ts";
import { signWatchToken } from "./watch-token.ts";
import type { Publication, PublicationKind } from "./publications.ts";

export interface NoticeRecipient {
  watcherId: number;
  email: string;
  language: Language;
  /** The watched parts the notice names, by part number. */
  parts: string[];
}

export interface PublishResult {
  /** The event's stable key (a notice's number, a revision's id, `lifecycle:PART@state@since`). */
  number: string;
  kind: PublicationKind;
  /** Those queued now (or, in a dry run, who would be). */
  recipients: NoticeRecipient[];
  /** Watchers of its parts mailed by an earlier publish, not mailed again. */
  alreadyMailed: number;
}

/** A confirmed, subscribed watcher of a publication's parts, as both stores read it. */
export interface WatcherOfPublication {
  watcherId: number;
  email: string;
  language: Language;
  createdAt: number;
  /** The part numbers it watches among the publication's. */
  parts: string[];
  /** Whether a notice_mails row of this event exists for the watcher or its address (any case). */
  mailed: boolean;
}

/**
 * One recipient per mailbox: the first (oldest) watcher of an address, with every watched part of it; a mailbox
 * of which any watcher was mailed for the event is counted as already mailed. `rows` are ordered by watcher id.
 */
export function planMailboxes(rows: WatcherOfPublication[]) {
  const byAddress = new Map<string, { watcherId: number; email: string; language: Language; createdAt: number; parts: Set<string>; mailed: boolean }>();
  for (const row of rows) {
    const key = row.email.toLowerCase();
    const found = byAddress.get(key) ?? { ...row, parts: new Set<string>(), mailed: false };
    for (const part of row.parts) found.parts.add(part);
    found.mailed ||= row.mailed;
    byAddress.set(key, found);
  }
  const mailboxes = [...byAddress.values()];
  const fresh = mailboxes.filter((box) => !box.mailed).map((box) => ({ ...box, parts: [...box.parts].sort() }));
  return { fresh, alreadyMailed: mailboxes.length - fresh.length };
}

export const recipientOf = ({ watcherId, email, language, parts }: NoticeRecipient): NoticeRecipient => ({ watcherId, email, language, parts });

/** Refuses to publish without the secret that signs every e-mail's unsubscribe link (both stores). */
export function checkPublishSecret(secret: string): void {
  if (!secret) throw new Error("NOTICE_MAIL_SECRET is not set: every notice e-mail carries a signed unsubscribe link");
}

/** The publisher on the SQLite file; watch-store-postgres.ts is the other. */
export function createNoticePublisher(db: Database, now: () => number) {
  // Confirmed, subscribed watchers of the event's parts (?2, a JSON array of ids), each with the parts it watches among them.
  const watchers = db.prepare(
    `SELECT w.id AS watcherId, w.email, w.language, w.created_at AS createdAt, json_group_array(s.part_number) AS parts,
       EXISTS (SELECT 1 FROM notice_mails m WHERE m.notice_number = ?1 AND (m.watcher_id = w.id OR m.email = w.email COLLATE NOCASE)) AS mailed
     FROM json_each(?2) p JOIN part_watches pw ON pw.product_id = p.value JOIN watchers w ON w.id = pw.watcher_id
     JOIN site_list s ON s.id = p.value
     WHERE w.confirmed_at IS NOT NULL AND w.unsubscribed_at IS NULL
     GROUP BY w.id ORDER BY w.id`,
  );
  const insertMail = db.prepare(
    `INSERT INTO notice_mails (notice_number, kind, details, watcher_id, email, language, parts, unsubscribe_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (notice_number, watcher_id) DO NOTHING RETURNING id`,
  );
  const queue = db.prepare("INSERT INTO order_mail_outbox (notice_mail_id, next_attempt_at, created_at, message_id) VALUES (?, ?, ?, ?)");

  function plan(publication: Publication) {
    const rows = watchers.all(publication.key, JSON.stringify(publication.productIds)) as Array<{
      watcherId: number;
      email: string;
      language: Language;
      createdAt: number;
      parts: string;
      mailed: number;
    }>;
    return planMailboxes(rows.map((row) => ({ ...row, parts: JSON.parse(row.parts) as string[], mailed: row.mailed === 1 })));
  }

  return {
    dryRun(publication: Publication): PublishResult {
      const { fresh, alreadyMailed } = plan(publication);
      return { number: publication.key, kind: publication.kind, recipients: fresh.map(recipientOf), alreadyMailed };
    },
    /** Queues the e-mails; needs NOTICE_MAIL_SECRET to sign each one's unsubscribe link. */
    publish(publication: Publication, secret: string): PublishResult {
      checkPublishSecret(secret);
      const number = publication.key;
      return transaction(db, () => {
        const { fresh, alreadyMailed } = plan(publication);
        const at = now();
        const queued: NoticeRecipient[] = [];
        for (const row of fresh) {
          const token = signWatchToken(secret, row.watcherId, row.createdAt);
          const details = publication.details(row.language);
          const mail = insertMail.get(
            number,
            publication.kind,
            details && JSON.stringify(details),
            row.watcherId,
            row.email,
            row.language,
            JSON.stringify(row.parts),
            token,
            at,
          ) as { id: number } | undefined;
          if (!mail) continue;
          queue.run(mail.id, at, at, newOutboxMessageId());
          queued.push(recipientOf(row));
        }
        return { number, kind: publication.kind, recipients: queued, alreadyMailed: alreadyMailed + fresh.length - queued.length };
      });
    },
  };
}
