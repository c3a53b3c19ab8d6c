// The staff store and the audit log on PostgreSQL: several console hosts, one database. Where a read decides a
// write the transaction locks first: an enrolment link's row (SELECT … FOR UPDATE), so a link used at once
// through two hosts enrols one passkey; the staff accounts as a whole (a transaction-scoped advisory lock) for a
// role or an account's change, so two admins disabling each other at once cannot leave no admin. A passkey's
// counter is moved by one conditional UPDATE, whose row lock makes two hosts' uses of one assertion count once
// (docs/decisions/044-store-interface-and-postgresql.md, "Staff and the orders CLI").
import type pg from "pg";
import { staffEnrolmentMs, staffSessionMs } from "../../../shared/staff/staff-roles.ts";
import { inTransaction } from "../postgres.ts";
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

// The advisory locks' key space (kind, key), beside the accounts' 1 and 2 and the samples' 3: the staff
// accounts' roles and states, one key (the last-admin rule reads every admin).
const staffLock = 6;
const staffLockKey = 0;

type Queryable = pg.Pool | pg.PoolClient;

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await db.query(sql, params)).rows[0] as T | undefined;
}

const memberColumns = 'id, email, role, user_handle AS "userHandle", disabled_at AS "disabledAt", created_at AS "createdAt"';

/** The lookups the console makes on every request or page, named as sqliteStaffQueries:
 * test/upstream/staff-query-plans.test.ts checks each is answered from an index. */
export const postgresStaffQueries = {
  session: `SELECT ${memberColumns.replace(/(^|, )(\w+)/g, "$1m.$2")}, s.expires_at AS "expiresAt" FROM staff_sessions s JOIN staff_members m ON m.id = s.staff_id
       WHERE s.token_hash = $1 AND s.expires_at > $2`,
  byId: `SELECT ${memberColumns} FROM staff_members WHERE id = $1`,
  byEmail: `SELECT ${memberColumns} FROM staff_members WHERE email = $1`,
  passkey: 'SELECT id, staff_id AS "staffId", public_key AS "publicKey", counter, transports FROM staff_passkeys WHERE id = $1',
  passkeysOf: "SELECT id, transports FROM staff_passkeys WHERE staff_id = $1",
  enrolment: `SELECT m.id FROM staff_enrolments e JOIN staff_members m ON m.id = e.staff_id
       WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > $2 AND m.disabled_at IS NULL`,
};

