// The accounts' store: users, sessions, sign-in codes, their attempt counters and the per-client limits. One
// async interface, two implementations: SQLite (store-sqlite.ts, the embedded default) and PostgreSQL
// (store-postgres.ts, several upstream hosts on one database). The routes see only this interface; the code
// rules both stores apply are in code-rules.ts (docs/decisions/044-store-interface-and-postgresql.md).
import type { UserInfo } from "../../../shared/contract/index.ts";
import type { CodeChannel } from "./code-rules.ts";

export interface SignedIn {
  user: UserInfo;
  /** The new session's id (32 random bytes, base64url) for the cookie; the store keeps only its hash. */
  sessionId: string;
}

export interface AccountStore {
  /** The user of a live session (neither revoked nor expired), or null. */
  sessionUser(sessionId: string): Promise<number | null>;
  /** A user's sign-in identity, or null when there is no such user. */
  user(userId: number): Promise<UserInfo | null>;
  /**
   * Checks every limit and stores a new code, not yet usable: the previous code keeps working until
   * `markCodeSent` (delivery succeeded) replaces it. Returns the code in clear for delivery only; it is never
   * stored or logged. A refusal is an ApiError (429/403 with Retry-After).
   */
  issueCode(channel: CodeChannel, target: string, ipHash: string): Promise<{ id: number; code: string }>;
  /** The code was delivered: from now on it is the one that signs in, and the client's previous one stops working. */
  markCodeSent(id: number): Promise<void>;
  /** A code whose delivery failed: it neither works nor counts against the number's limits. */
  markCodeUnsent(id: number): Promise<void>;
  /**
   * Checks a code against the latest one this client asked for and, in the same transaction, creates the account
   * on its first sign-in, revokes `previousSession` (a session id planted before sign-in is never promoted) and
   * starts a new session. A failure is committed (attempts, failures, lock) before its ApiError is thrown.
   */
  signIn(channel: CodeChannel, target: string, ipHash: string, code: string, previousSession: string | undefined): Promise<SignedIn>;
  /** Revokes a live session; false when it was unknown, expired or already revoked. */
  revokeSession(sessionId: string): Promise<boolean>;
}
