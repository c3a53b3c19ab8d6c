// The upstream's storage: one node:sqlite file with WAL, a busy timeout and numbered SQL migrations.
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, readdirSync, readFileSync, statfsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Database = DatabaseSync;

export function openDatabase(dataDir: string): DatabaseSync {
  let file = ":memory:";
  if (dataDir !== ":memory:") {
    mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, "upstream.sqlite");
  }
  const db = new DatabaseSync(file);
  // WAL lets readers run beside the one writer; the busy timeout makes concurrent writers wait, not fail.
  // secure_delete zeroes what a DELETE or UPDATE frees, so a deleted account's values do not linger in free
  // space (docs/decisions/025-own-data-export-and-deletion.md).
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;");
  migrate(db);
  return db;
}

/** Applies every migrations/NNN_name.sql not yet recorded, each in its own transaction (`include`: a test's
 * way to stop at an older schema). */
export function migrate(db: DatabaseSync, include: (version: number) => boolean = () => true): void {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const applied = new Set((db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((row) => row.version));
  const files = readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(name))
    .sort();
  for (const name of files) {
    const version = Number(name.slice(0, 3));
    if (applied.has(version) || !include(version)) continue;
    const sql = readFileSync(path.join(migrationsDir, name), "utf8");
    transaction(db, () => {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(version, name, new Date().toISOString());
    });
  }
}

/**
 * Runs fn inside BEGIN IMMEDIATE … COMMIT, rolling back on any error. SQLite has already rolled back by
 * itself after some errors (SQLITE_FULL, an I/O error, a failed COMMIT): a ROLLBACK then throws "no
 * transaction is active", which would replace the error that says what happened (a full disk).
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** SQLite's primary result codes that mean "the store cannot take this write now", not "this is a bug". */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_FULL = 13;

/**
 * What an error of node:sqlite says about the store: `full` (disk or size limit reached: retry much later),
 * `busy` (another writer held the lock past the busy timeout: retry soon), or null (anything else).
 */
export function storeFailure(error: unknown): "full" | "busy" | null {
  if (typeof error !== "object" || error === null || (error as { code?: unknown }).code !== "ERR_SQLITE_ERROR") return null;
  // errcode may be an extended code (SQLITE_BUSY_SNAPSHOT = 517): the primary code is its low byte.
  const primary = Number((error as { errcode?: unknown }).errcode) & 0xff;
  if (primary === SQLITE_FULL) return "full";
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return "busy";
  return null;
}

/** Below this much room a write (a WAL frame, a checkpoint, a new page) may fail: readiness says so first. */
const minimumRoomBytes = 1024 * 1024;

/**
 * Whether the store has room to write: the database's own page limit (`max_page_count`, free pages
 * counted) and the file system it lives on both leave at least 1 MiB. Read-only checks: a readiness
 * probe polled every few seconds must not write.
 */
export function storeHasRoom(db: DatabaseSync, dataDir: string): boolean {
  const pragma = (name: string) => Number(Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
  const pagesLeft = pragma("max_page_count") - pragma("page_count") + pragma("freelist_count");
  if (pagesLeft * pragma("page_size") < minimumRoomBytes) return false;
  if (dataDir === ":memory:") return true;
  const disk = statfsSync(dataDir);
  return disk.bavail * disk.bsize >= minimumRoomBytes;
}
