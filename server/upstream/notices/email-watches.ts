// Watching parts by e-mail without an account, double opt-in (migration 061,
// docs/decisions/034-part-watches-and-notice-mail.md): a request stores the parts and queues a confirmation
// e-mail with a signed link good for `emailWatchLimits.confirmHours`; only following it makes or adds to the
// address's watcher. Requests are limited per address and per client (forms.ts clientHash, decision 002),
// and the answer never says whether the address already watches. The mailbox's own signed link ("w1", the
// one its notice e-mails carry) lists and edits its watches without a session.
import { emailWatchConfirmHours, errorMessage } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { enforceHourlyLimit } from "../site/forms.ts";
import { newOutboxMessageId } from "../samples/mail-outbox.ts";
import { confirmTokenId, signConfirmToken, signWatchToken, verifyConfirmToken, watchTokenId } from "./watch-token.ts";
import { checkWatcherToken, createWatchedParts, type createWatches, type WatchedPart } from "./watches.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * One address gets at most 3 confirmation e-mails an hour and 10 a day, whoever asks (a stranger can bother
 * an address that little, and its owner still has the e-mails already sent to confirm with); one client asks
 * for at most 10 an hour across addresses.
 */
export const emailWatchLimits = { confirmHours: emailWatchConfirmHours, perAddressHour: 3, perAddressDay: 10, perClientHour: 10 } as const;

/** What the per-address limit counts: the address's requests of the last day, of the last hour, and the oldest of each. */
export interface AddressCounts {
  n: number;
  oldest: number | null;
  lastHour: number | null;
  oldestHour: number | null;
}

/** Refuses past the address's hourly or daily count (both stores, inside the request's transaction). */
export function checkAddressLimit(row: AddressCounts, at: number, language: Language): void {
  const day = 24 * HOUR_MS;
  const wait = (until: number) => new ApiError("E42934001", { retryAfterSeconds: Math.max(1, (until - at) / 1000), message: errorMessage("E42934001", language) });
  if ((row.lastHour ?? 0) >= emailWatchLimits.perAddressHour) throw wait((row.oldestHour ?? at) + HOUR_MS);
  if (row.n >= emailWatchLimits.perAddressDay) throw wait((row.oldest ?? at) + day);
}

/** Checks a confirmation token against the request it names (both stores): forged 400, used 409, expired 410. */
export function checkConfirmation<R extends Confirmation>(secret: string | undefined, token: string, row: R | undefined, at: number, language: Language): R {
  if (!secret || !row || !verifyConfirmToken(secret, token, row.id, row.createdAt)) throw new ApiError("E40034005");
  if (row.confirmedAt !== null) throw new ApiError("E40034007");
  if (at >= row.expiresAt) {
    throw new ApiError("E40034006", { message: errorMessage("E40034006", language, { hours: String(emailWatchLimits.confirmHours) }) });
  }
  return row;
}

export interface Confirmation {
  id: number;
  email: string;
  language: Language;
  parts: string;
  createdAt: number;
  expiresAt: number;
  confirmedAt: number | null;
}

