// Sign-in codes and their rules: 6 digits from crypto.randomInt, only a salted hash stored, 5 minutes,
// single use, 5 wrong tries kill a code, 60 s between codes, 5 an hour and 10 a day, a per-address limit,
// and a 15-minute lock after 10 failed sign-ins within an hour.
// Every rule about a number is kept per (number, client), so nobody can aim them at someone else; a client
// is an IPv4 address or an IPv6 /64 (site/forms.ts). Across all clients a number has a budget that, spent,
// slows strangers down instead of locking the owner out (docs/decisions/002-sign-in-limits-per-client.md).
// Keyed by the target (phone or e-mail), never by account: no answer reveals an account.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { verifyCodeRules } from "../../../shared/contract/index.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";

export type CodeChannel = "sms" | "email";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const signInLockRules = { failures: 10, windowMs: HOUR, lockMs: 15 * MINUTE } as const;

/**
 * A number's budget across all clients (docs/decisions/002-sign-in-limits-per-client.md). Spent, it slows
 * the number down rather than locking it: the next code to it, from a client that never signed in with it,
 * waits `slowResendMs` after the last one anybody got, and each outstanding code takes one wrong guess,
 * not five. The owner's own devices (clients that signed in with it within `knownClientMs`) keep the usual
 * pace, and anybody's right code still signs in.
 */
const targetBudget = {
  codesPerHour: 10,
  codesPerDay: 20,
  failuresPerHour: 20,
  slowResendMs: { hour: 10 * MINUTE, day: HOUR },
  knownClientMs: 60 * DAY,
} as const;

export interface CodeLimits {
  /** Code requests from one client address per hour. */
  perIpPerHour: number;
}

interface CodeRow {
  id: number;
  salt: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  state: string;
}

function hashCode(salt: string, channel: CodeChannel, target: string, code: string): string {
  return createHmac("sha256", salt).update(`${channel}\n${target}\n${code}`).digest("hex");
}

function retryAfter(untilMs: number, now: number): { retryAfterSeconds: number } {
  return { retryAfterSeconds: Math.max(1, Math.ceil((untilMs - now) / SECOND)) };
}

