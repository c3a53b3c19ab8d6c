// The accounts' store on PostgreSQL: several upstream hosts, one database. Each method that reads facts and then
// writes does both in one transaction that first takes transaction-scoped advisory locks: the client's network
// (the per-address limit) and then the number (its codes, attempts, failures and lock). Two hosts deciding on one
// number therefore take turns, as SQLite's BEGIN IMMEDIATE makes the processes on one file do: a code's attempts
// are counted once, whichever hosts the guesses reach (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import type { UserInfo } from "../../../shared/contract/index.ts";
import { sessionMaxAgeMs } from "../../../shared/cookies.ts";
import { inTransaction } from "../postgres.ts";
import {
  checkCode,
  clearFailuresBefore,
  failureWindowStart,
  issueRefusal,
  newCode,
  wrongGuess,
  windows,
  type CodeChannel,
  type CodeLimits,
  type CodeRow,
} from "./code-rules.ts";
import { hashSessionId, newSessionId } from "./sessions.ts";
import type { AccountStore, SignedIn } from "./store.ts";

// The advisory locks' two-key space: (kind, hashtext(name)). Always taken in this order (client, then number)
// and at most one of each per transaction, so two transactions never wait for each other in a cycle.
const clientLock = 1;
const numberLock = 2;

/** The lookups the store makes on every request or code, named: test/upstream/account-query-plans.test.ts checks
 * each is answered from an index. */
export const postgresAccountQueries = {
  sessionUser: 'SELECT user_id AS "userId" FROM sessions WHERE id_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
  user: 'SELECT id AS "userId", phone, email FROM users WHERE id = $1',
  lockOf: 'SELECT locked_until AS "lockedUntil" FROM sign_in_locks WHERE channel = $1 AND target = $2 AND ip_hash = $3',
  knownClient: "SELECT 1 FROM sign_in_clients WHERE channel = $1 AND target = $2 AND ip_hash = $3 AND signed_in_at > $4",
  targetFailures: "SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = $1 AND target = $2 AND created_at > $3",
  clientFailures: "SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = $1 AND target = $2 AND ip_hash = $3 AND created_at > $4",
  latestCode:
    "SELECT id, salt, code_hash, expires_at, attempts, state FROM verify_codes WHERE channel = $1 AND target = $2 AND ip_hash = $3 AND delivered AND state IN ('active', 'used', 'killed') ORDER BY created_at DESC, id DESC LIMIT 1",
  ipWindow: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM verify_codes WHERE ip_hash = $1 AND created_at > $2",
  recentSent:
    "SELECT created_at AS \"createdAt\" FROM verify_codes WHERE channel = $1 AND target = $2 AND ip_hash = $3 AND state <> 'unsent' AND created_at > $4 ORDER BY created_at DESC",
  sentToTarget:
    'SELECT COUNT(*) FILTER (WHERE created_at > $3) AS "lastHour", COUNT(*) AS "lastDay", MAX(created_at) AS latest FROM verify_codes WHERE channel = $1 AND target = $2 AND state <> \'unsent\' AND created_at > $4',
};

type Client = pg.PoolClient;

async function lock(client: Client, kind: number, name: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [kind, name]);
}

async function one<T>(client: Client | pg.Pool, sql: string, values: unknown[]): Promise<T | undefined> {
  return (await client.query(sql, values)).rows[0] as T | undefined;
}

const numberKey = (channel: CodeChannel, target: string) => `${channel}\n${target}`;

