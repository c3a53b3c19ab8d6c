// The watches' store on PostgreSQL: several upstream hosts, one database. A method that reads facts and then
// writes does both in one transaction that first locks what it decides on: a watcher's row (SELECT … FOR UPDATE)
// before its watches are counted against the limit, a confirmation request's row before it is confirmed once, the
// client and then the address (transaction-scoped advisory locks) before a subscription request counts their
// limits, and the event before a publish reads who was mailed for it. The parts, notices and documents they name
// are content, read from the host's SQLite index (`parts`); the rules are the pure functions the SQLite modules
// use (docs/decisions/044-store-interface-and-postgresql.md, "Watches and notices (step 5)").
import type pg from "pg";
import type { Language } from "../../../shared/languages.ts";
import { inTransaction } from "../postgres.ts";
import { ApiError } from "../http.ts";
import { hourlyRefusal } from "../site/forms.ts";
import { newOutboxMessageId } from "../samples/mail-outbox.ts";
import { checkAddressLimit, checkConfirmation, emailWatchLimits, type AddressCounts, type Confirmation } from "./email-watches.ts";
import { checkPublishSecret, planMailboxes, recipientOf, type NoticeRecipient, type PublishResult } from "./publish.ts";
import type { Publication } from "./publications.ts";
import { confirmTokenId, signConfirmToken, signWatchToken, watchTokenId } from "./watch-token.ts";
import type { WatchStore } from "./watch-store.ts";
import { checkWatchTotal, checkWatcherToken, renewsAccountWatcher, type createWatchedParts, type Watcher } from "./watches.ts";

// The advisory locks' key space (kind, key), beside the accounts' 1 and 2 and the samples' 3; a transaction takes
// the client's before the address's, so none waits on another in a cycle.
const clientLock = 61;
const addressLock = 62;
const publicationLock = 63;

const HOUR_MS = 60 * 60 * 1000;

type Queryable = pg.Pool | pg.PoolClient;

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await db.query(sql, params)).rows[0] as T | undefined;
}

const watcherColumns = 'id, email, language, created_at AS "createdAt", confirmed_at AS "confirmedAt"';

/** The lookups the store makes per request or publish, named: test/upstream/watch-query-plans.test.ts checks each reads an index. */
export const postgresWatchQueries = {
  userEmail: "SELECT email FROM users WHERE id = $1",
  ofUser: `SELECT ${watcherColumns}, unsubscribed_at AS "unsubscribedAt" FROM watchers WHERE user_id = $1`,
  watcher: `SELECT ${watcherColumns}, unsubscribed_at AS "unsubscribedAt" FROM watchers WHERE id = $1`,
  guestOf: `SELECT ${watcherColumns} FROM watchers WHERE user_id IS NULL AND email = $1`,
  watched: 'SELECT product_id AS id, created_at AS "createdAt" FROM part_watches WHERE watcher_id = $1',
  count: "SELECT COUNT(*) AS n FROM part_watches WHERE watcher_id = $1",
  request: `SELECT id, email, language, parts, created_at AS "createdAt", expires_at AS "expiresAt", confirmed_at AS "confirmedAt"
    FROM watch_confirmations WHERE id = $1`,
  clientCounts: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM watch_confirmations WHERE ip_hash = $1 AND created_at > $2",
  addressCounts: `SELECT COUNT(*) AS n, MIN(created_at) AS oldest, COUNT(*) FILTER (WHERE created_at > $2) AS "lastHour",
    MIN(created_at) FILTER (WHERE created_at > $2) AS "oldestHour" FROM watch_confirmations WHERE email = $1 AND created_at > $3`,
  /** A watcher's unsent notice e-mails (the one-click unsubscribe drops them). */
  dropPending: "DELETE FROM watch_mail_outbox WHERE state = 'pending' AND notice_mail_id IN (SELECT id FROM notice_mails WHERE watcher_id = $1)",
  // Confirmed, subscribed watchers of the event's parts ($2), each with the parts it watches among them, and whether
  // the event was mailed to it or to its address (any case) already: two lookups, each answered by its own index
  // (one with an OR would read every e-mail of the event per watcher).
  publicationWatchers: `SELECT w.id AS "watcherId", w.email, w.language, w.created_at AS "createdAt", array_agg(pw.product_id ORDER BY pw.product_id) AS "productIds",
      (EXISTS (SELECT 1 FROM notice_mails m WHERE m.notice_number = $1 AND m.watcher_id = w.id)
        OR EXISTS (SELECT 1 FROM notice_mails m WHERE m.notice_number = $1 AND lower(m.email) = lower(w.email))) AS mailed
    FROM part_watches pw JOIN watchers w ON w.id = pw.watcher_id
    WHERE pw.product_id = ANY($2) AND w.confirmed_at IS NOT NULL AND w.unsubscribed_at IS NULL
    GROUP BY w.id ORDER BY w.id`,
};