export function createCodeStore(db: Database, now: () => number, limits: CodeLimits) {
  const ipWindow = db.prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM verify_codes WHERE ip_hash = ? AND created_at > ?");
  const lockOf = db.prepare("SELECT locked_until AS lockedUntil FROM sign_in_locks WHERE channel = ? AND target = ? AND ip_hash = ?");
  const recentSent = db.prepare(
    "SELECT created_at AS createdAt FROM verify_codes WHERE channel = ? AND target = ? AND ip_hash = ? AND state <> 'unsent' AND created_at > ? ORDER BY created_at DESC",
  );
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
  const latestCode = db.prepare(
    "SELECT id, salt, code_hash, expires_at, attempts, state FROM verify_codes WHERE channel = ? AND target = ? AND ip_hash = ? AND delivered = 1 AND state IN ('active', 'used', 'killed') ORDER BY created_at DESC, id DESC LIMIT 1",
  );
  const setAttempts = db.prepare("UPDATE verify_codes SET attempts = ?, state = ? WHERE id = ?");
  const useCode = db.prepare("UPDATE verify_codes SET state = 'used' WHERE id = ?");
  const insertFailure = db.prepare("INSERT INTO sign_in_failures (channel, target, ip_hash, created_at) VALUES (?, ?, ?, ?)");
  const countFailures = db.prepare("SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = ? AND target = ? AND ip_hash = ? AND created_at > ?");
  const clearFailures = db.prepare("DELETE FROM sign_in_failures WHERE (channel = ? AND target = ? AND ip_hash = ?) OR created_at < ?");
  const setLock = db.prepare(
    "INSERT INTO sign_in_locks (channel, target, ip_hash, locked_until) VALUES (?, ?, ?, ?) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET locked_until = excluded.locked_until",
  );
  const pruneLocks = db.prepare("DELETE FROM sign_in_locks WHERE locked_until < ?");
  const sentToTarget = db.prepare(
    "SELECT COUNT(*) FILTER (WHERE created_at > ?3) AS lastHour, COUNT(*) AS lastDay, MAX(created_at) AS latest FROM verify_codes WHERE channel = ?1 AND target = ?2 AND state <> 'unsent' AND created_at > ?4",
  );
  const targetFailures = db.prepare("SELECT COUNT(*) AS n FROM sign_in_failures WHERE channel = ? AND target = ? AND created_at > ?");
  const knownClient = db.prepare("SELECT 1 AS known FROM sign_in_clients WHERE channel = ? AND target = ? AND ip_hash = ? AND signed_in_at > ?");
  const pruneClients = db.prepare("DELETE FROM sign_in_clients WHERE signed_in_at < ?");
  const rememberClient = db.prepare(
    "INSERT INTO sign_in_clients (channel, target, ip_hash, signed_in_at) VALUES (?, ?, ?, ?) ON CONFLICT (channel, target, ip_hash) DO UPDATE SET signed_in_at = excluded.signed_in_at",
  );

  function isKnownClient(channel: CodeChannel, target: string, ipHash: string, t: number): boolean {
    return knownClient.get(channel, target, ipHash, t - targetBudget.knownClientMs) !== undefined;
  }

  /** Whether strangers' wrong guesses at this number, across all clients, have spent its hourly budget. */
  function guessesSpent(channel: CodeChannel, target: string, t: number): boolean {
    return (targetFailures.get(channel, target, t - HOUR) as { n: number }).n >= targetBudget.failuresPerHour;
  }

  /** The slow path's wait for the next code to a number whose budget is spent, or 0 while it is not. */
  function slowResendWait(channel: CodeChannel, target: string, t: number): { wait: number; latest: number } {
    const sent = sentToTarget.get(channel, target, t - HOUR, t - DAY) as { lastHour: number; lastDay: number; latest: number | null };
    const latest = sent.latest ?? 0;
    if (sent.lastDay >= targetBudget.codesPerDay) return { wait: targetBudget.slowResendMs.day, latest };
    if (sent.lastHour >= targetBudget.codesPerHour || guessesSpent(channel, target, t)) return { wait: targetBudget.slowResendMs.hour, latest };
    return { wait: 0, latest };
  }

  function lockedUntil(channel: CodeChannel, target: string, ipHash: string): number {
    return (lockOf.get(channel, target, ipHash) as { lockedUntil: number } | undefined)?.lockedUntil ?? 0;
  }

  /** Records a failed sign-in against an outstanding code; returns the lock's end when this failure locks the client out. */
  function recordFailure(channel: CodeChannel, target: string, ipHash: string, t: number): number | null {
    insertFailure.run(channel, target, ipHash, t);
    // Failures from before the end of the previous lock were already paid for.
    const since = Math.max(t - signInLockRules.windowMs, lockedUntil(channel, target, ipHash));
    const { n } = countFailures.get(channel, target, ipHash, since) as { n: number };
    if (n < signInLockRules.failures) return null;
    const until = t + signInLockRules.lockMs;
    setLock.run(channel, target, ipHash, until);
    return until;
  }

  return {
    /**
     * Checks every limit and stores a new code, not yet usable: the previous code keeps working until
     * `markSent` (delivery succeeded) replaces it. Returns the code in clear for delivery only; it is
     * never stored or logged by this module.
     */
    issue(channel: CodeChannel, target: string, ipHash: string): { id: number; code: string } {
      return transaction(db, () => {
        const t = now();
        const ip = ipWindow.get(ipHash, t - HOUR) as { n: number; oldest: number | null };
        if (ip.n >= limits.perIpPerHour) throw new ApiError("E42900001", retryAfter((ip.oldest ?? t) + HOUR, t));
        const lock = lockedUntil(channel, target, ipHash);
        if (lock > t) throw new ApiError("E40021005", retryAfter(lock, t));
        const sent = (recentSent.all(channel, target, ipHash, t - DAY) as { createdAt: number }[]).map((row) => row.createdAt);
        const last = sent[0];
        if (last !== undefined && t - last < verifyCodeRules.resendAfterSeconds * SECOND) {
          throw new ApiError("E40021007", retryAfter(last + verifyCodeRules.resendAfterSeconds * SECOND, t));
        }
        const lastHour = sent.filter((at) => at > t - HOUR);
        if (lastHour.length >= verifyCodeRules.perHour) throw new ApiError("E40021008", retryAfter(lastHour.at(-1)! + HOUR, t));
        if (sent.length >= verifyCodeRules.perDay) throw new ApiError("E40021008", retryAfter(sent.at(-1)! + DAY, t));
        if (!isKnownClient(channel, target, ipHash, t)) {
          const slow = slowResendWait(channel, target, t);
          if (slow.wait && t - slow.latest < slow.wait) throw new ApiError("E40021007", retryAfter(slow.latest + slow.wait, t));
        }

        const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
        const salt = randomBytes(16).toString("base64url");
        const { lastInsertRowid } = insertCode.run(
          channel,
          target,
          salt,
          hashCode(salt, channel, target, code),
          ipHash,
          t,
          t + verifyCodeRules.expiresInSeconds * SECOND,
        );
        // Rows older than the longest window (a day) answer no rule any more.
        prune.run(t - 2 * DAY);
        pruneLocks.run(t - DAY);
        pruneClients.run(t - targetBudget.knownClientMs);
        return { id: Number(lastInsertRowid), code };
      });
    },

    /** The code was delivered: from now on it is the one that signs in, and the previous one stops working. */
    markSent(id: number): void {
      transaction(db, () => {
        const row = markDelivered.get(id) as { channel: string; target: string; ipHash: string } | undefined;
        if (row) supersede.run(row.channel, row.target, row.ipHash, id);
      });
    },

    /** A code whose delivery failed: it neither works nor counts against the number's limits. */
    markUnsent(id: number): void {
      markUnsent.run(id);
    },

    /**
     * Checks a code against the latest one this client asked for and, in the same transaction, runs
     * `onSuccess` (create the account and session). A failure is committed (attempts, failures, lock)
     * before its error is thrown. Only a wrong code against an outstanding code counts as a failure: with
     * none, there is nothing to guess, and counting would let anyone lock a number nobody asked a code for.
     */
    verify<T>(channel: CodeChannel, target: string, ipHash: string, code: string, onSuccess: () => T): T {
      const outcome = transaction(db, (): { ok: true; value: T } | { ok: false; error: ApiError } => {
        const t = now();
        const lock = lockedUntil(channel, target, ipHash);
        if (lock > t) return { ok: false, error: new ApiError("E40021005", retryAfter(lock, t)) };
        const row = latestCode.get(channel, target, ipHash) as CodeRow | undefined;
        if (!row || row.state === "used") return { ok: false, error: new ApiError("E40021004") };
        if (row.state === "killed") return { ok: false, error: new ApiError("E40021006") };
        if (row.expires_at <= t) return { ok: false, error: new ApiError("E40021010") };
        const expected = Buffer.from(row.code_hash, "hex");
        const given = Buffer.from(hashCode(row.salt, channel, target, code), "hex");
        if (!timingSafeEqual(expected, given)) {
          const attempts = row.attempts + 1;
          // Past the number's guess budget, a stranger's code dies at its first wrong guess.
          const slow = !isKnownClient(channel, target, ipHash, t) && guessesSpent(channel, target, t);
          const killed = slow || attempts >= verifyCodeRules.maxAttempts;
          setAttempts.run(attempts, killed ? "killed" : "active", row.id);
          const until = recordFailure(channel, target, ipHash, t);
          if (until !== null) return { ok: false, error: new ApiError("E40021005", retryAfter(until, t)) };
          return { ok: false, error: new ApiError(killed ? "E40021006" : "E40021004") };
        }
        useCode.run(row.id);
        rememberClient.run(channel, target, ipHash, t);
        clearFailures.run(channel, target, ipHash, t - signInLockRules.windowMs);
        return { ok: true, value: onSuccess() };
      });
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
