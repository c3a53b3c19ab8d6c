// Who watches which parts (migration 060, docs/decisions/034-part-watches-and-notice-mail.md): an account's
// watcher is made on its first watch with the account's e-mail (confirmed: the account signed in with it);
// a watch names shown parts only and a watcher keeps at most `watchLimits.parts` of them.
import type { Language } from "../../../shared/languages.ts";
import { errorMessage, watchPartLimit } from "../../../shared/contract/index.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { createTreeReader } from "../catalog/product-tree.ts";
import { verifyWatchToken, watchTokenId } from "./watch-token.ts";

/** One mailbox watches at most this many parts: the whole catalogue of a large design's BOM fits, a script
 * adding every part of a generated catalogue does not. */
export const watchLimits = { parts: watchPartLimit } as const;

export interface Watcher {
  id: number;
  email: string;
  language: Language;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt?: number | null;
}

/**
 * Whether an account's watch rewrites its watcher (both stores): the language of the latest watch is the one the
 * mail is written in, the address follows the account's, and watching again after the one-click unsubscribe
 * subscribes again (as confirming a subscription by e-mail again does), else the new watches would never mail.
 */
export function renewsAccountWatcher(found: { language: Language; email: string; unsubscribedAt?: number | null }, language: Language, email: string): boolean {
  return found.language !== language || found.email !== email || (found.unsubscribedAt ?? null) !== null;
}

export interface WatchedPart {
  id: number;
  partNumber: string;
  since: string;
}

const iso = (at: number) => new Date(at).toISOString();

/** Refuses a watcher's total past `watchLimits.parts` (both stores, after adding inside the transaction it rolls back). */
export function checkWatchTotal(total: number, language: Language): void {
  if (total > watchLimits.parts) {
    throw new ApiError("E40034002", { message: errorMessage("E40034002", language, { limit: String(watchLimits.parts) }) });
  }
}

/** Checks a mailbox's signed link against the watcher it names (both stores; either kind of watcher: the link
 * proves the mailbox): forged, altered or of no watcher, 400. */
export function checkWatcherToken<R extends { id: number; createdAt: number }>(secret: string | undefined, token: unknown, row: R | undefined): R {
  if (!secret || !row || !verifyWatchToken(secret, token as string, row.id, row.createdAt)) throw new ApiError("E40034003");
  return row;
}

/**
 * What watches name, read from the host's content index (both stores): a shown part's id by its number (or a
 * localized 404 naming it), and the part numbers of stored ids, in part-number order as a watch list shows them.
 */
export function createWatchedParts(db: Database) {
  const tree = createTreeReader(db);
  const numberOf = db.prepare("SELECT part_number AS partNumber FROM site_list WHERE id = ?");
  /** The part number of a product id, or null when the content no longer has it. */
  const partNumberOf = (id: number) => (numberOf.get(id) as { partNumber: string | null } | undefined)?.partNumber ?? null;
  return {
    partId(partNumber: string, language: Language): number {
      const id = tree.idOfPartNumber(partNumber);
      if (id === null || !tree.visibleChain(id)) {
        throw new ApiError("E40034001", { message: errorMessage("E40034001", language, { part: partNumber.slice(0, 40) }) });
      }
      return id;
    },
    partNumberOf,
    /** The shown parts among ids (a part hidden since it was asked for is left out). */
    shown(ids: number[]): Array<{ id: number; partNumber: string }> {
      return ids.flatMap((id) => {
        const partNumber = tree.visibleChain(id)?.at(-1)?.partNumber;
        return partNumber ? [{ id, partNumber }] : [];
      });
    },
    /** Stored watches as the list shows them: the parts the content has, by part number (binary order, as SQLite's). */
    view(rows: Array<{ id: number; createdAt: number }>): WatchedPart[] {
      return rows
        .flatMap((row) => {
          const partNumber = partNumberOf(row.id);
          return partNumber === null ? [] : [{ id: row.id, partNumber, since: iso(row.createdAt) }];
        })
        .sort((a, b) => (a.partNumber < b.partNumber ? -1 : a.partNumber > b.partNumber ? 1 : 0));
    },
  };
}

