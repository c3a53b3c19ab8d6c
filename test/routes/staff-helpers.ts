// The staff console's app on an in-memory store, driven with supertest under the console's own Host and
// Origin (http://localhost:4444: nothing listens there, the app only compares names).
import request from "supertest";
import { openDatabase, type Database } from "../../server/upstream/db.ts";
import { createStaffApp, type StaffAppDeps } from "../../server/staff/app.ts";
import { createStaffStore, type StaffStore } from "../../server/upstream/staff/store.ts";
import type { StaffRole } from "../../shared/staff/staff-roles.ts";

export const STAFF_ORIGIN = "http://localhost:4444";

export interface ConsoleUnderTest {
  db: Database;
  store: StaffStore;
  app: ReturnType<typeof createStaffApp>;
  clock: { now: number };
  get: (path: string, cookie?: string) => request.Test;
  post: (path: string, form: Record<string, string>, cookie?: string) => request.Test;
  /** A signed-in member's cookie (the session as the passkey sign-in starts it). */
  signedIn: (email: string, role: StaffRole) => { id: number; cookie: string };
  close: () => void;
}

/** `leads` builds the inbox's store on the console's database and clock (default: the in-memory SQLite's own). */
export function startConsole(
  options: Pick<StaffAppDeps, "signInLimit"> & { leads?: (db: Database, now: () => number) => NonNullable<StaffAppDeps["leads"]> } = {},
): ConsoleUnderTest {
  const db = openDatabase(":memory:");
  const clock = { now: Date.parse("2026-11-20T02:00:00Z") };
  const now = () => clock.now;
  const { leads, ...rest } = options;
  const app = createStaffApp({
    db,
    origin: STAFF_ORIGIN,
    now,
    log: (message, detail) => process.env.STAFF_DEBUG && process.stderr.write(`${message} ${detail instanceof Error ? detail.stack : detail}\n`),
    ...rest,
    ...(leads ? { leads: leads(db, now) } : {}),
  });
  const store = createStaffStore(db, now);
  const host = new URL(STAFF_ORIGIN).host;
  return {
    db,
    store,
    app,
    clock,
    get: (path, cookie) => {
      const test = request(app).get(path).set("Host", host);
      return cookie ? test.set("Cookie", cookie) : test;
    },
    post: (path, form, cookie) => {
      const test = request(app).post(path).set("Host", host).set("Origin", STAFF_ORIGIN).set("Sec-Fetch-Site", "same-origin").type("form").send(form);
      return cookie ? test.set("Cookie", cookie) : test;
    },
    signedIn: (email, role) => {
      const { member } = store.addMember(email, role);
      return { id: member.id, cookie: `qy_staff=${store.startSession(member.id).token}` };
    },
    close: () => db.close(),
  };
}
