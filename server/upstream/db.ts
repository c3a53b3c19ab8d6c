// The upstream's storage: one node:sqlite file with WAL, a busy timeout and numbered SQL migrations.
import { DatabaseSync } from "node:sqlite";
import { mkdirSync, readdirSync, readFileSync, statfsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export type Database = DatabaseSync;

/** The store's file in its data directory (DATA_DIR). */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, "upstream.sqlite");
}

/** Every connection's settings, set before anything else touches the file. */
export function configureConnection(db: DatabaseSync): void {
  // The busy timeout comes first: switching a new file to WAL takes a lock, and a second process starting at the
  // same moment (a CLI, a new site started before the old one stopped) must wait for it, not fail. WAL lets readers run beside the
  // one writer; the busy timeout makes concurrent writers wait, not fail.
  // secure_delete zeroes what a DELETE or UPDATE frees, so a deleted account's values do not linger in free
  // space (docs/decisions/025-own-data-export-and-deletion.md).
  db.exec("PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;");
}

export function openDatabase(dataDir: string): DatabaseSync {
  let file = ":memory:";
  if (dataDir !== ":memory:") {
    mkdirSync(dataDir, { recursive: true });
    file = databaseFile(dataDir);
  }
  const db = new DatabaseSync(file);
  try {
    configureConnection(db);
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** One numbered migration of the code: server/upstream/migrations/NNN_name.sql. */
export interface Migration {
  version: number;
  name: string;
}

/** The code's migrations, oldest first. */
export function knownMigrations(): Migration[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d{3}_[a-z0-9_-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 3)), name }));
}

/** Where a store stands against the code: what it has, what the code would add, and what it has that the code
 * does not know (a store migrated by newer code). */
export interface SchemaState {
  applied: Migration[];
  pending: Migration[];
  unknown: Migration[];
}

export function schemaState(db: DatabaseSync): SchemaState {
  const known = knownMigrations();
  const hasTable = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get() !== undefined;
  const applied = hasTable ? (db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all() as unknown as Migration[]) : [];
  const appliedVersions = new Set(applied.map((row) => row.version));
  const knownVersions = new Set(known.map((migration) => migration.version));
  return {
    applied,
    pending: known.filter((migration) => !appliedVersions.has(migration.version)),
    unknown: applied.filter((row) => !knownVersions.has(row.version)),
  };
}

const version3 = (version: number) => String(version).padStart(3, "0");

/** A store migrated by code newer than this one: starting on it could misread or damage what that code wrote. */
export class SchemaTooNewError extends Error {
  /** `newest`: the newest migration this code knows for that store (default: the SQLite store's). */
  constructor(where: string, unknown: Migration[], newest: Migration | undefined = knownMigrations().at(-1)) {
    const names = unknown.map((row) => `${version3(row.version)} (${row.name})`).join(", ");
    super(
      `The database ${where} has schema version ${names}, which this code does not know (it knows up to ${newest ? version3(newest.version) : "none"}): run the code that migrated it, or restore a backup taken before it was migrated`,
    );
  }
}

/**
 * Applies every migrations/NNN_name.sql not yet recorded, each in its own BEGIN IMMEDIATE transaction, and returns
 * what it applied (`include`: a test's way to stop at an older schema). Refuses a store with a version the code
 * does not know (SchemaTooNewError). Several processes may run this at once on one file (a CLI during a deploy, a
 * new site started before the old one stopped): whether a migration is applied is read again inside its
 * transaction, which holds the write lock, so the first to get the lock applies it and the others skip it
 * (docs/decisions/039-store-migrations-backup-restore.md).
 */
export function migrate(db: DatabaseSync, include: (version: number) => boolean = () => true): Migration[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
  const { pending, unknown } = schemaState(db);
  if (unknown.length > 0) throw new SchemaTooNewError(db.location() ?? ":memory:", unknown);
  const isApplied = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  const done: Migration[] = [];
  for (const migration of pending) {
    if (!include(migration.version)) continue;
    const sql = readFileSync(path.join(migrationsDir, migration.name), "utf8");
    const appliedHere = transaction(db, () => {
      if (isApplied.get(migration.version) !== undefined) return false;
      db.exec(sql);
      record.run(migration.version, migration.name, new Date().toISOString());
      return true;
    });
    if (appliedHere) done.push(migration);
  }
  return done;
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