/**
 * Account deletion's part, inside the caller's transaction (the store's deleteOfUser, and the visitor's erasure in
 * accounts/my-data-postgres.ts): the account's watcher and the subscription by e-mail of its address, with their
 * watches, notice e-mails and unsent outbox rows (by cascade), and the address's requests with their e-mails.
 */
export async function deleteAccountWatches(client: pg.PoolClient, userId: number, email: string | null): Promise<void> {
  await client.query("DELETE FROM watchers WHERE user_id = $1", [userId]);
  if (email) {
    await client.query("DELETE FROM watchers WHERE user_id IS NULL AND email = $1", [email]);
    await client.query("DELETE FROM watch_confirmations WHERE email = $1", [email]);
  }
}

export function createPostgresWatchStore(pool: pg.Pool, now: () => number, parts: ReturnType<typeof createWatchedParts>): WatchStore {
  const lock = (client: pg.PoolClient, kind: number, key: string) => client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [kind, key]);
  const listOf = async (db: Queryable, watcherId: number) =>
    parts.view((await db.query<{ id: number; createdAt: number }>(postgresWatchQueries.watched, [watcherId])).rows);

  async function accountEmail(db: Queryable, userId: number): Promise<string | null> {
    return (await one<{ email: string | null }>(db, postgresWatchQueries.userEmail, [userId]))?.email ?? null;
  }

  /** Adds inside the caller's transaction, which holds the watcher's row lock; the refusal past the limit rolls it back. */
  async function addWithin(client: pg.PoolClient, watcherId: number, productIds: number[], language: Language) {
    const before = (await one<{ n: number }>(client, postgresWatchQueries.count, [watcherId]))!.n;
    const at = now();
    let added = 0;
    for (const id of new Set(productIds)) {
      const inserted = await client.query("INSERT INTO part_watches (watcher_id, product_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", [
        watcherId,
        id,
        at,
      ]);
      added += inserted.rowCount ?? 0;
    }
    const total = before + added;
    checkWatchTotal(total, language);
    return { added, total };
  }

  /** The watcher a mailbox's signed link names, checked (400 when forged, altered or of no watcher). */
  async function watcherOfToken(secret: string | undefined, token: string) {
    const id = watchTokenId(token);
    const row = id === null ? undefined : await one<Watcher & { unsubscribedAt: number | null }>(pool, postgresWatchQueries.watcher, [id]);
    return checkWatcherToken(secret, token, row);
  }

  async function confirmationOf(db: Queryable, secret: string | undefined, token: string, language: Language, forUpdate: boolean): Promise<Confirmation> {
    const id = confirmTokenId(token);
    const row = id === null ? undefined : await one<Confirmation>(db, `${postgresWatchQueries.request}${forUpdate ? " FOR UPDATE" : ""}`, [id]);
    return checkConfirmation(secret, token, row, now(), language);
  }

  async function plan(db: Queryable, publication: Publication) {
    const rows = (
      await db.query<{ watcherId: number; email: string; language: Language; createdAt: number; productIds: number[]; mailed: boolean }>(
        postgresWatchQueries.publicationWatchers,
        [publication.key, publication.productIds],
      )
    ).rows;
    // Part numbers from the content, as SQLite's join to site_list gives them (a part the content lost names nothing).
    const named = rows.map(({ productIds, ...row }) => ({ ...row, parts: productIds.map(parts.partNumberOf).filter((part): part is string => part !== null) }));
    return planMailboxes(named.filter((row) => row.parts.length > 0));
  }

  const view = async (watcher: Watcher | undefined) => (watcher ? { email: watcher.email, language: watcher.language, parts: await listOf(pool, watcher.id) } : null);

  return {
    accountEmail: (userId) => accountEmail(pool, userId),

    async accountParts(userId) {
      const watcher = await one<Watcher>(pool, postgresWatchQueries.ofUser, [userId]);
      return watcher ? listOf(pool, watcher.id) : [];
    },

    addForUser(userId, productIds, language) {
      return inTransaction(pool, async (client) => {
        const email = await accountEmail(client, userId);
        if (!email) throw new ApiError("E40034004");
        const at = now();
        // Made on first use (once, whichever host asks first), then its row is locked: adds to one watcher take turns.
        await client.query("INSERT INTO watchers (user_id, email, language, created_at, confirmed_at) VALUES ($1, $2, $3, $4, $4) ON CONFLICT (user_id) DO NOTHING", [
          userId,
          email,
          language,
          at,
        ]);
        const watcher = (await one<Watcher>(client, `${postgresWatchQueries.ofUser} FOR UPDATE`, [userId]))!;
        if (renewsAccountWatcher(watcher, language, email)) {
          await client.query("UPDATE watchers SET language = $1, email = $2, unsubscribed_at = NULL WHERE id = $3", [language, email, watcher.id]);
        }
        return addWithin(client, watcher.id, productIds, language);
      });
    },

    async removeForUser(userId, productId) {
      await pool.query("DELETE FROM part_watches WHERE watcher_id = (SELECT id FROM watchers WHERE user_id = $1) AND product_id = $2", [userId, productId]);
    },

    async unsubscribe(secret, token) {
      const id = watchTokenId(token);
      const found = id === null ? undefined : await one<{ id: number; createdAt: number }>(pool, postgresWatchQueries.watcher, [id]);
      const { id: watcherId } = checkWatcherToken(secret, token, found);
      return inTransaction(pool, async (client) => {
        const row = await one<{ unsubscribedAt: number | null }>(client, `${postgresWatchQueries.watcher} FOR UPDATE`, [watcherId]);
        // Deleted with its account since the link was checked: the link names no watcher any more.
        if (!row) throw new ApiError("E40034003");
        const removed = (await client.query("DELETE FROM part_watches WHERE watcher_id = $1", [watcherId])).rowCount ?? 0;
        await client.query(postgresWatchQueries.dropPending, [watcherId]);
        if (row.unsubscribedAt === null) await client.query("UPDATE watchers SET unsubscribed_at = $1 WHERE id = $2", [now(), watcherId]);
        return { already: row.unsubscribedAt !== null && removed === 0 };
      });
    },

    async requestByEmail(input) {
      if (!input.secret) throw new ApiError("E50300001");
      const secret = input.secret;
      await inTransaction(pool, async (client) => {
        // Both limits count rows other hosts may be writing: the client's, then the address's, take turns.
        await lock(client, clientLock, input.ipHash);
        await lock(client, addressLock, input.email);
        const at = now();
        const refusal = hourlyRefusal(
          (await one<{ n: number; oldest: number | null }>(client, postgresWatchQueries.clientCounts, [input.ipHash, at - HOUR_MS]))!,
          at,
          emailWatchLimits.perClientHour,
        );
        if (refusal) throw refusal;
        checkAddressLimit((await one<AddressCounts>(client, postgresWatchQueries.addressCounts, [input.email, at - HOUR_MS, at - 24 * HOUR_MS]))!, at, input.language);
        const expires = at + emailWatchLimits.confirmHours * HOUR_MS;
        const { id } = (await one<{ id: number }>(
          client,
          "INSERT INTO watch_confirmations (email, language, parts, ip_hash, token, created_at, expires_at) VALUES ($1, $2, $3, $4, '', $5, $6) RETURNING id",
          [input.email, input.language, JSON.stringify([...new Set(input.productIds)]), input.ipHash, at, expires],
        ))!;
        await client.query("UPDATE watch_confirmations SET token = $1 WHERE id = $2", [signConfirmToken(secret, id, at), id]);
        await client.query("INSERT INTO watch_mail_outbox (watch_confirmation_id, next_attempt_at, created_at, message_id) VALUES ($1, $2, $2, $3)", [
          id,
          at,
          newOutboxMessageId(),
        ]);
      });
    },

    async checkConfirmation(secret, token, language) {
      const row = await confirmationOf(pool, secret, token, language, false);
      return { email: row.email, parts: parts.shown(JSON.parse(row.parts) as number[]).map((part) => part.partNumber), manageToken: null };
    },

    confirm(secret, token, language) {
      return inTransaction(pool, async (client) => {
        // The request's row lock: a link followed on two hosts at once confirms once, the other is told it was used.
        const row = await confirmationOf(client, secret, token, language, true);
        const shown = parts.shown(JSON.parse(row.parts) as number[]);
        const at = now();
        const made = await one<{ id: number; createdAt: number }>(
          client,
          `INSERT INTO watchers (user_id, email, language, created_at, confirmed_at) VALUES (NULL, $1, $2, $3, $3)
           ON CONFLICT (email) WHERE user_id IS NULL DO NOTHING RETURNING id, created_at AS "createdAt"`,
          [row.email, row.language, at],
        );
        let watcher = made;
        if (!watcher) {
          watcher = (await one<{ id: number; createdAt: number }>(client, `${postgresWatchQueries.guestOf} FOR UPDATE`, [row.email]))!;
          await client.query("UPDATE watchers SET language = $1, confirmed_at = coalesce(confirmed_at, $2), unsubscribed_at = NULL WHERE id = $3", [
            row.language,
            at,
            watcher.id,
          ]);
        }
        await addWithin(
          client,
          watcher.id,
          shown.map((part) => part.id),
          language,
        );
        await client.query("UPDATE watch_confirmations SET confirmed_at = $1 WHERE id = $2", [at, row.id]);
        return { email: row.email, parts: shown.map((part) => part.partNumber), manageToken: signWatchToken(secret!, watcher.id, watcher.createdAt) };
      });
    },

    async listByToken(secret, token) {
      const watcher = await watcherOfToken(secret, token);
      return { email: watcher.email, parts: await listOf(pool, watcher.id) };
    },

    async removeByToken(secret, token, productId) {
      const watcher = await watcherOfToken(secret, token);
      await pool.query("DELETE FROM part_watches WHERE watcher_id = $1 AND product_id = $2", [watcher.id, productId]);
    },

    async exportOf(userId, email) {
      const guest = email ? await one<Watcher>(pool, `${postgresWatchQueries.guestOf} AND confirmed_at IS NOT NULL`, [email]) : undefined;
      return { watches: await view(await one<Watcher>(pool, postgresWatchQueries.ofUser, [userId])), emailSubscription: await view(guest) };
    },

    async deleteOfUser(userId, email) {
      await inTransaction(pool, (client) => deleteAccountWatches(client, userId, email));
    },

    async dryRun(publication) {
      const { fresh, alreadyMailed } = await plan(pool, publication);
      return { number: publication.key, kind: publication.kind, recipients: fresh.map(recipientOf), alreadyMailed };
    },

    publish(publication, secret): Promise<PublishResult> {
      checkPublishSecret(secret);
      const number = publication.key;
      return inTransaction(pool, async (client) => {
        // Two publishes of one event (from two hosts) take turns: the second reads who the first mailed.
        await lock(client, publicationLock, number);
        const { fresh, alreadyMailed } = await plan(client, publication);
        const at = now();
        const queued: NoticeRecipient[] = [];
        for (const row of fresh) {
          const details = publication.details(row.language);
          const mail = await one<{ id: number }>(
            client,
            `INSERT INTO notice_mails (notice_number, kind, details, watcher_id, email, language, parts, unsubscribe_token, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (notice_number, watcher_id) DO NOTHING RETURNING id`,
            [
              number,
              publication.kind,
              details && JSON.stringify(details),
              row.watcherId,
              row.email,
              row.language,
              JSON.stringify(row.parts),
              signWatchToken(secret, row.watcherId, row.createdAt),
              at,
            ],
          );
          if (!mail) continue;
          await client.query("INSERT INTO watch_mail_outbox (notice_mail_id, next_attempt_at, created_at, message_id) VALUES ($1, $2, $2, $3)", [
            mail.id,
            at,
            newOutboxMessageId(),
          ]);
          queued.push(recipientOf(row));
        }
        return { number, kind: publication.kind, recipients: queued, alreadyMailed: alreadyMailed + fresh.length - queued.length };
      });
    },
  };
}
