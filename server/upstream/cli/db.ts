// `npm run db -- migrate|status|backup FILE|restore FILE`: the upstream's store (DATA_DIR) for operators. The
// backup is online (the server keeps serving and writing), the restore all or nothing and only into a data
// directory nothing has open. Why VACUUM INTO and how the restore swaps the file: docs/decisions/039-store-migrations-backup-restore.md.
// With DATABASE_URL, status and migrate work on PostgreSQL (its own migrations, docs/decisions/044-store-interface-and-postgresql.md);
// its backups are PostgreSQL's own tools' (README "The store").
import { DatabaseSync } from "node:sqlite";
import { closeSync, constants, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError } from "../../../shared/env/parse.ts";
import { parseUpstreamEnv } from "../config.ts";
import { configureConnection, databaseFile, knownMigrations, migrate, SchemaTooNewError, schemaState, type Migration, type SchemaState } from "../db.ts";
import { describeDatabase, knownPostgresMigrations, migratePostgres, postgresFailure, postgresSchemaState } from "../postgres.ts";

const usage = `Usage: npm run db -- <command> [options]

  status                    the schema of DATA_DIR's database, the code's newest, what is pending
                            (exit 1 when the database is newer than this code)
  migrate                   applies the pending migrations and lists them (the upstream also does at start)
  backup FILE               writes a consistent copy of the database to FILE (a new file) while the
                            server keeps serving and writing: everything committed before it began
  restore FILE [--replace]  puts a backup in place as DATA_DIR's database; DATA_DIR must not be in use
                            (stop the site, the upstream, the staff console and the CLIs first);
                            --replace: overwrite the database already there

Options: --json (status and migrate: machine-readable output)
Environment: DATA_DIR (database folder, default "data"); DATABASE_URL (PostgreSQL: status and migrate work on
             it; back it up with pg_dump, README "The store")`;

class UsageError extends Error {}
/** A refusal or failure the operator can act on: one line, exit 1. */
class Refusal extends Error {}

const version3 = (version: number) => String(version).padStart(3, "0");
const label = (migration: Migration | undefined) => (migration ? `${version3(migration.version)} (${migration.name})` : "none");

/**
 * Opens an existing database file without creating one; anything SQLite cannot read as a database is a Refusal.
 * A live store gets the upstream's connection settings; a copy is only read, so it stays the one self-contained
 * file VACUUM INTO wrote (rollback journal, no -wal or -shm beside it) until an upstream opens it.
 */
function openExisting(file: string, what: string, kind: "live" | "copy" = "live"): DatabaseSync {
  if (!existsSync(file)) throw new Refusal(`${what} does not exist`);
  try {
    const db = new DatabaseSync(file, { readOnly: kind === "copy" });
    if (kind === "live") configureConnection(db);
    return db;
  } catch (error) {
    throw new Refusal(`${what} is not a database the upstream can read (${sqliteMessage(error)})`);
  }
}

const sqliteMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The schema of an open database, or a Refusal saying it is not an upstream database at all. `emptyIsNew`: a file
 * with no table but an empty schema_migrations (a first start that stopped before its first migration) counts as
 * a new store with every migration pending, as the upstream's start takes it; a backup of it is refused.
 */
