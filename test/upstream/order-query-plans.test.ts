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
import { orderPageQueries, submitQueries } from "../../server/upstream/samples/orders.ts";
import { orderStatusFilters } from "../../shared/samples/order-status.ts";

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
  let client: pg.Client;
  beforeAll(async () => {
    const url = await (await testPostgres()).database();
    await migratePostgres(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("SET enable_seqscan = off");
  });
  afterAll(() => client?.end());

  async function pgPlan(sql: string, params: unknown[]): Promise<string> {
    const rows = (await client.query(`EXPLAIN ${sql}`, params)).rows as Array<{ "QUERY PLAN": string }>;
    return rows.map((row) => row["QUERY PLAN"]).join("\n");
  }

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
