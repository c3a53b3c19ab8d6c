// The accounts' store on the embedded SQLite file. Every method does its whole work synchronously, inside one
// BEGIN IMMEDIATE transaction where it writes, before it returns its (already settled) promise: no other
// request's statements can run between its reads and its writes, and the only cost of the async interface is
// one promise per call (docs/decisions/044-store-interface-and-postgresql.md).
import type { UserInfo } from "../../../shared/contract/index.ts";
import { sessionMaxAgeMs } from "../../../shared/cookies.ts";
import { transaction, type Database } from "../db.ts";
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
import type { AccountStore, SignedIn } from "./store.ts";
import { hashSessionId, newSessionId } from "./sessions.ts";

/** The lookups the store makes on every request or code, named as in store-postgres.ts:
 * test/upstream/account-query-plans.test.ts checks each is answered from an index. */
export const sqliteAccountQueries = {
  sessionUser: "SELECT user_id AS userId FROM sessions WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?",
  user: "SELECT id AS userId, phone, email FROM users WHERE id = ?",
  lockOf: "SELECT locked_until AS lockedUntil FROM sign_in_locks WHERE channel = ? AND target = ? AND ip_hash = ?",
  knownClient: "SELECT 1 AS known FROM sign_in_clients WHERE channel = ? AND target = ? AND ip_hash = ? AND signed_in_at > ?",
  targetFailures: "SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = ? AND target = ? AND created_at > ?",
  clientFailures: "SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = ? AND target = ? AND ip_hash = ? AND created_at > ?",
  latestCode:
    "SELECT id, salt, code_hash, expires_at, attempts, state FROM verify_codes WHERE channel = ? AND target = ? AND ip_hash = ? AND delivered = 1 AND state IN ('active', 'used', 'killed') ORDER BY created_at DESC, id DESC LIMIT 1",
  ipWindow: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM verify_codes WHERE ip_hash = ? AND created_at > ?",
  recentSent:
    "SELECT created_at AS createdAt FROM verify_codes WHERE channel = ? AND target = ? AND ip_hash = ? AND state <> 'unsent' AND created_at > ? ORDER BY created_at DESC",
  sentToTarget:
    "SELECT COUNT(*) FILTER (WHERE created_at > ?3) AS lastHour, COUNT(*) AS lastDay, MAX(created_at) AS latest FROM verify_codes WHERE channel = ?1 AND target = ?2 AND state <> 'unsent' AND created_at > ?4",
};

