// Reading PostgreSQL's query plans with sequential scans priced out (`enable_seqscan = off`): a plan that still
// holds no Seq Scan proves an index can answer the query at any table size, whatever a test table's few rows make
// cheapest. Each query-plan test reads its store's lookups through one of these.
import pg from "pg";
import { expect } from "vitest";

export interface PlanReader {
  /** The session whose plans are read (a test may fill tables or ANALYZE through it first). */
  client: pg.Client;
  /** EXPLAIN's text of the query with these parameters. */
  plan(sql: string, params: unknown[]): Promise<string>;
  end(): Promise<void>;
}

export async function planReader(url: string): Promise<PlanReader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET enable_seqscan = off");
  return {
    client,
    async plan(sql, params) {
      const rows = (await client.query(`EXPLAIN ${sql}`, params)).rows as Array<{ "QUERY PLAN": string }>;
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    },
    end: () => client.end(),
  };
}

/** The plan reads the named index (or, unnamed, some index) and walks no table. */
export function expectIndexPlan(plan: string, index?: string): void {
  expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
  if (index) expect(plan).toContain(index);
  expect(plan).not.toContain("Seq Scan");
}