function upstreamSchema(db: DatabaseSync, what: string, emptyIsNew = false): SchemaState {
  let state: SchemaState;
  let otherTables: number;
  try {
    state = schemaState(db);
    otherTables = (db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name <> 'schema_migrations'").get() as { n: number }).n;
  } catch (error) {
    throw new Refusal(`${what} is not a database the upstream can read (${sqliteMessage(error)})`);
  }
  if (state.applied.length === 0 && !(emptyIsNew && otherTables === 0))
    throw new Refusal(`${what} is not an upstream database (no migration recorded in schema_migrations)`);
  return state;
}

/** Writes a file's bytes and its directory entry to the disk, so a rename that follows survives a power cut. */
function flushToDisk(file: string): void {
  for (const target of [file, path.dirname(file)]) {
    const fd = openSync(target, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** A database file and the files SQLite keeps beside it. */
const withSidecars = (file: string) => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
const removeWithSidecars = (file: string) => {
  for (const f of withSidecars(file)) rmSync(f, { force: true });
};

function status(dataDir: string, json: boolean, out: (line: string) => void): number {
  const file = databaseFile(dataDir);
  const exists = existsSync(file);
  // No file yet: a new store, every migration pending; status never creates one.
  let state: SchemaState = { applied: [], pending: knownMigrations(), unknown: [] };
  if (exists) {
    const db = openExisting(file, `DATA_DIR's database (${file})`);
    try {
      state = upstreamSchema(db, `DATA_DIR's database (${file})`, true);
    } finally {
      db.close();
    }
  }
  const { applied, pending, unknown } = state;
  const schema = applied.at(-1);
  const newest = knownMigrations().at(-1);
  if (json) {
    const report = { database: file, exists, schema: schema?.version ?? null, code: newest?.version ?? null, pending, unknown, newerThanCode: unknown.length > 0 };
    out(JSON.stringify(report));
  } else {
    out(`database: ${file}${exists ? "" : " (none yet: the upstream creates it at its first start, or npm run db -- migrate)"}`);
    out(`schema:   ${label(schema)}`);
    out(`code:     ${label(newest)}`);
    out(`pending:  ${pending.length === 0 ? "none" : `${pending.length}: ${pending.map((m) => m.name).join(", ")}`}`);
    out(`newer:    ${unknown.length === 0 ? "no" : `yes, ${unknown.map(label).join(", ")} unknown to this code: the upstream refuses to start on it`}`);
  }
  return unknown.length > 0 ? 1 : 0;
}

function runMigrations(dataDir: string, json: boolean, out: (line: string) => void): void {
  mkdirSync(dataDir, { recursive: true });
  const file = databaseFile(dataDir);
  const db = new DatabaseSync(file);
  try {
    const what = `DATA_DIR's database (${file})`;
    try {
      configureConnection(db);
    } catch (error) {
      throw new Refusal(`${what} is not a database the upstream can read (${sqliteMessage(error)})`);
    }
    // Migrating creates the schema in a new file, never tables beside another program's.
    upstreamSchema(db, what, true);
    let applied: Migration[];
    try {
      applied = migrate(db);
    } catch (error) {
      if (error instanceof SchemaTooNewError) throw new Refusal(error.message);
      throw error;
    }
    const schema = schemaState(db).applied.at(-1);
    if (json) {
      out(JSON.stringify({ database: file, applied, schema: schema?.version ?? null }));
      return;
    }
    for (const migration of applied) out(`applied ${migration.name}`);
    out(applied.length === 0 ? `nothing to apply: ${file} is at schema ${label(schema)}` : `${file} is now at schema ${label(schema)}`);
  } finally {
    db.close();
  }
}

/**
 * VACUUM INTO a temporary file beside FILE, flushed, checked, then renamed to FILE: FILE either does not exist or
 * is a whole backup. VACUUM INTO reads in one transaction: the WAL's committed frames are part of what it reads,
 * and the server's writes go on meanwhile (docs/decisions/039-store-migrations-backup-restore.md).
 */
function backup(dataDir: string, target: string, out: (line: string) => void): void {
  const source = databaseFile(dataDir);
  const destination = path.resolve(target);
  if (existsSync(destination)) throw new Refusal(`${target} already exists: a backup never overwrites a file`);
  if (!existsSync(path.dirname(destination))) throw new Refusal(`the folder of ${target} does not exist`);
  const started = Date.now();
  const db = openExisting(source, `DATA_DIR's database (${source})`);
  const temp = `${destination}.partial-${process.pid}`;
  try {
    const { applied } = upstreamSchema(db, `DATA_DIR's database (${source})`);
    try {
      db.prepare("VACUUM INTO ?").run(temp);
      flushToDisk(temp);
      checkCopy(temp, `the copy (${temp})`);
    } catch (error) {
      if (error instanceof Refusal) throw error;
      throw new Refusal(`the backup failed: ${sqliteMessage(error)}`);
    }
    renameSync(temp, destination);
    flushToDisk(destination);
    const megabytes = (statSync(destination).size / 1024 / 1024).toFixed(1);
    out(`backed up ${source} (schema ${version3(applied.at(-1)?.version ?? 0)}) to ${target}: ${megabytes} MB in ${Date.now() - started} ms`);
  } finally {
    db.close();
    removeWithSidecars(temp);
  }
}

/** A copy SQLite reads through without a fault, with the upstream's schema table. Returns its schema. */
function checkCopy(file: string, what: string): SchemaState {
  const db = openExisting(file, what, "copy");
  try {
    const state = upstreamSchema(db, what);
    const check = (db.prepare("PRAGMA quick_check").all() as { quick_check: string }[]).map((row) => row.quick_check);
    if (check.length !== 1 || check[0] !== "ok") throw new Refusal(`${what} is damaged (quick_check: ${check.slice(0, 3).join("; ")})`);
    return state;
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${what} is not a database the upstream can read (${sqliteMessage(error)})`);
  } finally {
    db.close();
  }
}

/**
 * Whether anything has the database open: every connection to a WAL database keeps a shared lock on it while
 * open, so an exclusive lock is refused at once (no busy timeout) while the server, the staff console or a CLI
 * runs. Returns the connection holding the lock, or throws a Refusal.
 */
function lockUnused(file: string, dataDir: string): DatabaseSync {
  const db = new DatabaseSync(file, { timeout: 0 });
  try {
    db.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;");
    return db;
  } catch (error) {
    db.close();
    if (/locked|busy/i.test(sqliteMessage(error)))
      throw new Refusal(`DATA_DIR (${dataDir}) is in use: stop the site, the upstream, the staff console and any CLI on it, then restore`);
    throw new Refusal(`DATA_DIR's database (${file}) cannot be locked (${sqliteMessage(error)})`);
  }
}

/**
 * Copies FILE to a temporary file in DATA_DIR, checks it there (readable, the upstream's schema, no version newer
 * than this code), flushes it and renames it over DATA_DIR's database: the database is the old one or the whole
 * backup, never a mix. The old database's WAL is checkpointed away first, so no old frame is ever read into the
 * restored file.
 */
function restore(dataDir: string, source: string, replace: boolean, out: (line: string) => void): void {
  if (!existsSync(source)) throw new Refusal(`${source} does not exist`);
  const target = databaseFile(dataDir);
  const present = existsSync(target);
  if (present && !replace) throw new Refusal(`DATA_DIR (${dataDir}) already holds a database: add --replace to overwrite it (back it up first)`);
  // Held until just before the swap, so nothing starts on the old database while the copy is checked. A process
  // that opened DATA_DIR in the moment between closing it and the rename would keep the old, unlinked file: the
  // lock catches the usual mistake (a server still running); the rule stays "stop everything on DATA_DIR first".
  let lock = present ? lockUnused(target, dataDir) : undefined;
  // The data directory may be new: created here, and removed again if the restore fails.
  const created = mkdirSync(dataDir, { recursive: true });
  const temp = path.join(path.dirname(target), `.upstream.sqlite.restore-${process.pid}`);
  let restored = false;
  try {
    copyFileSync(source, temp, constants.COPYFILE_EXCL);
    const { applied, pending, unknown } = checkCopy(temp, source);
    if (unknown.length > 0) throw new Refusal(new SchemaTooNewError(source, unknown).message);
    flushToDisk(temp);
    // Closing the last connection checkpoints the old WAL into the old file and deletes it.
    lock?.close();
    lock = undefined;
    for (const sidecar of withSidecars(target).slice(1)) rmSync(sidecar, { force: true });
    renameSync(temp, target);
    flushToDisk(target);
    restored = true;
    out(
      `restored ${source} (schema ${version3(applied.at(-1)?.version ?? 0)}) into ${target}${pending.length > 0 ? `; ${pending.length} migration(s) pending, applied at the next start or by npm run db -- migrate` : ""}`,
    );
  } finally {
    lock?.close();
    removeWithSidecars(temp);
    if (!restored && created) rmSync(created, { recursive: true, force: true });
  }
}

/** A PostgreSQL that cannot be reached or refuses us is the operator's to fix: one line naming it, never the password. */
function postgresRefusal(url: string, error: unknown): never {
  if (error instanceof SchemaTooNewError) throw new Refusal(error.message);
  const message = sqliteMessage(error).replace(/\s+/g, " ");
  if (postgresFailure(error) || (error as { code?: unknown }).code !== undefined)
    throw new Refusal(`PostgreSQL (${describeDatabase(url)}, DATABASE_URL) cannot be used: ${message}`);
  throw error;
}

async function postgresStatus(url: string, json: boolean, out: (line: string) => void): Promise<number> {
  const { applied, pending, unknown } = await postgresSchemaState(url).catch((error: unknown) => postgresRefusal(url, error));
  const where = describeDatabase(url);
  const schema = applied.at(-1);
  const newest = knownPostgresMigrations().at(-1);
  if (json) {
    out(
      JSON.stringify({
        database: where,
        exists: applied.length > 0,
        schema: schema?.version ?? null,
        code: newest?.version ?? null,
        pending,
        unknown,
        newerThanCode: unknown.length > 0,
      }),
    );
  } else {
    out(
      `database: ${where} (PostgreSQL, DATABASE_URL)${applied.length > 0 ? "" : " (no migration applied yet: the upstream applies them at its first start, or npm run db -- migrate)"}`,
    );
    out(`schema:   ${label(schema)}`);
    out(`code:     ${label(newest)}`);
    out(`pending:  ${pending.length === 0 ? "none" : `${pending.length}: ${pending.map((m) => m.name).join(", ")}`}`);
    out(`newer:    ${unknown.length === 0 ? "no" : `yes, ${unknown.map(label).join(", ")} unknown to this code: the upstream refuses to start on it`}`);
  }
  return unknown.length > 0 ? 1 : 0;
}

/** The same advisory lock as a starting host's: run beside hosts that start, each migration is applied once. */
async function postgresMigrate(url: string, json: boolean, out: (line: string) => void): Promise<void> {
  const applied = await migratePostgres(url).catch((error: unknown) => postgresRefusal(url, error));
  const schema = (await postgresSchemaState(url).catch((error: unknown) => postgresRefusal(url, error))).applied.at(-1);
  const where = describeDatabase(url);
  if (json) {
    out(JSON.stringify({ database: where, applied, schema: schema?.version ?? null }));
    return;
  }
  for (const migration of applied) out(`applied ${migration.name}`);
  out(applied.length === 0 ? `nothing to apply: ${where} is at schema ${label(schema)}` : `${where} is now at schema ${label(schema)}`);
}

async function main(argv: string[], out: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { json: { type: "boolean" }, replace: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [command, file, extra] = positionals;
  if (!command || values.help || command === "help") {
    for (const line of usage.split("\n")) out(line);
    return 0;
  }
  if (!["status", "migrate", "backup", "restore"].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  const takesFile = command === "backup" || command === "restore";
  if (takesFile && !file) throw new UsageError(`${command} needs a FILE`);
  if ((!takesFile && file !== undefined) || extra !== undefined) throw new UsageError(`Too many arguments for ${command}`);
  if (values.replace && command !== "restore") throw new UsageError("--replace is an option of restore only");
  if (values.json && takesFile) throw new UsageError("--json is an option of status and migrate only");
  const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = parseUpstreamEnv(process.env);
  if (databaseUrl) {
    if (command === "status") return postgresStatus(databaseUrl, Boolean(values.json), out);
    if (command === "migrate") {
      await postgresMigrate(databaseUrl, Boolean(values.json), out);
      return 0;
    }
    // The upstream's data is in PostgreSQL: a copy of DATA_DIR's file would hold none of it.
    throw new Refusal(`${command} works on the SQLite store; with DATABASE_URL the data is in PostgreSQL: use pg_dump and pg_restore (README "The store")`);
  }
  if (dataDir === ":memory:") throw new Refusal('DATA_DIR is ":memory:": there is no database to work on');
  switch (command) {
    case "status":
      return status(dataDir, Boolean(values.json), out);
    case "migrate":
      runMigrations(dataDir, Boolean(values.json), out);
      return 0;
    case "backup":
      backup(dataDir, file!, out);
      return 0;
    default:
      restore(dataDir, file!, Boolean(values.replace), out);
      return 0;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else if (error instanceof Refusal || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    // Anything else is a fault of the file system or SQLite: its own message, one line, never a stack trace.
    process.stderr.write(`${sqliteMessage(error).replace(/\s+/g, " ")}\n`);
    process.exitCode = 1;
  }
}
