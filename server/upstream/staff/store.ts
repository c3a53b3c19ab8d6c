// Staff accounts, their passkeys, enrolment links and console sessions, and the audit log, used by the staff
// console (server/staff/) and the staff CLI. One async interface, two implementations: SQLite
// (store-sqlite.ts, the embedded default) and PostgreSQL (store-postgres.ts, several hosts on one database)
// (docs/decisions/044-store-interface-and-postgresql.md, "Staff and the orders CLI"). Tokens are random and only
// their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";
import type { StaffRole } from "../../../shared/staff/staff-roles.ts";
import type { AuditAction, AuditEntry } from "./audit.ts";

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  userHandle: string;
  disabledAt: number | null;
  createdAt: number;
}

export interface StoredPasskey {
  id: string;
  staffId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
/** The WebAuthn user handle: random, never the e-mail (an authenticator may show or leak it). */
export const newUserHandle = () => randomBytes(32).toString("base64url");

/** A passkey ceremony's challenge is good for this long (its cookie lives as long: server/staff/session.ts). */
export const ceremonyMs = 5 * 60_000;

export class StaffStoreError extends Error {
  readonly reason: "duplicate" | "missing" | "lastAdmin";
  constructor(reason: "duplicate" | "missing" | "lastAdmin") {
    super(reason);
    this.reason = reason;
  }
}

/**
 * The rule of the last admin, once for both stores: a change that would leave no enabled admin is refused.
 * `othersActive` is the number of enabled admins other than the one changed, read inside the change's transaction.
 */
export function lastAdminRefusal(found: StaffMember | null, change: { role?: StaffRole; disabled?: boolean }, othersActive: number): StaffStoreError | null {
  if (!found) return new StaffStoreError("missing");
  const stopsBeingAdmin = (change.role !== undefined && change.role !== "admin") || change.disabled === true;
  return found.role === "admin" && stopsBeingAdmin && othersActive === 0 ? new StaffStoreError("lastAdmin") : null;
}

/**
 * A passkey's signature counter may only move forward (WebAuthn §6.1.1): a use whose counter is not above the
 * stored one is a cloned authenticator or a replay, unless both are 0 (an authenticator that keeps no counter).
 * The stores apply it in the UPDATE's own WHERE, so two hosts verifying one assertion at once record it once.
 */
export const counterMovesForward = (newCounter: string) => `(counter < ${newCounter} OR (${newCounter} = 0 AND counter = 0))`;

export interface StaffStore {
  /** A new account (no passkey yet) and its enrolment link's token; StaffStoreError("duplicate") when the e-mail is taken. */
  addMember(email: string, role: StaffRole): Promise<{ member: StaffMember; token: string }>;
  /** A new enrolment link for an existing account (a lost or a second passkey). */
  newEnrolment(staffId: number): Promise<string>;
  byEmail(email: string): Promise<StaffMember | null>;
  byId(id: number): Promise<StaffMember | null>;
  /** Every account with its number of passkeys: enabled first, then by e-mail. */
  list(): Promise<Array<StaffMember & { passkeys: number }>>;
  /** The account an unused, unexpired enrolment link belongs to (never a disabled one). */
  enrolmentMember(token: string): Promise<StaffMember | null>;
  /** Uses the link and stores the passkey in one transaction: a link enrols at most one passkey, whichever hosts it reaches. */
  enrol(token: string, passkey: Omit<StoredPasskey, "staffId">): Promise<StaffMember | null>;
  passkey(id: string): Promise<StoredPasskey | null>;
  passkeysOf(staffId: number): Promise<string[]>;
  /** Records a verified use; false (nothing written) when the counter would not move forward (counterMovesForward). */
  recordPasskeyUse(id: string, counter: number): Promise<boolean>;
  /** Keeps a passkey ceremony's challenge (5 minutes) with the enrolment token it began with (null: a sign-in);
   * returns the ceremony's id for its cookie. */
  beginCeremony(challenge: string, token: string | null): Promise<string>;
  /** The ceremony's challenge, once (taking it deletes it, on every host), if unexpired and begun with `token`. */
  takeCeremony(id: string, token: string | null): Promise<string | null>;
  /** A session of 12 h; returns its token (the cookie's value). */
  startSession(staffId: number): Promise<{ token: string; expiresAt: number }>;
  /** The member of a live session: read at every request, so a disabled account is refused at once. */
  sessionMember(token: string): Promise<(StaffMember & { expiresAt: number }) | null>;
  endSession(token: string): Promise<void>;
  endAllSessions(staffId: number): Promise<void>;
  /** Changes a role; the last enabled admin stays one. */
  setRole(id: number, role: StaffRole): Promise<void>;
  /** Disables (ending every session at once) or re-enables an account; the last enabled admin stays. */
  setDisabled(id: number, disabled: boolean): Promise<void>;
}

interface AuditFilter {
  action?: AuditAction | undefined;
  email?: string | undefined;
  page: number;
  pageSize: number;
}

export interface AuditLog {
  record(actor: { id: number | null; email: string }, action: AuditAction, target?: string | null, detail?: string | null): Promise<void>;
  /** A page of entries, newest first; filters by action and member e-mail, each with its index. */
  page(filter: AuditFilter): Promise<{ list: AuditEntry[]; total: number }>;
}
