// The upstream's PostgreSQL (DATABASE_URL): one pool per host with a statement timeout on every query, numbered
// migrations (server/upstream/pg-migrations/NNN_name.sql) applied under an advisory lock so several hosts
// starting at once migrate once, the refusal of a schema newer than the code, and which errors mean "the
// database is unreachable or busy" (503 with Retry-After) rather than a bug
// (docs/decisions/044-store-interface-and-postgresql.md).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SchemaTooNewError, type Migration, type SchemaState } from "./db.ts";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "pg-migrations");

/** Longest a query may run: past it PostgreSQL cancels it (57014) and the caller answers 503, never hangs. */
export const statementTimeoutMs = 5000;
/** Longest a request waits for a connection (pool exhausted, database unreachable) before a 503. */
const connectTimeoutMs = 5000;
/** A transaction left open by a crashed request releases its locks after this. */
const idleInTransactionTimeoutMs = 10_000;

/** Every host takes this one lock to migrate: pg_advisory_lock's key space is per database. */
const migrationLockKey = 4_402_044;

/** BIGINT (int8) columns and COUNT(*) as numbers (the tests read rows with it too): every one the stores keep (ids, milliseconds) is below 2^53. */
const int8Oid = 20;
export const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === int8Oid ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** Where the database is, for messages: host, port and database name, never the user or password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgres://…";
  }
}

/**
 * A pool on DATABASE_URL. An idle connection the server closes (a restart, a failover) emits 'error' on the
 * pool: logged, never a crash, and the pool opens a new connection for the next query.
 */
export function createPool(url: string, log: (message: string, detail?: unknown) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: "qingyun-upstream",
  });
  pool.on("error", (error) => log("postgres connection lost (the pool reconnects at the next query)", error));
  return pool;
}

/** Runs fn inside BEGIN … COMMIT on one connection of the pool, rolling back on any error. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  // A connection the server ends while it is checked out and between two queries (a restart: "terminating
  // connection due to administrator command") emits 'error' on the client, which the pool only listens for while
  // the client is idle: unheard, it would crash the host. The next query fails with it and the client is not given back.
  const lost = () => {
    broken = true;
  };
  client.on("error", lost);
  try {
    await client.query("BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    try {
      await client.query("ROLLBACK");
    } catch {
      // The connection itself failed: it is not given back to the pool.
      broken = true;
    }
    throw error;
  } finally {
    client.off("error", lost);
    client.release(broken);
  }
}

/** The code's PostgreSQL migrations, oldest first. */
export function knownPostgresMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), name }));
}

/**
 * Applies every pg-migrations/NNN_name.sql not yet recorded in schema_migrations, each in its own transaction,
 * and returns what it applied. Holds pg_advisory_lock for the whole run: several hosts starting at once take it
 * in turn, the first applies, the others find everything recorded. Refuses (SchemaTooNewError, nothing applied)
 * a database with a version this code does not know. Runs on a connection of its own without the statement
 * timeout: a migration may build an index over every order, and a host waits for another's migration.
 */
export async function migratePostgres(url: string): Promise<Migration[]> {
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis: connectTimeoutMs, application_name: "qingyun-migrate" });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
    try {
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
      const applied = (await client.query<Migration>("SELECT version, name FROM schema_migrations ORDER BY version")).rows;
      const known = knownPostgresMigrations();
      const knownVersions = new Set(known.map((migration) => migration.version));
      const unknown = applied.filter((row) => !knownVersions.has(row.version));
      if (unknown.length > 0) throw new SchemaTooNewError(describeDatabase(url), unknown, known.at(-1));
      const appliedVersions = new Set(applied.map((row) => row.version));
      const done: Migration[] = [];
      for (const migration of known) {
        if (appliedVersions.has(migration.version)) continue;
        const sql = readFileSync(path.join(migrationsDir, migration.name), "utf8");
        await client.query("BEGIN");
        try {
          await client.query(sql);
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
            migration.version,
            migration.name,
            new Date().toISOString(),
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        done.push(migration);
      }
      return done;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Where a PostgreSQL database stands against this code's migrations, read without changing anything (no table is
 * created): what is applied, what is pending, and versions this code does not know (a newer release migrated it).
 */
export async function postgresSchemaState(url: string): Promise<SchemaState> {
  const client = new pg.Client({ connectionString: url, types, connectionTimeoutMillis: connectTimeoutMs, application_name: "qingyun-status" });
  await client.connect();
  try {
    const exists = (await client.query<{ found: string | null }>("SELECT to_regclass('schema_migrations')::text AS found")).rows[0]?.found;
    const applied = exists ? (await client.query<Migration>("SELECT version, name FROM schema_migrations ORDER BY version")).rows : [];
    const known = knownPostgresMigrations();
    const appliedVersions = new Set(applied.map((row) => row.version));
    const knownVersions = new Set(known.map((migration) => migration.version));
    return {
      applied,
      pending: known.filter((migration) => !appliedVersions.has(migration.version)),
      unknown: applied.filter((row) => !knownVersions.has(row.version)),
    };
  } finally {
    await client.end();
  }
}

// SQLSTATE classes and codes that mean "the database cannot answer now", not "this request is wrong".
const unavailableStates = new Set([
  "57014", // query_canceled: the statement timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "53300", // too_many_connections
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "55P03", // lock_not_available
]);
const networkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * What an error of pg says about the database: `full` (disk full: retry much later), `busy` (unreachable,
 * restarting, a statement timeout, a connection refused or lost, the pool's connect timeout: retry soon), or
 * null (anything else: a bug, answered 500).
 */
export function postgresFailure(error: unknown): "full" | "busy" | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code === "53100") return "full";
    if (unavailableStates.has(code) || code.startsWith("08") || networkCodes.has(code)) return "busy";
  }
  // pg's own errors for a connection it could not open or lost carry no code, only these messages.
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/.test(message)) {
    return "busy";
  }
  return null;
}
