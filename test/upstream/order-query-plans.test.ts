// Every order list the upstream serves (a user's status tab, staff's view) is answered from an index, never by
// walking or sorting the whole orders table: a real programme holds 200,000 orders (SQLite's query plans; and on
// PostgreSQL every lookup the samples' store makes per request).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/upstream/db.ts";
import { migratePostgres } from "../../server/upstream/postgres.ts";
import { dueOrderMails } from "../../server/upstream/samples/mail-outbox-postgres.ts";
import { postgresOrderPageQueries, postgresSampleQueries } from "../../server/upstream/samples/store-postgres.ts";
import { testPostgres } from "./stores.ts";
import { planReader, type PlanReader } from "../helpers/postgres-plans.ts";
import { orderPageQueries, submitQueries } from "../../server/upstream/samples/orders.ts";
import { orderStatuses, orderStatusFilters } from "../../shared/samples/order-status.ts";

const db = openDatabase(":memory:");
afterAll(() => db.close());

/** SQLite's plan lines for a statement, e.g. "SEARCH sample_orders USING INDEX … (user_id=? AND status=?)". */
function plan(sql: string, params: Array<string | number>): string[] {
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>;
  return rows.map((row) => row.detail);
}

describe("order list query plans", () => {
  for (const userId of [42, null]) {
    for (const status of orderStatusFilters) {
      const who = userId === null ? "staff" : "a user";
      it(`${who}, ${status}: rows from an index in order, count without a table walk`, () => {
        const { count, rows, params } = orderPageQueries({ userId, status });
        const rowPlan = plan(rows, [...params, 10, 0]);
        expect(rowPlan.join(" | ")).toMatch(/USING (COVERING )?INDEX/);
        expect(rowPlan.join(" | ")).not.toMatch(/TEMP B-TREE/);
        // A user's status tab reads only that user's orders of that status, not all of either.
        if (userId !== null && status !== "all") expect(rowPlan.join(" | ")).toContain("user_id=? AND status=?");
        const countPlan = plan(count, params);
        expect(countPlan.join(" | ")).toMatch(/USING (COVERING )?INDEX/);
        // A filtered count searches its rows; only staff's count of every order may read a whole index.
        if (userId !== null || status !== "all") expect(countPlan.join(" | ")).toMatch(/^SEARCH /);
      });
    }
  }
});

describe("per-user order lookups", () => {
  it.each([
    ["duplicate list", submitQueries.duplicate, [42, "1:1"]],
    ["open orders", submitQueries.openCount, [42]],
    ["tab counts", submitQueries.counts, [42]],
  ] as const)("%s searches the user's own rows by index", (_name, sql, params) => {
    const lines = plan(sql, [...params]).join(" | ");
    expect(lines).toMatch(/^SEARCH sample_orders USING (COVERING )?INDEX/);
    expect(lines).toContain("user_id=?");
  });
});

// PostgreSQL's plans, with sequential scans priced out: a plan without one proves an index can answer the query at
// any table size (as test/upstream/account-query-plans.test.ts does for the accounts).
describe("on PostgreSQL", () => {
  let reader: PlanReader;
  beforeAll(async () => {
    const url = await (await testPostgres()).database();
    await migratePostgres(url);
    reader = await planReader(url);
  });
  afterAll(() => reader?.end());

  const pgPlan = (sql: string, params: unknown[]) => reader.plan(sql, params);

  for (const userId of [42, null]) {
    for (const status of orderStatusFilters) {
      const who = userId === null ? "staff" : "a user";
      it(`${who}, ${status}: the page and its count read an index, never the whole table`, async () => {
        const { count, rows, params } = postgresOrderPageQueries({ userId, status });
        for (const plan of [await pgPlan(rows, [...params, 10, 0]), await pgPlan(count, params)]) {
          expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
          expect(plan).not.toContain("Seq Scan");
        }
      });
    }
  }

  /** Example values for each lookup's parameters, in order. */
  const params: Record<keyof typeof postgresSampleQueries, unknown[]> = {
    listItems: [42],
    listCount: [42],
    listed: [42, 7],
    openOrders: [42],
    counts: [42],
    byNumber: ["QY20261122-0001"],
    ownOrder: ["QY20261122-0001", 42],
    records: [7],
    items: [[7, 8]],
    addresses: [42],
    address: [3, 42],
    profile: [42],
  };
  it.each(Object.keys(postgresSampleQueries) as Array<keyof typeof postgresSampleQueries>)("%s reads an index, never a whole table", async (name) => {
    const plan = await pgPlan(postgresSampleQueries[name], params[name]);
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toContain("Seq Scan");
  });

  it("the claim of due order e-mails reads the due rows by index", async () => {
    const plan = await pgPlan(dueOrderMails, [0, 20]);
    expect(plan).toContain("order_mail_outbox_due");
    expect(plan).not.toContain("Seq Scan");
  });
});