export function createPostgresAccountStore(pool: pg.Pool, now: () => number, limits: CodeLimits): AccountStore {
  async function lockedUntil(client: Client, channel: CodeChannel, target: string, ipHash: string): Promise<number> {
    const row = await one<{ lockedUntil: number }>(client, postgresAccountQueries.lockOf, [channel, target, ipHash]);
    return row?.lockedUntil ?? 0;
  }

  async function isKnownClient(client: Client, channel: CodeChannel, target: string, ipHash: string, t: number): Promise<boolean> {
    const row = await one(client, postgresAccountQueries.knownClient, [channel, target, ipHash, windows(t).knownClientSince]);
    return row !== undefined;
  }

  async function failuresAtTarget(client: Client, channel: CodeChannel, target: string, t: number): Promise<number> {
    const row = await one<{ n: number }>(client, postgresAccountQueries.targetFailures, [channel, target, windows(t).hourAgo]);
    return row?.n ?? 0;
  }

  async function verifyInTransaction(
    client: Client,
    channel: CodeChannel,
    to: string,
    ipHash: string,
    code: string,
    previousSession: string | undefined,
  ): Promise<{ ok: true; value: SignedIn } | { ok: false; error: Error }> {
    await lock(client, numberLock, numberKey(channel, to));
    const t = now();
    const held = await lockedUntil(client, channel, to, ipHash);
    const latest = await one<CodeRow>(client, postgresAccountQueries.latestCode, [channel, to, ipHash]);
    const check = checkCode(held, latest, channel, to, code, t);
    if (check.kind === "refused") return { ok: false, error: check.error };
    if (check.kind === "wrong") {
      const clientFailures = await one<{ n: number }>(client, postgresAccountQueries.clientFailures, [channel, to, ipHash, failureWindowStart(t, held)]);
      const guess = wrongGuess(
        check.row,
        {
          knownClient: await isKnownClient(client, channel, to, ipHash, t),
          targetFailuresLastHour: await failuresAtTarget(client, channel, to, t),
          clientFailuresInWindow: clientFailures?.n ?? 0,
        },
        held,
        t,
      );
      await client.query("UPDATE verify_codes SET attempts = $1, state = $2 WHERE id = $3", [guess.attempts, guess.state, check.row.id]);
      await client.query("INSERT INTO sign_in_failures (channel, target, ip_hash, created_at) VALUES ($1, $2, $3, $4)", [channel, to, ipHash, t]);
      if (guess.lockUntil !== null) {
        await client.query(
          "INSERT INTO sign_in_locks (channel, target, ip_hash, locked_until) VALUES ($1, $2, $3, $4) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET locked_until = excluded.locked_until",
          [channel, to, ipHash, guess.lockUntil],
        );
      }
      return { ok: false, error: guess.error };
    }
    await client.query("UPDATE verify_codes SET state = 'used' WHERE id = $1", [check.row.id]);
    await client.query(
      "INSERT INTO sign_in_clients (channel, target, ip_hash, signed_in_at) VALUES ($1, $2, $3, $4) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET signed_in_at = excluded.signed_in_at",
      [channel, to, ipHash, t],
    );
    await client.query("DELETE FROM sign_in_failures WHERE (channel = $1 AND target = $2 AND ip_hash = $3) OR created_at < $4", [
      channel,
      to,
      ipHash,
      clearFailuresBefore(t),
    ]);
    // The column is fixed by the channel, never by input: two statements rather than a name in the SQL.
    const insert =
      channel === "sms"
        ? "INSERT INTO users (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO NOTHING"
        : "INSERT INTO users (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING";
    await client.query(insert, [to, t]);
    const find =
      channel === "sms" ? 'SELECT id AS "userId", phone, email FROM users WHERE phone = $1' : 'SELECT id AS "userId", phone, email FROM users WHERE email = $1';
    const user = (await one<UserInfo>(client, find, [to]))!;
    if (previousSession) {
      await client.query("UPDATE sessions SET revoked_at = $1 WHERE id_hash = $2 AND revoked_at IS NULL AND expires_at > $1", [t, hashSessionId(previousSession)]);
    }
    const session = newSessionId();
    await client.query("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", [session.idHash, user.userId, t, t + sessionMaxAgeMs]);
    return { ok: true, value: { user, sessionId: session.id } };
  }

  return {
    async sessionUser(sessionId) {
      const row = await one<{ userId: number }>(pool, postgresAccountQueries.sessionUser, [hashSessionId(sessionId), now()]);
      return row?.userId ?? null;
    },

    async user(userId) {
      return (await one<UserInfo>(pool, postgresAccountQueries.user, [userId])) ?? null;
    },

    async issueCode(channel, target, ipHash) {
      return inTransaction(pool, async (client) => {
        await lock(client, clientLock, ipHash);
        await lock(client, numberLock, numberKey(channel, target));
        const t = now();
        const w = windows(t);
        const ip = (await one<{ n: number; oldest: number | null }>(client, postgresAccountQueries.ipWindow, [ipHash, w.hourAgo]))!;
        const sent = await client.query<{ createdAt: number }>(postgresAccountQueries.recentSent, [channel, target, ipHash, w.dayAgo]);
        const toTarget = (await one<{ lastHour: number; lastDay: number; latest: number | null }>(client, postgresAccountQueries.sentToTarget, [
          channel,
          target,
          w.hourAgo,
          w.dayAgo,
        ]))!;
        const refusal = issueRefusal(
          {
            ipLastHour: ip,
            lockedUntil: await lockedUntil(client, channel, target, ipHash),
            sentByClient: sent.rows.map((row) => row.createdAt),
            knownClient: await isKnownClient(client, channel, target, ipHash, t),
            toTarget,
            targetFailuresLastHour: await failuresAtTarget(client, channel, target, t),
          },
          t,
          limits,
        );
        if (refusal) throw refusal;
        const fresh = newCode(channel, target, t);
        const inserted = (await one<{ id: number }>(
          client,
          "INSERT INTO verify_codes (channel, target, salt, code_hash, ip_hash, created_at, expires_at, delivered) VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE) RETURNING id",
          [channel, target, fresh.salt, fresh.codeHash, ipHash, t, fresh.expiresAt],
        ))!;
        await client.query("DELETE FROM verify_codes WHERE created_at < $1", [w.pruneCodesBefore]);
        await client.query("DELETE FROM sign_in_locks WHERE locked_until < $1", [w.pruneLocksBefore]);
        await client.query("DELETE FROM sign_in_clients WHERE signed_in_at < $1", [w.pruneClientsBefore]);
        return { id: inserted.id, code: fresh.code };
      });
    },

    async markCodeSent(id) {
      await inTransaction(pool, async (client) => {
        const code = await one<{ channel: CodeChannel; target: string }>(client, "SELECT channel, target FROM verify_codes WHERE id = $1", [id]);
        if (!code) return;
        await lock(client, numberLock, numberKey(code.channel, code.target));
        const row = await one<{ channel: string; target: string; ipHash: string }>(
          client,
          "UPDATE verify_codes SET delivered = TRUE WHERE id = $1 AND state = 'active' RETURNING channel, target, ip_hash AS \"ipHash\"",
          [id],
        );
        // Only delivered codes are replaced, and only the same client's: a newer code that is still on its way
        // must not kill the last good one, and a code someone else asked for must not kill the owner's.
        if (row) {
          await client.query(
            "UPDATE verify_codes SET state = 'superseded' WHERE channel = $1 AND target = $2 AND ip_hash = $3 AND state = 'active' AND delivered AND id <> $4",
            [row.channel, row.target, row.ipHash, id],
          );
        }
      });
    },

    async markCodeUnsent(id) {
      await pool.query("UPDATE verify_codes SET state = 'unsent' WHERE id = $1 AND state = 'active'", [id]);
    },

    async signIn(channel, target, ipHash, code, previousSession) {
      const outcome = await inTransaction(pool, (client) => verifyInTransaction(client, channel, target, ipHash, code, previousSession));
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },

    async revokeSession(sessionId) {
      const t = now();
      const result = await pool.query("UPDATE sessions SET revoked_at = $1 WHERE id_hash = $2 AND revoked_at IS NULL AND expires_at > $1", [t, hashSessionId(sessionId)]);
      return (result.rowCount ?? 0) > 0;
    },
  };
}