export function createEmailWatches(db: Database, now: () => number, watches: ReturnType<typeof createWatches>) {
  const watched = createWatchedParts(db);
  const sentTo = db.prepare(
    "SELECT count(*) AS n, min(created_at) AS oldest, sum(created_at > ?2) AS lastHour, min(CASE WHEN created_at > ?2 THEN created_at END) AS oldestHour FROM watch_confirmations WHERE email = ?1 AND created_at > ?3",
  );
  const insertRequest = db.prepare(
    "INSERT INTO watch_confirmations (email, language, parts, ip_hash, token, created_at, expires_at) VALUES (?, ?, ?, ?, '', ?, ?) RETURNING id",
  );
  const setToken = db.prepare("UPDATE watch_confirmations SET token = ? WHERE id = ?");
  const queue = db.prepare("INSERT INTO order_mail_outbox (watch_confirmation_id, next_attempt_at, created_at, message_id) VALUES (?, ?, ?, ?)");
  const request = db.prepare(
    "SELECT id, email, language, parts, created_at AS createdAt, expires_at AS expiresAt, confirmed_at AS confirmedAt FROM watch_confirmations WHERE id = ?",
  );
  const markConfirmed = db.prepare("UPDATE watch_confirmations SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL");
  const guestOf = db.prepare("SELECT id, created_at AS createdAt FROM watchers WHERE email = ? AND user_id IS NULL");
  const insertGuest = db.prepare("INSERT INTO watchers (user_id, email, language, created_at, confirmed_at) VALUES (NULL, ?, ?, ?, ?) RETURNING id");
  const renewGuest = db.prepare("UPDATE watchers SET language = ?, confirmed_at = coalesce(confirmed_at, ?), unsubscribed_at = NULL WHERE id = ?");
  const watcherById = db.prepare("SELECT id, email, created_at AS createdAt FROM watchers WHERE id = ?");

  /** Refuses past the address's hourly or daily count (inside the request's transaction). */
  function enforceAddressLimit(email: string, at: number, language: Language) {
    checkAddressLimit(sentTo.get(email, at - HOUR_MS, at - 24 * HOUR_MS) as unknown as AddressCounts, at, language);
  }

  /** The request a confirmation token names, checked: forged 400, used 409, expired 410. */
  function confirmationOf(secret: string | undefined, token: string, language: Language): Confirmation {
    const id = confirmTokenId(token);
    return checkConfirmation(secret, token, id === null ? undefined : (request.get(id) as Confirmation | undefined), now(), language);
  }

  /** The shown parts among a request's (a part hidden since it was asked for is left out). */
  function shownParts(row: Confirmation): Array<{ id: number; partNumber: string }> {
    return watched.shown(JSON.parse(row.parts) as number[]);
  }

  /** The watcher a mailbox's signed link names (either kind of watcher: the link proves the mailbox). */
  function watcherOfToken(secret: string | undefined, token: string): { id: number; email: string } {
    const id = watchTokenId(token);
    return checkWatcherToken(secret, token, id === null ? undefined : (watcherById.get(id) as { id: number; email: string; createdAt: number } | undefined));
  }

  return {
    /** Stores the request and queues its confirmation e-mail, one transaction; the caller nudges the outbox. */
    request(input: { email: string; productIds: number[]; language: Language; ipHash: string; secret: string | undefined }): void {
      if (!input.secret) throw new ApiError("E50300001");
      const secret = input.secret;
      transaction(db, () => {
        const at = now();
        enforceHourlyLimit(db, "watch_confirmations", input.ipHash, at, emailWatchLimits.perClientHour);
        enforceAddressLimit(input.email, at, input.language);
        const parts = JSON.stringify([...new Set(input.productIds)]);
        const expires = at + emailWatchLimits.confirmHours * HOUR_MS;
        const { id } = insertRequest.get(input.email, input.language, parts, input.ipHash, at, expires) as { id: number };
        setToken.run(signConfirmToken(secret, id, at), id);
        queue.run(id, at, at, newOutboxMessageId());
      });
    },
    /** What a confirmation link would watch, changing nothing (the page a mail scanner may open). */
    check(secret: string | undefined, token: string, language: Language) {
      const row = confirmationOf(secret, token, language);
      return { email: row.email, parts: shownParts(row).map((part) => part.partNumber), manageToken: null };
    },
    /** Confirms: the address's watcher (made, or renewed if it had unsubscribed) watches the request's parts. */
    confirm(secret: string | undefined, token: string, language: Language) {
      return transaction(db, () => {
        const row = confirmationOf(secret, token, language);
        const parts = shownParts(row);
        const at = now();
        let watcher = guestOf.get(row.email) as { id: number; createdAt: number } | undefined;
        if (watcher) renewGuest.run(row.language, at, watcher.id);
        else watcher = { id: (insertGuest.get(row.email, row.language, at, at) as { id: number }).id, createdAt: at };
        watches.addWithin(
          watcher.id,
          parts.map((part) => part.id),
          language,
        );
        if (Number(markConfirmed.run(at, row.id).changes) !== 1) throw new ApiError("E40034007");
        return { email: row.email, parts: parts.map((part) => part.partNumber), manageToken: signWatchToken(secret!, watcher.id, watcher.createdAt) };
      });
    },
    list(secret: string | undefined, token: string): { email: string; parts: WatchedPart[] } {
      const watcher = watcherOfToken(secret, token);
      return { email: watcher.email, parts: watches.list(watcher.id) };
    },
    remove(secret: string | undefined, token: string, productId: number): void {
      watches.remove(watcherOfToken(secret, token).id, productId);
    },
  };
}