// The plans above are of empty tables. At a real programme's size the planner weighs the rows it would read, and on
// PostgreSQL it once chose to read every one of a user's 20,000 orders and sort them whole to skip a deep page's
// offset (46 ms for page 1000 at the scale bench; docs/performance.md, "At a vendor's size"), and to walk every
// order by date for staff's deep page of one status (37 ms). So the deep pages are planned here over tables of that
// shape with their statistics, on both stores, the planner free to choose a sequential scan.
describe("a deep page at a real programme's size (60,000 orders, one user's 20,000)", () => {
  const USERS = 1_000;
  const ORDERS = 60_000;
  const HEAVY = 20_000;
  // One statement for both dialects: a recursive count, the orders' statuses in turn, user 1 first.
  const series = (n: number) => `WITH RECURSIVE s(i) AS (SELECT CAST(0 AS BIGINT) UNION ALL SELECT i + 1 FROM s WHERE i < ${n - 1})`;
  const statusOf = `CASE i % ${orderStatuses.length} ${orderStatuses.map((status, index) => `WHEN ${index} THEN '${status}'`).join(" ")} END`;
  const seed = [
    `${series(USERS)} INSERT INTO users (phone, created_at) SELECT '139' || i, 0 FROM s`,
    `${series(ORDERS)} INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email,
       company_name, position, sample_use, language, created_at, updated_at)
     SELECT 'QY' || i, CASE WHEN i < ${HEAVY} THEN 1 ELSE 2 + i % ${USERS - 1} END, ${statusOf}, '1:2', 'a', '1', 'a@example.com', 'c', 'p', 'u', 'zh',
       1700000000000 + i * 60000, 1700000000000 + i * 60000 FROM s`,
  ];
  /** The deep pages the sample-progress page and staff's board ask, with the index each must be read from in order. */
  const pages = [
    { filter: { userId: 1, status: "all" }, offset: 9_990, index: "sample_orders_user" },
    { filter: { userId: 1, status: "shipped" }, offset: 2_850, index: "sample_orders_user_status" },
    { filter: { userId: null, status: "all" }, offset: 9_990, index: "sample_orders_created" },
    { filter: { userId: null, status: "shipped" }, offset: 8_000, index: "sample_orders_status" },
  ] as const;

  describe("on SQLite", () => {
    const big = openDatabase(":memory:");
    afterAll(() => big.close());
    beforeAll(() => {
      for (const sql of seed) big.exec(sql);
      big.exec("ANALYZE");
    });

    it.each(pages)("$filter.userId, $filter.status at offset $offset: read from $index in order", ({ filter, offset, index }) => {
      const { rows, params } = orderPageQueries(filter);
      const lines = (big.prepare(`EXPLAIN QUERY PLAN ${rows}`).all(...params, 10, offset) as Array<{ detail: string }>).map((row) => row.detail).join(" | ");
      expect(lines).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
      expect(lines).not.toMatch(/TEMP B-TREE/);
    });
  });

  describe("on PostgreSQL", () => {
    let client: pg.Client;
    beforeAll(async () => {
      const url = await (await testPostgres()).database();
      await migratePostgres(url);
      client = new pg.Client({ connectionString: url });
      await client.connect();
      for (const sql of seed) await client.query(sql);
      // What autovacuum does soon after this many inserts: statistics, and the visibility map an index-only read needs.
      await client.query("VACUUM ANALYZE");
    }, 60_000);
    afterAll(() => client?.end());

    it.each(pages)(
      "$filter.userId, $filter.status at offset $offset: the page's ids from $index alone, in order; the count from an index",
      async ({ filter, offset, index }) => {
        const { rows, count, params } = postgresOrderPageQueries(filter);
        const explain = async (sql: string, values: unknown[]) =>
          ((await client.query(`EXPLAIN ${sql}`, values)).rows as Array<{ "QUERY PLAN": string }>).map((row) => row["QUERY PLAN"]).join("\n");
        const rowPlan = await explain(rows, [...params, 10, offset]);
        // The offset is skipped inside the index: the Limit reads it directly, with no sort of the list's rows beneath.
        expect(rowPlan).toMatch(new RegExp(`Limit [^\\n]*\\n\\s*->\\s+Index Only Scan Backward using ${index} `));
        expect(rowPlan).not.toContain("Seq Scan");
        // Only staff's count of every order may read a whole table (an index or the heap, as the planner prices them).
        if (filter.userId !== null || filter.status !== "all") expect(await explain(count, params)).toMatch(/Index Only Scan/);
      },
    );
  });
});
