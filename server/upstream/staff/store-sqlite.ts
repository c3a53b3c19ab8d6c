// The staff store and the audit log on the embedded SQLite file: each call done whole (one BEGIN IMMEDIATE
// where it reads and then writes) before its promise settles, so nothing runs between its reads and its writes
// (docs/decisions/044-store-interface-and-postgresql.md).
import { staffEnrolmentMs, staffSessionMs, type StaffRole } from "../../../shared/staff/staff-roles.ts";
import { transaction, type Database } from "../db.ts";
import { auditWhere, type AuditEntry } from "./audit.ts";
import {
  ceremonyMs,
  counterMovesForward,
  hashToken as hash,
  lastAdminRefusal,
  newToken,
  newUserHandle,
  StaffStoreError,
  type AuditLog,
  type StaffMember,
  type StaffStore,
  type StoredPasskey,
} from "./store.ts";

const memberColumns = "id, email, role, user_handle AS userHandle, disabled_at AS disabledAt, created_at AS createdAt";

/** The lookups the console makes on every request or page, named: test/upstream/staff-query-plans.test.ts checks
 * each is answered from an index (postgresStaffQueries has the same names). */
export const sqliteStaffQueries = {
  session: `SELECT ${memberColumns.replace(/(^|, )(\w+)/g, "$1m.$2")}, s.expires_at AS expiresAt FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id
       WHERE s.token_hash = ? AND s.expires_at > ?`,
  byId: `SELECT ${memberColumns} FROM staff_members WHERE id = ?`,
  byEmail: `SELECT ${memberColumns} FROM staff_members WHERE email = ?`,
  passkey: "SELECT id, staff_id AS staffId, public_key AS publicKey, counter, transports FROM staff_passkeys WHERE id = ?",
  passkeysOf: "SELECT id, transports FROM staff_passkeys WHERE staff_id = ?",
  enrolment: `SELECT m.id FROM staff_enrolments e JOIN staff_members m ON m.id = e.staff_id
       WHERE e.token_hash = ? AND e.used_at IS NULL AND e.expires_at > ? AND m.disabled_at IS NULL`,
};

