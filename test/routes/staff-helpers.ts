// The staff console's app driven with supertest under the console's own Host and Origin
// (http://localhost:4444: nothing listens there, the app only compares names). Its accounts, audit log and orders
// are on the store a test names (test/upstream/stores.ts): the in-memory SQLite file, or a new PostgreSQL
// database; the content index (product names, documents) is on the SQLite file either way.
import type pg from "pg";
import request from "supertest";
import { openDatabase, type Database } from "../../server/upstream/db.ts";
import { createStaffApp } from "../../server/staff/app.ts";
import { postgresStaffStores, sqliteStaffStores, type StaffStores } from "../../server/staff/stores.ts";
import { createPool, migratePostgres } from "../../server/upstream/postgres.ts";
import type { StaffStore } from "../../server/upstream/staff/store.ts";
import type { StaffRole } from "../../shared/staff/staff-roles.ts";
import { storeRows, testPostgres, type StoreKind } from "../upstream/stores.ts";

export const STAFF_ORIGIN = "http://localhost:4444";

export interface ConsoleUnderTest {
  kind: StoreKind;
  /** The SQLite file (in memory): the leads and the content index; on "sqlite" the accounts and orders too. */
  db: Database;
  /** The PostgreSQL database's URL on "postgres". */
  databaseUrl: string | undefined;
  store: StaffStore;
  stores: StaffStores;
  app: ReturnType<typeof createStaffApp>;
  clock: { now: number };
  /** Rows of one query (`?` placeholders) on the store the console keeps its accounts and orders in. */
  rows: <T>(sql: string, params?: Array<string | number | null>) => Promise<T[]>;
  get: (path: string, cookie?: string) => request.Test;
  post: (path: string, form: Record<string, string>, cookie?: string) => request.Test;
  /** A signed-in member's cookie (the session as the passkey sign-in starts it). */
  signedIn: (email: string, role: StaffRole) => Promise<{ id: number; cookie: string }>;
  close: () => Promise<void>;
}

export async function startConsole(
  options: { store?: StoreKind; signInLimit?: { windowMs: number; attempts: number }; clock?: { now: number }; databaseUrl?: string } = {},
): Promise<ConsoleUnderTest> {
  const kind = options.store ?? "sqlite";
  const db = openDatabase(":memory:");
  const clock = options.clock ?? { now: Date.parse("2026-11-20T02:00:00Z") };
  const now = () => clock.now;
  const log = (message: string, detail?: unknown) => process.env.STAFF_DEBUG && process.stderr.write(`${message} ${detail instanceof Error ? detail.stack : detail}\n`);
  let pool: pg.Pool | undefined;
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    databaseUrl = options.databaseUrl ?? (await (await testPostgres()).database());
    await migratePostgres(databaseUrl);
    pool = createPool(databaseUrl, log, 4);
  }
  const stores = pool ? postgresStaffStores(pool, db, now) : sqliteStaffStores(db, now);
  const app = createStaffApp({ db, stores, origin: STAFF_ORIGIN, now, log, ...(options.signInLimit ? { signInLimit: options.signInLimit } : {}) });
  const host = new URL(STAFF_ORIGIN).host;
  return {
    kind,
    db,
    databaseUrl,
    store: stores.staff,
    stores,
    app,
    clock,
    rows: (sql, params = []) => storeRows({ db, databaseUrl }, sql, params),
    get: (path, cookie) => {
      const test = request(app).get(path).set("Host", host);
      return cookie ? test.set("Cookie", cookie) : test;
    },
    post: (path, form, cookie) => {
      const test = request(app).post(path).set("Host", host).set("Origin", STAFF_ORIGIN).set("Sec-Fetch-Site", "same-origin").type("form").send(form);
      return cookie ? test.set("Cookie", cookie) : test;
    },
    signedIn: async (email, role) => {
      const { member } = await stores.staff.addMember(email, role);
      return { id: member.id, cookie: `qy_staff=${(await stores.staff.startSession(member.id)).token}` };
    },
    close: async () => {
      db.close();
      await pool?.end();
    },
  };
}
