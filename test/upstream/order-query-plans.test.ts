// Every order list the upstream serves (a user's status tab, staff's view) is answered from an index, never by
// walking or sorting the whole orders table: a real programme holds 200,000 orders (SQLite's query plans).
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/upstream/db.ts";
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