export function createSqliteAccountStore(db: Database, now: () => number, limits: CodeLimits): AccountStore {
  const findSession = db.prepare(sqliteAccountQueries.sessionUser);
  const insertSession = db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)");
  const revoke = db.prepare("UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL AND expires_at > ?");
  const findUser = db.prepare(sqliteAccountQueries.user);
  const findByPhone = db.prepare("SELECT id AS userId, phone, email FROM users WHERE phone = ?");
  const findByEmail = db.prepare("SELECT id AS userId, phone, email FROM users WHERE email = ?");
  const insertByPhone = db.prepare("INSERT INTO users (phone, created_at) VALUES (?, ?) ON CONFLICT (phone) DO NOTHING");
  const insertByEmail = db.prepare("INSERT INTO users (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING");

  const ipWindow = db.prepare(sqliteAccountQueries.ipWindow);
  const lockOf = db.prepare(sqliteAccountQueries.lockOf);
  const recentSent = db.prepare(sqliteAccountQueries.recentSent);
  // Only delivered codes are replaced, and only the same client's: a newer code that is still on its way
  // must not kill the last good one, and a code someone else asked for must not kill the owner's.
  const supersede = db.prepare(
    "UPDATE verify_codes SET state = 'superseded' WHERE channel = ? AND target = ? AND ip_hash = ? AND state = 'active' AND delivered = 1 AND id <> ?",
  );
  const markDelivered = db.prepare("UPDATE verify_codes SET delivered = 1 WHERE id = ? AND state = 'active' RETURNING channel, target, ip_hash AS ipHash");
  const insertCode = db.prepare(
    "INSERT INTO verify_codes (channel, target, salt, code_hash, ip_hash, created_at, expires_at, delivered) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
  );
  const prune = db.prepare("DELETE FROM verify_codes WHERE created_at < ?");
  const markUnsent = db.prepare("UPDATE verify_codes SET state = 'unsent' WHERE id = ? AND state = 'active'");
  const latestCode = db.prepare(sqliteAccountQueries.latestCode);
  const setAttempts = db.prepare("UPDATE verify_codes SET attempts = ?, state = ? WHERE id = ?");
  const useCode = db.prepare("UPDATE verify_codes SET state = 'used' WHERE id = ?");
  const insertFailure = db.prepare("INSERT INTO sign_in_failures (channel, target, ip_hash, created_at) VALUES (?, ?, ?, ?)");
  const countFailures = db.prepare(sqliteAccountQueries.clientFailures);
  const clearFailures = db.prepare("DELETE FROM sign_in_failures WHERE (channel = ? AND target = ? AND ip_hash = ?) OR created_at < ?");
  const setLock = db.prepare(
    "INSERT INTO sign_in_locks (channel, target, ip_hash, locked_until) VALUES (?, ?, ?, ?) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET locked_until = excluded.locked_until",
  );
  const pruneLocks = db.prepare("DELETE FROM sign_in_locks WHERE locked_until < ?");
  const sentToTarget = db.prepare(sqliteAccountQueries.sentToTarget);
  const targetFailures = db.prepare(sqliteAccountQueries.targetFailures);
  const knownClient = db.prepare(sqliteAccountQueries.knownClient);
  const pruneClients = db.prepare("DELETE FROM sign_in_clients WHERE signed_in_at < ?");
  const rememberClient = db.prepare(
    "INSERT INTO sign_in_clients (channel, target, ip_hash, signed_in_at) VALUES (?, ?, ?, ?) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET signed_in_at = excluded.signed_in_at",
  );

  const lockedUntil = (channel: CodeChannel, target: string, ipHash: string) =>
    (lockOf.get(channel, target, ipHash) as { lockedUntil: number } | undefined)?.lockedUntil ?? 0;
  const isKnownClient = (channel: CodeChannel, target: string, ipHash: string, t: number) =>
    knownClient.get(channel, target, ipHash, windows(t).knownClientSince) !== undefined;
  const failuresAtTarget = (channel: CodeChannel, target: string, t: number) => (targetFailures.get(channel, target, windows(t).hourAgo) as { n: number }).n;

  function signIn(channel: CodeChannel, to: string, ipHash: string, code: string, previousSession: string | undefined): SignedIn {
    const outcome = transaction(db, (): { ok: true; value: SignedIn } | { ok: false; error: Error } => {
      const t = now();
      const lock = lockedUntil(channel, to, ipHash);
      const check = checkCode(lock, latestCode.get(channel, to, ipHash) as CodeRow | undefined, channel, to, code, t);
      if (check.kind === "refused") return { ok: false, error: check.error };
      if (check.kind === "wrong") {
        const guess = wrongGuess(
          check.row,
          {
            knownClient: isKnownClient(channel, to, ipHash, t),
            targetFailuresLastHour: failuresAtTarget(channel, to, t),
            clientFailuresInWindow: (countFailures.get(channel, to, ipHash, failureWindowStart(t, lock)) as { n: number }).n,
          },
          lock,
          t,
        );
        setAttempts.run(guess.attempts, guess.state, check.row.id);
        insertFailure.run(channel, to, ipHash, t);
        if (guess.lockUntil !== null) setLock.run(channel, to, ipHash, guess.lockUntil);
        return { ok: false, error: guess.error };
      }
      useCode.run(check.row.id);
      rememberClient.run(channel, to, ipHash, t);
      clearFailures.run(channel, to, ipHash, clearFailuresBefore(t));
      (channel === "sms" ? insertByPhone : insertByEmail).run(to, t);
      const user = (channel === "sms" ? findByPhone : findByEmail).get(to) as unknown as UserInfo;
      if (previousSession) revoke.run(t, hashSessionId(previousSession), t);
      const session = newSessionId();
      insertSession.run(session.idHash, user.userId, t, t + sessionMaxAgeMs);
      return { ok: true, value: { user, sessionId: session.id } };
    });
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  return {
    async sessionUser(sessionId) {
      const row = findSession.get(hashSessionId(sessionId), now()) as { userId: number } | undefined;
      return row?.userId ?? null;
    },

    async user(userId) {
      return (findUser.get(userId) as unknown as UserInfo | undefined) ?? null;
    },

    async issueCode(channel, target, ipHash) {
      return transaction(db, () => {
        const t = now();
        const w = windows(t);
        const refusal = issueRefusal(
          {
            ipLastHour: ipWindow.get(ipHash, w.hourAgo) as { n: number; oldest: number | null },
            lockedUntil: lockedUntil(channel, target, ipHash),
            sentByClient: (recentSent.all(channel, target, ipHash, w.dayAgo) as { createdAt: number }[]).map((row) => row.createdAt),
            knownClient: isKnownClient(channel, target, ipHash, t),
            toTarget: sentToTarget.get(channel, target, w.hourAgo, w.dayAgo) as { lastHour: number; lastDay: number; latest: number | null },
            targetFailuresLastHour: failuresAtTarget(channel, target, t),
          },
          t,
          limits,
        );
        if (refusal) throw refusal;
        const fresh = newCode(channel, target, t);
        const { lastInsertRowid } = insertCode.run(channel, target, fresh.salt, fresh.codeHash, ipHash, t, fresh.expiresAt);
        prune.run(w.pruneCodesBefore);
        pruneLocks.run(w.pruneLocksBefore);
        pruneClients.run(w.pruneClientsBefore);
        return { id: Number(lastInsertRowid), code: fresh.code };
      });
    },

    async markCodeSent(id) {
      transaction(db, () => {
        const row = markDelivered.get(id) as { channel: string; target: string; ipHash: string } | undefined;
        if (row) supersede.run(row.channel, row.target, row.ipHash, id);
      });
    },

    async markCodeUnsent(id) {
      markUnsent.run(id);
    },

    async signIn(channel, target, ipHash, code, previousSession) {
      return signIn(channel, target, ipHash, code, previousSession);
    },

    async revokeSession(sessionId) {
      const t = now();
      return Number(revoke.run(t, hashSessionId(sessionId), t).changes) > 0;
    },
  };
}
