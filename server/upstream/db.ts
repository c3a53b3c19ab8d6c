// The upstream's storage: one node:sqlite file with WAL, a busy timeout and numbered SQL migrations.
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
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
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
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

/** Runs fn inside BEGIN IMMEDIATE … COMMIT, rolling back on any error. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = fn();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
