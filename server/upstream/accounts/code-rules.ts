// Sign-in codes and their rules: 6 digits from crypto.randomInt, only a salted hash stored, 5 minutes,
// single use, 5 wrong tries kill a code, 60 s between codes, 5 an hour and 10 a day, a per-address limit,
// and a 15-minute lock after 10 failed sign-ins within an hour.
// Every rule about a number is kept per (number, client), so nobody can aim them at someone else; a client
// is an IPv4 address or an IPv6 /64 (site/forms.ts). Across all clients a number has a budget that, spent,
// slows strangers down instead of locking the owner out (docs/decisions/002-sign-in-limits-per-client.md).
// Keyed by the target (phone or e-mail), never by account: no answer reveals an account.
//
// The rules are pure decisions over facts each store reads inside its own transaction (SQLite and PostgreSQL,
// docs/decisions/044-store-interface-and-postgresql.md): the rules live here once, the queries in each store.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { verifyCodeRules } from "../../../shared/contract/index.ts";
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

/** The latest delivered code a client asked for a number (active, used or killed). */
export interface CodeRow {
  id: number;
  salt: string;
  code_hash: string;
  expires_at: number;
  attempts: number;
  state: string;
}

function retryAfter(untilMs: number, now: number): { retryAfterSeconds: number } {
  return { retryAfterSeconds: Math.max(1, Math.ceil((untilMs - now) / SECOND)) };
}

/** The windows a store reads its facts over, at time t. */
export function windows(t: number) {
  return {
    hourAgo: t - HOUR,
    dayAgo: t - DAY,
    knownClientSince: t - targetBudget.knownClientMs,
    // Rows older than the longest window answer no rule any more: pruned at each code request.
    pruneCodesBefore: t - 2 * DAY,
    pruneLocksBefore: t - DAY,
    pruneClientsBefore: t - targetBudget.knownClientMs,
  };
}

/** What a store reads, in the transaction that may store the new code, before a code is issued. */
export interface IssueFacts {
  /** Codes (of any state) this client address asked for within the hour, and the oldest of them. */
  ipLastHour: { n: number; oldest: number | null };
  /** The end of this client's sign-in lock for the number (0: none). */
  lockedUntil: number;
  /** When this client's codes for the number were created within the day (failed deliveries left out), newest first. */
  sentByClient: number[];
  /** The client signed in with the number within knownClientMs. */
  knownClient: boolean;
  /** Codes to the number from every client (failed deliveries left out): within the hour, the day, and the latest. */
  toTarget: { lastHour: number; lastDay: number; latest: number | null };
  /** Wrong guesses at the number from every client within the hour. */
  targetFailuresLastHour: number;
}

/** Whether strangers' wrong guesses at this number, across all clients, have spent its hourly budget. */
function guessesSpent(targetFailuresLastHour: number): boolean {
  return targetFailuresLastHour >= targetBudget.failuresPerHour;
}

/** The refusal of a new code, or null when one may be issued. */
export function issueRefusal(facts: IssueFacts, t: number, limits: CodeLimits): ApiError | null {
  const { ipLastHour: ip, sentByClient: sent } = facts;
  if (ip.n >= limits.perIpPerHour) return new ApiError("E42900001", retryAfter((ip.oldest ?? t) + HOUR, t));
  if (facts.lockedUntil > t) return new ApiError("E40021005", retryAfter(facts.lockedUntil, t));
  const last = sent[0];
  if (last !== undefined && t - last < verifyCodeRules.resendAfterSeconds * SECOND) {
    return new ApiError("E40021007", retryAfter(last + verifyCodeRules.resendAfterSeconds * SECOND, t));
  }
  const lastHour = sent.filter((at) => at > t - HOUR);
  if (lastHour.length >= verifyCodeRules.perHour) return new ApiError("E40021008", retryAfter(lastHour.at(-1)! + HOUR, t));
  if (sent.length >= verifyCodeRules.perDay) return new ApiError("E40021008", retryAfter(sent.at(-1)! + DAY, t));
  if (!facts.knownClient) {
    // The slow path's wait for the next code to a number whose budget is spent (0 while it is not).
    const { lastHour: hourCount, lastDay, latest } = facts.toTarget;
    const wait =
      lastDay >= targetBudget.codesPerDay
        ? targetBudget.slowResendMs.day
        : hourCount >= targetBudget.codesPerHour || guessesSpent(facts.targetFailuresLastHour)
          ? targetBudget.slowResendMs.hour
          : 0;
    const since = latest ?? 0;
    if (wait && t - since < wait) return new ApiError("E40021007", retryAfter(since + wait, t));
  }
  return null;
}

