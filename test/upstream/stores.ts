// The two implementations of the upstream's stores (docs/decisions/044-store-interface-and-postgresql.md): a test
// file runs its cases on each with describe.each(storeKinds). PostgreSQL is one real cluster per test file,
// started at its first use and stopped after the file's last test; each upstream gets a new database in it.
import { afterAll } from "vitest";
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
