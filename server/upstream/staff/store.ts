// Staff accounts, their passkeys, enrolment links and console sessions in the upstream's store, used by the
// staff console (server/staff/) and the staff CLI. Tokens are random and only their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";
import { staffEnrolmentMs, staffSessionMs, type StaffRole } from "../../../shared/staff/staff-roles.ts";
import { transaction, type Database } from "../db.ts";

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

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const memberColumns = "id, email, role, user_handle AS userHandle, disabled_at AS disabledAt, created_at AS createdAt";

export class StaffStoreError extends Error {
  readonly reason: "duplicate" | "missing" | "lastAdmin";
  constructor(reason: "duplicate" | "missing" | "lastAdmin") {
    super(reason);
    this.reason = reason;
  }
}

export function createStaffStore(db: Database, now: () => number) {
  const q = {
    insertMember: db.prepare("INSERT INTO staff_members (email, role, user_handle, created_at) VALUES (?, ?, ?, ?) RETURNING id"),
    byEmail: db.prepare(`SELECT ${memberColumns} FROM staff_members WHERE email = ?`),
    byId: db.prepare(`SELECT ${memberColumns} FROM staff_members WHERE id = ?`),
    list: db.prepare(
      `SELECT ${memberColumns}, (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = m.id) AS passkeys FROM staff_members m ORDER BY disabled_at IS NOT NULL, email`,
    ),
    setRole: db.prepare("UPDATE staff_members SET role = ? WHERE id = ?"),
    setDisabled: db.prepare("UPDATE staff_members SET disabled_at = ? WHERE id = ?"),
    activeAdmins: db.prepare("SELECT COUNT(*) AS n FROM staff_members WHERE role = 'admin' AND disabled_at IS NULL AND id <> ?"),
    insertEnrolment: db.prepare("INSERT INTO staff_enrolments (token_hash, staff_id, expires_at, created_at) VALUES (?, ?, ?, ?)"),
    enrolment: db.prepare(
      `SELECT m.id FROM staff_enrolments e JOIN staff_members m ON m.id = e.staff_id
       WHERE e.token_hash = ? AND e.used_at IS NULL AND e.expires_at > ? AND m.disabled_at IS NULL`,
    ),
    spendEnrolment: db.prepare("UPDATE staff_enrolments SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?"),
    insertPasskey: db.prepare("INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
    passkey: db.prepare("SELECT id, staff_id AS staffId, public_key AS publicKey, counter, transports FROM staff_passkeys WHERE id = ?"),
    passkeysOf: db.prepare("SELECT id, transports FROM staff_passkeys WHERE staff_id = ?"),
    recordPasskeyUse: db.prepare("UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE id = ?"),
    insertSession: db.prepare("INSERT INTO staff_sessions (token_hash, staff_id, expires_at, created_at) VALUES (?, ?, ?, ?)"),
    session: db.prepare(
      `SELECT ${memberColumns.replace(/(^|, )(\w+)/g, "$1m.$2")}, s.expires_at AS expiresAt FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
    ),
    deleteSession: db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?"),
    deleteSessionsOf: db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?"),
    deleteExpiredSessions: db.prepare("DELETE FROM staff_sessions WHERE expires_at <= ?"),
  };

  const member = (row: unknown) => (row ? (row as StaffMember) : null);

  return {
    /** A new account (no passkey yet) and its enrolment link's token. */
    addMember(email: string, role: StaffRole): { member: StaffMember; token: string } {
      return transaction(db, () => {
        if (q.byEmail.get(email)) throw new StaffStoreError("duplicate");
        const { id } = q.insertMember.get(email, role, randomBytes(32).toString("base64url"), now()) as { id: number };
        const token = newToken();
        q.insertEnrolment.run(hash(token), id, now() + staffEnrolmentMs, now());
        return { member: member(q.byId.get(id))!, token };
      });
    },
    /** A new enrolment link for an existing account (a lost or a second passkey). */
    newEnrolment(staffId: number): string {
      const token = newToken();
      q.insertEnrolment.run(hash(token), staffId, now() + staffEnrolmentMs, now());
      return token;
    },
    byEmail: (email: string) => member(q.byEmail.get(email)),
    byId: (id: number) => member(q.byId.get(id)),
    list: () => q.list.all() as unknown as Array<StaffMember & { passkeys: number }>,
    /** The account an unused, unexpired enrolment link belongs to (never a disabled one). */
    enrolmentMember(token: string): StaffMember | null {
      const row = q.enrolment.get(hash(token), now()) as { id: number } | undefined;
      return row ? member(q.byId.get(row.id)) : null;
    },
    /** Uses the link and stores the passkey in one transaction: a link enrols at most one passkey. */
    enrol(token: string, passkey: Omit<StoredPasskey, "staffId">): StaffMember | null {
      return transaction(db, () => {
        const row = q.enrolment.get(hash(token), now()) as { id: number } | undefined;
        if (!row || Number(q.spendEnrolment.run(now(), hash(token), now()).changes) !== 1) return null;
        q.insertPasskey.run(passkey.id, row.id, passkey.publicKey, passkey.counter, JSON.stringify(passkey.transports), now());
        return member(q.byId.get(row.id));
      });
    },
    passkey(id: string): StoredPasskey | null {
      const row = q.passkey.get(id) as (Omit<StoredPasskey, "transports"> & { transports: string | null }) | undefined;
      return row ? { ...row, publicKey: new Uint8Array(row.publicKey), transports: row.transports ? (JSON.parse(row.transports) as string[]) : [] } : null;
    },
    passkeysOf: (staffId: number) => (q.passkeysOf.all(staffId) as Array<{ id: string }>).map((row) => row.id),
    recordPasskeyUse: (id: string, counter: number) => void q.recordPasskeyUse.run(counter, now(), id),
    /** A session of 12 h; returns its token (the cookie's value). */
    startSession(staffId: number): { token: string; expiresAt: number } {
      q.deleteExpiredSessions.run(now());
      const token = newToken();
      const expiresAt = now() + staffSessionMs;
      q.insertSession.run(hash(token), staffId, expiresAt, now());
      return { token, expiresAt };
    },
    /** The member of a live session: read at every request, so a disabled account is refused at once. */
    sessionMember(token: string): (StaffMember & { expiresAt: number }) | null {
      const row = q.session.get(hash(token), now()) as (StaffMember & { expiresAt: number }) | undefined;
      return row && row.disabledAt === null ? row : null;
    },
    endSession: (token: string) => void q.deleteSession.run(hash(token)),
    endAllSessions: (staffId: number) => void q.deleteSessionsOf.run(staffId),
    setRole(id: number, role: StaffRole): void {
      transaction(db, () => {
        const found = member(q.byId.get(id));
        if (!found) throw new StaffStoreError("missing");
        if (found.role === "admin" && role !== "admin" && (q.activeAdmins.get(id) as { n: number }).n === 0) throw new StaffStoreError("lastAdmin");
        q.setRole.run(role, id);
      });
    },
    /** Disables (ending every session at once) or re-enables an account; the last active admin stays. */
    setDisabled(id: number, disabled: boolean): void {
      transaction(db, () => {
        const found = member(q.byId.get(id));
        if (!found) throw new StaffStoreError("missing");
        if (disabled && found.role === "admin" && (q.activeAdmins.get(id) as { n: number }).n === 0) throw new StaffStoreError("lastAdmin");
        q.setDisabled.run(disabled ? now() : null, id);
        if (disabled) q.deleteSessionsOf.run(id);
      });
    },
  };
}

export type StaffStore = ReturnType<typeof createStaffStore>;
