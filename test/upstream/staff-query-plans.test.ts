// The staff console's lookups on every request or page (its session and member, a passkey, an enrolment link, an
// audit page, the order board's counts and its order-number search) are answered from an index on both stores, so
// a console with years of audit entries and 200,000 orders stays quick (decision 044, "Staff and the orders CLI").
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/upstream/db.ts";
import { migratePostgres } from "../../server/upstream/postgres.ts";
import { boardCountsQuery, boardSearch } from "../../server/upstream/samples/board.ts";
import { postgresAuditPageQueries, postgresStaffQueries } from "../../server/upstream/staff/store-postgres.ts";
import { sqliteStaffQueries } from "../../server/upstream/staff/store-sqlite.ts";
import { orderStatuses, orderStatusFilters } from "../../shared/samples/order-status.ts";
import { testPostgres } from "./stores.ts";
import { expectIndexPlan, planReader, type PlanReader } from "../helpers/postgres-plans.ts";

/** Example values for each lookup's parameters, in order (the same names on both stores). */
const params: Record<keyof typeof postgresStaffQueries, unknown[]> = {
  session: ["0".repeat(64), 0],
  byId: [1],
  byEmail: ["sales@qingyun-power.com"],
  passkey: ["credential-id"],
  passkeysOf: [1],
  enrolment: ["0".repeat(64), 0],
};

describe("on SQLite", () => {
  const db = openDatabase(":memory:");
  afterAll(() => db.close());
  it("names the same lookups as PostgreSQL", () => {
    expect(Object.keys(sqliteStaffQueries).sort()).toEqual(Object.keys(postgresStaffQueries).sort());
  });
  it.each(Object.keys(sqliteStaffQueries) as Array<keyof typeof sqliteStaffQueries>)("%s searches by index, never walks a table", (name) => {
    const lines = (db.prepare(`EXPLAIN QUERY PLAN ${sqliteStaffQueries[name]}`).all(...(params[name] as Array<string | number>)) as Array<{ detail: string }>).map(
      (row) => row.detail,
    );
    for (const line of lines) expect(line).toMatch(/^SEARCH .* USING (COVERING |INTEGER PRIMARY KEY|PRIMARY KEY|INDEX)/);
  });
});

// Sequential scans priced out: a plan without one proves an index can answer the query at any table size. The
// database's collation is ICU's English, as a production database's may be, so an order-number range compared
// in the "C" collation can only come from pg-migrations/007's index, not from the column's own unique index.
describe("on PostgreSQL", () => {
  let reader: PlanReader;
  beforeAll(async () => {
    const cluster = await testPostgres();
    const name = `qy_plans_icu_${process.pid}`;
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'`);
    await admin.end();
    const url = `postgres://postgres@127.0.0.1:${cluster.port}/${name}`;
    await migratePostgres(url);
    reader = await planReader(url);
    const client = reader.client;
    // Orders of many days over every status, with statistics: over an empty table a day's number prefix and a
    // status cost the planner the same, and which index it reads is a tie it breaks as it likes (pg-migrations/008
    // made it pick the status index). With rows, it knows a day's prefix holds far fewer orders than a status.
    await client.query("INSERT INTO users (phone, created_at) VALUES ('13800138000', 0)");
    await client.query(
      `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position,
         sample_use, language, created_at, updated_at)
       SELECT 'QY2025' || lpad((i / 20)::text, 4, '0') || '-' || lpad((i % 20)::text, 4, '0'), 1,
         ($1::text[])[i % $2 + 1], '1:1', 'a', '1', 'a@example.com', 'c', 'p', 'u', 'zh', i, i
       FROM generate_series(0, 6999) AS i`,
      [orderStatuses, orderStatuses.length],
    );
    await client.query("ANALYZE");
  });
  afterAll(() => reader?.end());

  const plan = (sql: string, values: unknown[]) => reader.plan(sql, values);
  const fromIndex = (text: string) => expectIndexPlan(text);

  it.each(Object.keys(postgresStaffQueries) as Array<keyof typeof postgresStaffQueries>)("%s reads an index, never a whole table", async (name) => {
    fromIndex(await plan(postgresStaffQueries[name], params[name]));
  });

  it.each([
    ["every entry", {}],
    ["one action", { action: "moveOrder" as const }],
    ["one member", { email: "sales@qingyun-power.com" }],
    ["one member's action", { action: "signIn" as const, email: "sales@qingyun-power.com" }],
  ])("an audit page of %s and its count read an index", async (_name, filter) => {
    const { count, rows, params: values } = postgresAuditPageQueries(filter);
    fromIndex(await plan(rows, [...values, 50, 0]));
    fromIndex(await plan(count, values));
  });

  it("the board's counts read the status index", async () => {
    fromIndex(await plan(boardCountsQuery, []));
  });

  it.each(orderStatusFilters)("the board's order-number search under %s reads the byte-order index", async (status) => {
    const { count, rows, params: values } = boardSearch({ status, q: "QY20250017-", page: 1 }, "postgres");
    const countPlan = await plan(count, values);
    fromIndex(countPlan);
    expect(countPlan).toContain("sample_orders_number_bytes");
    fromIndex(await plan(rows, [...values, 20, 0]));
  });
});