function hashCode(salt: string, channel: CodeChannel, target: string, code: string): string {
  return createHmac("sha256", salt).update(`${channel}\n${target}\n${code}`).digest("hex");
}

/** A new code: the clear code for delivery only (never stored or logged), and what the store keeps. */
export function newCode(channel: CodeChannel, target: string, t: number) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("base64url");
  return { code, salt, codeHash: hashCode(salt, channel, target, code), expiresAt: t + verifyCodeRules.expiresInSeconds * SECOND };
}

/** Where this client's failures start counting towards the next lock: failures before the end of the previous lock were already paid for. */
export function failureWindowStart(t: number, lockedUntil: number): number {
  return Math.max(t - signInLockRules.windowMs, lockedUntil);
}

/** What a store reads before deciding a wrong guess (in the same transaction, before recording it). */
export interface GuessFacts {
  knownClient: boolean;
  targetFailuresLastHour: number;
  /** This client's failures for the number after failureWindowStart(t, lockedUntil). */
  clientFailuresInWindow: number;
}

export type CodeCheck = { kind: "refused"; error: ApiError } | { kind: "wrong"; row: CodeRow } | { kind: "right"; row: CodeRow };

/**
 * Checks a code against the latest one this client asked for. Only a wrong code against an outstanding code
 * counts as a failure: with none, there is nothing to guess, and counting would let anyone lock a number
 * nobody asked a code for.
 */
export function checkCode(lockedUntil: number, row: CodeRow | undefined, channel: CodeChannel, target: string, code: string, t: number): CodeCheck {
  if (lockedUntil > t) return { kind: "refused", error: new ApiError("E40021005", retryAfter(lockedUntil, t)) };
  if (!row || row.state === "used") return { kind: "refused", error: new ApiError("E40021004") };
  if (row.state === "killed") return { kind: "refused", error: new ApiError("E40021006") };
  if (row.expires_at <= t) return { kind: "refused", error: new ApiError("E40021010") };
  const expected = Buffer.from(row.code_hash, "hex");
  const given = Buffer.from(hashCode(row.salt, channel, target, code), "hex");
  return timingSafeEqual(expected, given) ? { kind: "right", row } : { kind: "wrong", row };
}

/**
 * A wrong guess: the code's new attempt count and state, the lock it earns (null: none) and the answer. The
 * store records the failure (created at t), the attempts and the lock, commits, then throws the error.
 */
export function wrongGuess(row: CodeRow, facts: GuessFacts, lockedUntil: number, t: number) {
  const attempts = row.attempts + 1;
  // Past the number's guess budget, a stranger's code dies at its first wrong guess.
  const slow = !facts.knownClient && guessesSpent(facts.targetFailuresLastHour);
  const killed = slow || attempts >= verifyCodeRules.maxAttempts;
  // The failure being recorded counts when it falls inside the window (it does unless the last lock ended at t).
  const failures = facts.clientFailuresInWindow + (t > failureWindowStart(t, lockedUntil) ? 1 : 0);
  const lockUntil = failures >= signInLockRules.failures ? t + signInLockRules.lockMs : null;
  const error = lockUntil !== null ? new ApiError("E40021005", retryAfter(lockUntil, t)) : new ApiError(killed ? "E40021006" : "E40021004");
  return { attempts, state: killed ? "killed" : "active", lockUntil, error };
}

/** After a right code: this client's failures (and everyone's older than the window) are forgotten. */
export function clearFailuresBefore(t: number): number {
  return t - signInLockRules.windowMs;
}
