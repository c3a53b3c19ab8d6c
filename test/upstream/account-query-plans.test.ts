// Every lookup the account store makes on a signed-in request or a code (the session, the user, the client's and the
// number's codes, failures, lock and known devices) is answered from an index on both stores: 50,000 users and
// their codes must never be walked (SQLite's EXPLAIN QUERY PLAN; PostgreSQL's EXPLAIN with sequential scans
// priced out, so a plan without one proves an index can answer the query at any table size).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/upstream/db.ts";
import { migratePostgres } from "../../server/upstream/postgres.ts";
import { postgresAccountQueries } from "../../server/upstream/accounts/store-postgres.ts";
import { sqliteAccountQueries } from "../../server/upstream/accounts/store-sqlite.ts";
import { testPostgres } from "./stores.ts";
import { expectIndexPlan, planReader, type PlanReader } from "../helpers/postgres-plans.ts";

/** Example values for each lookup's parameters, in order (the same on both stores). */
const params: Record<keyof typeof sqliteAccountQueries, Array<string | number>> = {
  sessionUser: ["hash", 0],
  user: [1],
  lockOf: ["sms", "13800138000", "client"],
  knownClient: ["sms", "13800138000", "client", 0],
  targetFailures: ["sms", "13800138000", 0],
  clientFailures: ["sms", "13800138000", "client", 0],
  latestCode: ["sms", "13800138000", "client"],
  ipWindow: ["client", 0],
  recentSent: ["sms", "13800138000", "client", 0],
  sentToTarget: ["sms", "13800138000", 0, 0],
};
const names = Object.keys(params) as Array<keyof typeof params>;

it("both stores name the same lookups", () => {
  expect(Object.keys(postgresAccountQueries).sort()).toEqual(Object.keys(sqliteAccountQueries).sort());
  expect(names.sort()).toEqual(Object.keys(sqliteAccountQueries).sort());
});

describe("on SQLite", () => {
  const db = openDatabase(":memory:");
  afterAll(() => db.close());

  it.each(names)("%s searches an index, never scans a table", (name) => {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${sqliteAccountQueries[name]}`).all(...params[name]) as Array<{ detail: string }>;
    const plan = rows.map((row) => row.detail).join(" | ");
    expect(plan).toMatch(/^SEARCH \S+ USING (COVERING INDEX|INDEX|INTEGER PRIMARY KEY)/);
    expect(plan).not.toMatch(/(^|\| )SCAN /);
  });
});

describe("on PostgreSQL", () => {
  let reader: PlanReader;
  beforeAll(async () => {
    const url = await (await testPostgres()).database();
    await migratePostgres(url);
    reader = await planReader(url);
  });
  afterAll(() => reader?.end());

  it.each(names)("%s reads an index, never a whole table", async (name) => {
    expectIndexPlan(await reader.plan(postgresAccountQueries[name], params[name]));
  });
});