export function createSqliteStaffStore(db: Database, now: () => number): StaffStore {
  const q = {
    insertMember: db.prepare("INSERT INTO staff_members (email, role, user_handle, created_at) VALUES (?, ?, ?, ?) RETURNING id"),
    byEmail: db.prepare(sqliteStaffQueries.byEmail),
    byId: db.prepare(sqliteStaffQueries.byId),
    list: db.prepare(
      `SELECT ${memberColumns}, (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = m.id) AS passkeys FROM staff_members m ORDER BY disabled_at IS NOT NULL, email`,
    ),
    setRole: db.prepare("UPDATE staff_members SET role = ? WHERE id = ?"),
    setDisabled: db.prepare("UPDATE staff_members SET disabled_at = ? WHERE id = ?"),
    activeAdmins: db.prepare("SELECT COUNT(*) AS n FROM staff_members WHERE role = 'admin' AND disabled_at IS NULL AND id <> ?"),
    insertEnrolment: db.prepare("INSERT INTO staff_enrolments (token_hash, staff_id, expires_at, created_at) VALUES (?, ?, ?, ?)"),
    enrolment: db.prepare(sqliteStaffQueries.enrolment),
    spendEnrolment: db.prepare("UPDATE staff_enrolments SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?"),
    insertPasskey: db.prepare("INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)"),
    passkey: db.prepare(sqliteStaffQueries.passkey),
    passkeysOf: db.prepare(sqliteStaffQueries.passkeysOf),
    recordPasskeyUse: db.prepare(`UPDATE staff_passkeys SET counter = ?1, last_used_at = ?2 WHERE id = ?3 AND ${counterMovesForward("?1")}`),
    insertSession: db.prepare("INSERT INTO staff_sessions (token_hash, staff_id, expires_at, created_at) VALUES (?, ?, ?, ?)"),
    session: db.prepare(sqliteStaffQueries.session),
    deleteSession: db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?"),
    deleteSessionsOf: db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?"),
    deleteExpiredSessions: db.prepare("DELETE FROM staff_sessions WHERE expires_at <= ?"),
    insertCeremony: db.prepare("INSERT INTO staff_ceremonies (id_hash, challenge, token_hash, expires_at) VALUES (?, ?, ?, ?)"),
    deleteExpiredCeremonies: db.prepare("DELETE FROM staff_ceremonies WHERE expires_at <= ?"),
    takeCeremony: db.prepare("DELETE FROM staff_ceremonies WHERE id_hash = ? RETURNING challenge, token_hash AS tokenHash, expires_at AS expiresAt"),
  };

  const member = (row: unknown) => (row ? (row as StaffMember) : null);
  const othersActive = (id: number) => (q.activeAdmins.get(id) as { n: number }).n;
  const newEnrolment = (staffId: number) => {
    const token = newToken();
    q.insertEnrolment.run(hash(token), staffId, now() + staffEnrolmentMs, now());
    return token;
  };

  return {
    async addMember(email: string, role: StaffRole) {
      return transaction(db, () => {
        if (q.byEmail.get(email)) throw new StaffStoreError("duplicate");
        const { id } = q.insertMember.get(email, role, newUserHandle(), now()) as { id: number };
        const token = newEnrolment(id);
        return { member: member(q.byId.get(id))!, token };
      });
    },
    newEnrolment: async (staffId) => newEnrolment(staffId),
    byEmail: async (email) => member(q.byEmail.get(email)),
    byId: async (id) => member(q.byId.get(id)),
    list: async () => q.list.all() as unknown as Array<StaffMember & { passkeys: number }>,
    async enrolmentMember(token) {
      const row = q.enrolment.get(hash(token), now()) as { id: number } | undefined;
      return row ? member(q.byId.get(row.id)) : null;
    },
    async enrol(token, passkey) {
      return transaction(db, () => {
        const row = q.enrolment.get(hash(token), now()) as { id: number } | undefined;
        if (!row || Number(q.spendEnrolment.run(now(), hash(token), now()).changes) !== 1) return null;
        q.insertPasskey.run(passkey.id, row.id, passkey.publicKey, passkey.counter, JSON.stringify(passkey.transports), now());
        return member(q.byId.get(row.id));
      });
    },
    async passkey(id) {
      const row = q.passkey.get(id) as (Omit<StoredPasskey, "transports"> & { transports: string | null }) | undefined;
      return row ? { ...row, publicKey: new Uint8Array(row.publicKey), transports: row.transports ? (JSON.parse(row.transports) as string[]) : [] } : null;
    },
    passkeysOf: async (staffId) => (q.passkeysOf.all(staffId) as Array<{ id: string }>).map((row) => row.id),
    recordPasskeyUse: async (id, counter) => Number(q.recordPasskeyUse.run(counter, now(), id).changes) === 1,
    async beginCeremony(challenge, token) {
      q.deleteExpiredCeremonies.run(now());
      const id = newToken();
      q.insertCeremony.run(hash(id), challenge, token === null ? null : hash(token), now() + ceremonyMs);
      return id;
    },
    async takeCeremony(id, token) {
      const row = q.takeCeremony.get(hash(id)) as { challenge: string; tokenHash: string | null; expiresAt: number } | undefined;
      return row && row.expiresAt > now() && row.tokenHash === (token === null ? null : hash(token)) ? row.challenge : null;
    },
    async startSession(staffId) {
      q.deleteExpiredSessions.run(now());
      const token = newToken();
      const expiresAt = now() + staffSessionMs;
      q.insertSession.run(hash(token), staffId, expiresAt, now());
      return { token, expiresAt };
    },
    async sessionMember(token) {
      const row = q.session.get(hash(token), now()) as (StaffMember & { expiresAt: number }) | undefined;
      return row && row.disabledAt === null ? row : null;
    },
    endSession: async (token) => void q.deleteSession.run(hash(token)),
    endAllSessions: async (staffId) => void q.deleteSessionsOf.run(staffId),
    async setRole(id, role) {
      transaction(db, () => {
        const refusal = lastAdminRefusal(member(q.byId.get(id)), { role }, othersActive(id));
        if (refusal) throw refusal;
        q.setRole.run(role, id);
      });
    },
    async setDisabled(id, disabled) {
      transaction(db, () => {
        const refusal = lastAdminRefusal(member(q.byId.get(id)), { disabled }, othersActive(id));
        if (refusal) throw refusal;
        q.setDisabled.run(disabled ? now() : null, id);
        if (disabled) q.deleteSessionsOf.run(id);
      });
    },
  };
}

export function createSqliteAuditLog(db: Database, now: () => number): AuditLog {
  const insert = db.prepare("INSERT INTO staff_audit (staff_id, staff_email, action, target, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  return {
    async record(actor, action, target, detail) {
      insert.run(actor.id, actor.email, action, target ?? null, detail ?? null, now());
    },
    async page(filter) {
      const { clause, params } = auditWhere(filter, () => "?");
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM staff_audit ${clause}`).get(...params) as { n: number }).n;
      const list = db
        .prepare(
          `SELECT id, staff_email AS staffEmail, action, target, detail, created_at AS createdAt FROM staff_audit ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, filter.pageSize, (filter.page - 1) * filter.pageSize) as unknown as AuditEntry[];
      return { list, total };
    },
  };
}
