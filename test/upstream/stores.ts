// The two implementations of the upstream's stores (docs/decisions/044-store-interface-and-postgresql.md): a test
// file runs its cases on each with describe.each(storeKinds). PostgreSQL is one real cluster per test file,
// started at its first use and stopped after the file's last test; each upstream gets a new database in it.
import pg from "pg";
import { afterAll } from "vitest";
import type { Database } from "../../server/upstream/db.ts";
import { types } from "../../server/upstream/postgres.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";

export const storeKinds = ["sqlite", "postgres"] as const;
export type StoreKind = (typeof storeKinds)[number];

let cluster: Promise<TestPostgres> | undefined;

/** The file's PostgreSQL cluster, started at the first call. */
export function testPostgres(): Promise<TestPostgres> {
  cluster ??= startTestPostgres();
  return cluster;
}

afterAll(async () => {
  if (cluster) await (await cluster).stop();
});

/** The options that put an upstream's accounts on this store: nothing for SQLite, a new database for PostgreSQL. */
export async function storeOptions(store: StoreKind | undefined): Promise<{ databaseUrl?: string }> {
  if (store !== "postgres") return {};
  return { databaseUrl: await (await testPostgres()).database() };
}

/**
 * Rows of one query on the store an upstream keeps its orders in: SQLite's file, or its PostgreSQL database. The
 * SQL is written once with `?` placeholders (numbered for PostgreSQL here) in what both dialects read alike.
 */
export async function storeRows<T>(upstream: { db: Database; databaseUrl: string | undefined }, sql: string, params: Array<string | number | null> = []): Promise<T[]> {
  if (!upstream.databaseUrl) return upstream.db.prepare(sql).all(...params) as T[];
  let n = 0;
  const client = new pg.Client({ connectionString: upstream.databaseUrl, types });
  await client.connect();
  try {
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}