export function createWatches(db: Database, now: () => number) {
  const { partId } = createWatchedParts(db);
  const ofUser = db.prepare(
    "SELECT id, email, language, created_at AS createdAt, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt FROM watchers WHERE user_id = ?",
  );
  const byId = db.prepare("SELECT id, created_at AS createdAt, unsubscribed_at AS unsubscribedAt FROM watchers WHERE id = ?");
  const userEmail = db.prepare("SELECT email FROM users WHERE id = ?");
  const insertWatcher = db.prepare("INSERT INTO watchers (user_id, email, language, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?) RETURNING id");
  const setLanguage = db.prepare("UPDATE watchers SET language = ?, email = ?, unsubscribed_at = NULL WHERE id = ?");
  const count = db.prepare("SELECT count(*) AS n FROM part_watches WHERE watcher_id = ?");
  const insertWatch = db.prepare("INSERT OR IGNORE INTO part_watches (watcher_id, product_id, created_at) VALUES (?, ?, ?)");
  const removeWatch = db.prepare("DELETE FROM part_watches WHERE watcher_id = ? AND product_id = ?");
  const removeAll = db.prepare("DELETE FROM part_watches WHERE watcher_id = ?");
  const markUnsubscribed = db.prepare("UPDATE watchers SET unsubscribed_at = ? WHERE id = ?");
  const dropPending = db.prepare("DELETE FROM order_mail_outbox WHERE state = 'pending' AND notice_mail_id IN (SELECT id FROM notice_mails WHERE watcher_id = ?)");
  const listed = db.prepare(
    `SELECT w.product_id AS id, s.part_number AS partNumber, w.created_at AS createdAt FROM part_watches w JOIN site_list s ON s.id = w.product_id
     WHERE w.watcher_id = ? ORDER BY s.part_number`,
  );
  const deleteOfUser = db.prepare("DELETE FROM watchers WHERE user_id = ?");
  // The subscription by e-mail (migration 061) of the account's own, signed-in-with address is the account
  // owner's too: exported and deleted with the account, with its requests (their unsent e-mails by cascade).
  const guestOf = db.prepare(
    "SELECT id, email, language, created_at AS createdAt, confirmed_at AS confirmedAt FROM watchers WHERE user_id IS NULL AND email = ? AND confirmed_at IS NOT NULL",
  );
  const deleteGuest = db.prepare("DELETE FROM watchers WHERE user_id IS NULL AND email = ?");
  const deleteRequests = db.prepare("DELETE FROM watch_confirmations WHERE email = ?");

  /** The account's e-mail address, which its notices go to; null for an account signed in by phone only. */
  function accountEmail(userId: number): string | null {
    return (userEmail.get(userId) as { email: string | null } | undefined)?.email ?? null;
  }

  /** The account's watcher, made on first use with the account's e-mail in the request's language. */
  function accountWatcher(userId: number, language: Language): Watcher {
    const email = accountEmail(userId);
    if (!email) throw new ApiError("E40034004");
    const found = ofUser.get(userId) as Watcher | undefined;
    if (found) {
      if (renewsAccountWatcher(found, language, email)) setLanguage.run(language, email, found.id);
      return { ...found, language, email };
    }
    const at = now();
    const { id } = insertWatcher.get(userId, email, language, at, at) as { id: number };
    return { id, email, language, createdAt: at, confirmedAt: at };
  }

  /** Adds inside the caller's transaction, which the refusal past the limit rolls back whole. */
  function addWithin(watcherId: number, productIds: number[], language: Language): { added: number; total: number } {
    const before = (count.get(watcherId) as { n: number }).n;
    const at = now();
    let added = 0;
    for (const id of new Set(productIds)) added += Number(insertWatch.run(watcherId, id, at).changes);
    const total = before + added;
    checkWatchTotal(total, language);
    return { added, total };
  }

  return {
    partId,
    accountEmail,
    accountWatcher,
    /** Adds the parts (ids of shown parts) in one transaction; refuses the whole batch past the limit. */
    add(watcherId: number, productIds: number[], language: Language): { added: number; total: number } {
      return transaction(db, () => addWithin(watcherId, productIds, language));
    },
    /** The same, inside the caller's transaction (a confirmed subscription by e-mail: migration 061). */
    addWithin,
    remove(watcherId: number, productId: number): boolean {
      return Number(removeWatch.run(watcherId, productId).changes) === 1;
    },
    list(watcherId: number): WatchedPart[] {
      return (listed.all(watcherId) as Array<{ id: number; partNumber: string; createdAt: number }>).map((row) => ({
        id: row.id,
        partNumber: row.partNumber,
        since: iso(row.createdAt),
      }));
    },
    ofUser(userId: number): Watcher | null {
      return (ofUser.get(userId) as Watcher | undefined) ?? null;
    },
    /**
     * The one-click unsubscribe: every watch of the token's watcher goes, and its unsent notice e-mails.
     * A forged or altered token is refused (400); a replayed one answers that it was already done.
     */
    unsubscribe(secret: string | undefined, token: unknown): { watcherId: number; already: boolean } {
      const id = watchTokenId(token);
      const row = checkWatcherToken(
        secret,
        token,
        id === null ? undefined : (byId.get(id) as { id: number; createdAt: number; unsubscribedAt: number | null } | undefined),
      );
      return transaction(db, () => {
        const removed = Number(removeAll.run(row.id).changes);
        dropPending.run(row.id);
        if (row.unsubscribedAt === null) markUnsubscribed.run(now(), row.id);
        return { watcherId: row.id, already: row.unsubscribedAt !== null && removed === 0 };
      });
    },
    /** What the account's data export shows (decision 025): its watch list, and the confirmed subscription by
     * e-mail of the address it signs in with. */
    exportOf(userId: number, email: string | null) {
      const view = (watcher: Watcher | undefined) => (watcher ? { email: watcher.email, language: watcher.language, parts: this.list(watcher.id) } : null);
      return { watches: view(ofUser.get(userId) as Watcher | undefined), emailSubscription: email ? view(guestOf.get(email) as Watcher | undefined) : null };
    },
    /** Account deletion: the watcher, its watches, its notice e-mails and their unsent outbox rows (cascades);
     * the subscription by e-mail of the account's address and its requests alike. */
    deleteOfUser(userId: number, email: string | null): void {
      deleteOfUser.run(userId);
      if (email) {
        deleteGuest.run(email);
        deleteRequests.run(email);
      }
    },
  };
}