/** An audit page's count and rows (the rows take LIMIT and OFFSET after `params`). */
export function postgresAuditPageQueries(filter: Parameters<typeof auditWhere>[0]) {
  const { clause, params } = auditWhere(filter, (n) => `$${n}`);
  return {
    count: `SELECT COUNT(*) AS n FROM staff_audit ${clause}`,
    rows: `SELECT id, staff_email AS "staffEmail", action, target, detail, created_at AS "createdAt" FROM staff_audit ${clause}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    params,
  };
}

export function createPostgresStaffStore(pool: pg.Pool, now: () => number): StaffStore {
  const byId = async (db: Queryable, id: number) => (await one<StaffMember>(db, postgresStaffQueries.byId, [id])) ?? null;
  const insertEnrolment = async (db: Queryable, staffId: number) => {
    const token = newToken();
    await db.query("INSERT INTO staff_enrolments (token_hash, staff_id, expires_at, created_at) VALUES ($1, $2, $3, $4)", [
      hash(token),
      staffId,
      now() + staffEnrolmentMs,
      now(),
    ]);
    return token;
  };
  const lockStaff = (client: pg.PoolClient) => client.query("SELECT pg_advisory_xact_lock($1, $2)", [staffLock, staffLockKey]);
  const othersActive = async (client: pg.PoolClient, id: number) =>
    (await one<{ n: number }>(client, "SELECT COUNT(*) AS n FROM staff_members WHERE role = 'admin' AND disabled_at IS NULL AND id <> $1", [id]))!.n;

  return {
    async addMember(email, role) {
      return inTransaction(pool, async (client) => {
        // The e-mail's unique index decides between two hosts adding one address at once: one row, one link.
        const added = await one<{ id: number }>(
          client,
          "INSERT INTO staff_members (email, role, user_handle, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id",
          [email, role, newUserHandle(), now()],
        );
        if (!added) throw new StaffStoreError("duplicate");
        const token = await insertEnrolment(client, added.id);
        return { member: (await byId(client, added.id))!, token };
      });
    },
    newEnrolment: (staffId) => insertEnrolment(pool, staffId),
    byEmail: async (email) => (await one<StaffMember>(pool, postgresStaffQueries.byEmail, [email])) ?? null,
    byId: (id) => byId(pool, id),
    async list() {
      return (
        await pool.query<StaffMember & { passkeys: number }>(
          `SELECT ${memberColumns}, (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = m.id) AS passkeys FROM staff_members m
           ORDER BY disabled_at IS NOT NULL, email`,
        )
      ).rows;
    },
    async enrolmentMember(token) {
      const row = await one<{ id: number }>(pool, postgresStaffQueries.enrolment, [hash(token), now()]);
      return row ? byId(pool, row.id) : null;
    },
    async enrol(token, passkey) {
      return inTransaction(pool, async (client) => {
        // The link's row lock: a second host using the same link waits here, then finds it used.
        const link = await one<{ staffId: number }>(
          client,
          'SELECT staff_id AS "staffId" FROM staff_enrolments WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE',
          [hash(token), now()],
        );
        if (!link) return null;
        const found = await byId(client, link.staffId);
        if (!found || found.disabledAt !== null) return null;
        await client.query("UPDATE staff_enrolments SET used_at = $1 WHERE token_hash = $2", [now(), hash(token)]);
        await client.query("INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
          passkey.id,
          found.id,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          now(),
        ]);
        return found;
      });
    },
    async passkey(id) {
      const row = await one<Omit<StoredPasskey, "transports" | "publicKey"> & { publicKey: Buffer; transports: string | null }>(pool, postgresStaffQueries.passkey, [id]);
      return row ? { ...row, publicKey: new Uint8Array(row.publicKey), transports: row.transports ? (JSON.parse(row.transports) as string[]) : [] } : null;
    },
    passkeysOf: async (staffId) => (await pool.query<{ id: string }>(postgresStaffQueries.passkeysOf, [staffId])).rows.map((row) => row.id),
    async recordPasskeyUse(id, counter) {
      const result = await pool.query(`UPDATE staff_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3 AND ${counterMovesForward("$1::bigint")}`, [
        counter,
        now(),
        id,
      ]);
      return result.rowCount === 1;
    },
    async beginCeremony(challenge, token) {
      await pool.query("DELETE FROM staff_ceremonies WHERE expires_at <= $1", [now()]);
      const id = newToken();
      await pool.query("INSERT INTO staff_ceremonies (id_hash, challenge, token_hash, expires_at) VALUES ($1, $2, $3, $4)", [
        hash(id),
        challenge,
        token === null ? null : hash(token),
        now() + ceremonyMs,
      ]);
      return id;
    },
    async takeCeremony(id, token) {
      // One DELETE … RETURNING: of two hosts taking one ceremony at once, one gets its row, the other nothing.
      const row = await one<{ challenge: string; tokenHash: string | null; expiresAt: number }>(
        pool,
        'DELETE FROM staff_ceremonies WHERE id_hash = $1 RETURNING challenge, token_hash AS "tokenHash", expires_at AS "expiresAt"',
        [hash(id)],
      );
      return row && row.expiresAt > now() && row.tokenHash === (token === null ? null : hash(token)) ? row.challenge : null;
    },
    async startSession(staffId) {
      await pool.query("DELETE FROM staff_sessions WHERE expires_at <= $1", [now()]);
      const token = newToken();
      const expiresAt = now() + staffSessionMs;
      await pool.query("INSERT INTO staff_sessions (token_hash, staff_id, expires_at, created_at) VALUES ($1, $2, $3, $4)", [hash(token), staffId, expiresAt, now()]);
      return { token, expiresAt };
    },
    async sessionMember(token) {
      const row = await one<StaffMember & { expiresAt: number }>(pool, postgresStaffQueries.session, [hash(token), now()]);
      return row && row.disabledAt === null ? row : null;
    },
    endSession: async (token) => void (await pool.query("DELETE FROM staff_sessions WHERE token_hash = $1", [hash(token)])),
    endAllSessions: async (staffId) => void (await pool.query("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId])),
    async setRole(id, role) {
      await inTransaction(pool, async (client) => {
        await lockStaff(client);
        const refusal = lastAdminRefusal(await byId(client, id), { role }, await othersActive(client, id));
        if (refusal) throw refusal;
        await client.query("UPDATE staff_members SET role = $1 WHERE id = $2", [role, id]);
      });
    },
    async setDisabled(id, disabled) {
      await inTransaction(pool, async (client) => {
        await lockStaff(client);
        const refusal = lastAdminRefusal(await byId(client, id), { disabled }, await othersActive(client, id));
        if (refusal) throw refusal;
        await client.query("UPDATE staff_members SET disabled_at = $1 WHERE id = $2", [disabled ? now() : null, id]);
        if (disabled) await client.query("DELETE FROM staff_sessions WHERE staff_id = $1", [id]);
      });
    },
  };
}

export function createPostgresAuditLog(pool: pg.Pool, now: () => number): AuditLog {
  return {
    async record(actor, action, target, detail) {
      await pool.query("INSERT INTO staff_audit (staff_id, staff_email, action, target, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
        actor.id,
        actor.email,
        action,
        target ?? null,
        detail ?? null,
        now(),
      ]);
    },
    async page(filter) {
      const { count, rows, params } = postgresAuditPageQueries(filter);
      const { n } = (await one<{ n: number }>(pool, count, params))!;
      const list = (await pool.query<AuditEntry>(rows, [...params, filter.pageSize, (filter.page - 1) * filter.pageSize])).rows;
      return { list, total: n };
    },
  };
}
