// `npm run db`: status and migrate say where the store stands; a backup taken by the CLI (its own process) while the
// upstream keeps taking orders over HTTP holds every order acknowledged before it began and none acknowledged
// after it ended; restored into a new data directory, an upstream started on it finds them; restore refuses a
// data directory in use, a file that is not an upstream database and a newer schema, and leaves no file behind.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFile, knownMigrations, migrate, openDatabase } from "../../server/upstream/db.ts";
import { addressFor, startAccountUpstream, freshPhone, type AccountUpstream } from "../upstream/account-helpers.ts";
import { SAMPLE, loadSampleFixtures, type SampleFixtures } from "../upstream/sample-fixtures.ts";
import { knownPostgresMigrations } from "../../server/upstream/postgres.ts";
import { testPostgres } from "../upstream/stores.ts";
import pg from "pg";

async function sql(url: string, text: string): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
const tables = async (url: string) =>
  (await sql(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")).map((row) => row.table_name as string);

const root = path.resolve(import.meta.dirname, "..", "..");
const cliPath = path.join(root, "server", "upstream", "cli", "db.ts");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "qy-db-cli-"));
  dirs.push(dir);
  return dir;
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
/** `npm run db -- …args` as its own process, with only DATA_DIR (and PATH, and DATABASE_URL when given) in its environment. */
function db(dataDir: string, ...args: string[]): Promise<Run> {
  return dbWith({ DATA_DIR: dataDir }, ...args);
}
function dbWith(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cliPath, ...args], { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const versions = knownMigrations();
const newest = versions.at(-1)!;
const v3 = (version: number) => String(version).padStart(3, "0");
const oneLine = (run: Run) => {
  expect(run.stderr.trim().split("\n"), run.stderr).toHaveLength(1);
  return run.stderr.trim();
};

describe("status and migrate", () => {
  it("report a new data directory, migrate it, then report nothing pending", async () => {
    const dir = freshDir();
    const before = await db(dir, "status");
    expect(before.code).toBe(0);
    expect(before.stdout).toContain("none yet");
    expect(before.stdout).toContain(`code:     ${v3(newest.version)} (${newest.name})`);
    expect(existsSync(databaseFile(dir)), "status creates no database").toBe(false);

    const applied = await db(dir, "migrate");
    expect(applied.code).toBe(0);
    expect(applied.stdout.trim().split("\n")).toEqual([
      ...versions.map((m) => `applied ${m.name}`),
      `${databaseFile(dir)} is now at schema ${v3(newest.version)} (${newest.name})`,
    ]);

    const again = await db(dir, "migrate");
    expect(again.stdout.trim()).toBe(`nothing to apply: ${databaseFile(dir)} is at schema ${v3(newest.version)} (${newest.name})`);

    const after = await db(dir, "status", "--json");
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual({
      database: databaseFile(dir),
      exists: true,
      schema: newest.version,
      code: newest.version,
      pending: [],
      unknown: [],
      newerThanCode: false,
    });
  });

  it("list what an older store is missing, and apply exactly that", async () => {
    const dir = freshDir();
    const older = new DatabaseSync(databaseFile(dir));
    migrate(older, (version) => version < newest.version);
    older.close();
    const status = await db(dir, "status");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`pending:  1: ${newest.name}`);
    const applied = await db(dir, "migrate");
    expect(applied.stdout.split("\n")[0]).toBe(`applied ${newest.name}`);
    expect(applied.stdout.match(/^applied /gm)).toHaveLength(1);
  });

  it("say when the store is newer than the code, and migrate refuses it in one line", async () => {
    const dir = freshDir();
    openDatabase(dir).close();
    const future = newest.version + 1;
    const store = new DatabaseSync(databaseFile(dir));
    store.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(future, `${v3(future)}_later.sql`, new Date().toISOString());
    store.close();
    const status = await db(dir, "status");
    expect(status.code).toBe(1);
    expect(status.stdout).toContain(`schema:   ${v3(future)} (${v3(future)}_later.sql)`);
    expect(status.stdout).toContain(`newer:    yes, ${v3(future)} (${v3(future)}_later.sql) unknown to this code`);
    const migrated = await db(dir, "migrate");
    expect(migrated.code).toBe(1);
    expect(oneLine(migrated)).toMatch(new RegExp(`schema version ${v3(future)} .*knows up to ${v3(newest.version)}`));
  });

  it("take a store whose first start stopped before its first migration as new, and refuse another program's database", async () => {
    const dir = freshDir();
    const first = new DatabaseSync(databaseFile(dir));
    first.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    first.close();
    const status = await db(dir, "status");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain("schema:   none");
    expect(status.stdout).toContain("newer:    no");
    expect(status.stdout).toContain(`pending:  ${versions.length}: `);
    expect((await db(dir, "migrate")).code).toBe(0);

    const foreign = freshDir();
    const other = new DatabaseSync(databaseFile(foreign));
    other.exec("CREATE TABLE notes (x)");
    other.close();
    for (const command of ["status", "migrate"]) {
      const run = await db(foreign, command);
      expect(run.code, command).toBe(1);
      expect(oneLine(run)).toBe(`DATA_DIR's database (${databaseFile(foreign)}) is not an upstream database (no migration recorded in schema_migrations)`);
    }
    const store = new DatabaseSync(databaseFile(foreign), { readOnly: true });
    expect(store.prepare("SELECT name FROM sqlite_schema").all()).toEqual([{ name: "notes" }]);
    store.close();
  });

  it("answer bad usage with the usage text and exit code 2, a bad setting with one line and 1", async () => {
    const dir = freshDir();
    for (const args of [["frob"], ["backup"], ["restore"], ["status", "extra"], ["backup", "x", "--replace"], ["migrate", "--nope"]]) {
      const run = await db(dir, ...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("Usage: npm run db --");
    }
    const help = await db(dir, "--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("backup FILE");
    const bad = await new Promise<Run>((resolve) =>
      execFile(process.execPath, [cliPath, "status"], { cwd: root, env: { PATH: process.env.PATH ?? "", PUBLIC_ORIGIN: "not a url" } }, (error, stdout, stderr) =>
        resolve({ code: Number((error as { code?: unknown } | null)?.code ?? 0), stdout, stderr }),
      ),
    );
    expect(bad.code).toBe(1);
    expect(oneLine(bad)).toMatch(/^Invalid PUBLIC_ORIGIN/);
  });
});

// docs/decisions/044-store-interface-and-postgresql.md: with DATABASE_URL the upstream's data is in PostgreSQL, and
// status and migrate say where that database stands (its own migrations, pg-migrations/).
describe("status and migrate with DATABASE_URL", () => {
  const pgVersions = knownPostgresMigrations();
  const pgNewest = pgVersions.at(-1)!;

  it("report a new database with every migration pending, migrate it, then report what is applied", async () => {
    const url = await (await testPostgres()).database("dbcli");
    const env = { DATA_DIR: freshDir(), DATABASE_URL: url };
    const where = `postgres://${new URL(url).host}${new URL(url).pathname}`;
    const before = await dbWith(env, "status");
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain(`database: ${where} (PostgreSQL, DATABASE_URL)`);
    expect(before.stdout).toContain("schema:   none");
    expect(before.stdout).toContain(`pending:  ${pgVersions.length}: ${pgVersions.map((m) => m.name).join(", ")}`);
    // Status changes nothing: no table is created.
    expect(await tables(url)).toEqual([]);

    const applied = await dbWith(env, "migrate");
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout.trim().split("\n")).toEqual([
      ...pgVersions.map((m) => `applied ${m.name}`),
      `${where} is now at schema ${v3(pgNewest.version)} (${pgNewest.name})`,
    ]);
    expect(await tables(url)).toContain("sample_orders");

    const after = await dbWith(env, "status", "--json");
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toEqual({
      database: where,
      exists: true,
      schema: pgNewest.version,
      code: pgNewest.version,
      pending: [],
      unknown: [],
      newerThanCode: false,
    });
    expect((await dbWith(env, "migrate")).stdout.trim()).toBe(`nothing to apply: ${where} is at schema ${v3(pgNewest.version)} (${pgNewest.name})`);
    // Nothing of it went to DATA_DIR's SQLite file.
    expect(existsSync(databaseFile(env.DATA_DIR))).toBe(false);
  });

  it("say when the database is newer than the code (exit 1), and migrate refuses it in one line", async () => {
    const url = await (await testPostgres()).database("dbcli");
    const env = { DATA_DIR: freshDir(), DATABASE_URL: url };
    expect((await dbWith(env, "migrate")).code).toBe(0);
    await sql(url, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '999_from_the_future.sql', 'x')");
    const status = await dbWith(env, "status");
    expect(status.code).toBe(1);
    expect(status.stdout).toContain("newer:    yes, 999 (999_from_the_future.sql) unknown to this code");
    const migrated = await dbWith(env, "migrate");
    expect(migrated.code).toBe(1);
    expect(oneLine(migrated)).toMatch(/has schema version 999 \(999_from_the_future\.sql\), which this code does not know/);
  });

  it("refuse, in one line without the password, a database nobody answers at, and backup and restore of the SQLite file", async () => {
    const env = { DATA_DIR: freshDir(), DATABASE_URL: "postgres://qy:hunter2@127.0.0.1:1/qingyun" };
    const status = await dbWith(env, "status");
    expect(status.code).toBe(1);
    expect(oneLine(status)).toMatch(/^PostgreSQL \(postgres:\/\/127\.0\.0\.1:1\/qingyun, DATABASE_URL\) cannot be used: .*ECONNREFUSED/);
    expect(status.stderr).not.toContain("hunter2");
    for (const args of [
      ["backup", path.join(env.DATA_DIR, "copy.sqlite")],
      ["restore", path.join(env.DATA_DIR, "copy.sqlite")],
    ]) {
      const run = await dbWith(env, ...args);
      expect(run.code).toBe(1);
      expect(oneLine(run)).toContain("pg_dump");
    }
  });
});

describe("backup while the upstream takes orders, and restore", () => {
  let u: AccountUpstream;
  let f: SampleFixtures;
  let dataDir: string;
  let session: string;
  const work = freshDir();
  const backupFile = path.join(work, "backup.sqlite");

  beforeAll(async () => {
    dataDir = freshDir();
    u = await startAccountUpstream({ dataDir });
    f = await loadSampleFixtures(u);
    session = (await u.signIn(freshPhone())).session;
    // The server's connection stops checkpointing: every order of these tests stays in the WAL only, as the newest
    // commits of a busy server do between checkpoints, so a backup that missed the WAL would miss them all.
    u.db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA wal_autocheckpoint = 0;");
  });
  afterAll(async () => {
    await u?.cleanup();
  });

  /** One order through the API: a part on the list, submitted, then cancelled by its customer (at most three may
   * be open). Resolves with its number once the submit is acknowledged. */
  async function placeOrder(): Promise<string> {
    const added = await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: session });
    if (added.status !== 200) throw new Error(`add: ${JSON.stringify(added.json)}`);
    const submitted = await u.call(
      `${SAMPLE}/submitSampleOrder`,
      {
        applicant: { name: "张三", phone: "13800138000", email: "a@example.com", companyName: "Greenfield Power", position: "Engineer" },
        sampleUse: "Evaluating 1200 V SiC MOSFETs for an on-board charger.",
        addressId: await addressFor(u, session),
        evaluationOnly: true,
      },
      { cookie: session },
    );
    if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.json)}`);
    const orderNumber = submitted.json.data.orderNumber as string;
    const cancelled = await u.call(`${SAMPLE}/cancelSampleOrder`, { SampleOrderNo: orderNumber }, { cookie: session });
    if (cancelled.status !== 200) throw new Error(`cancel: ${JSON.stringify(cancelled.json)}`);
    return orderNumber;
  }

  it("holds every order acknowledged before it began, none after it ended, in the order they were taken", async () => {
    const acknowledged: { orderNumber: string; at: number }[] = [];
    let writing = true;
    let began = 0;
    const writer = (async () => {
      while (writing) acknowledged.push({ orderNumber: await placeOrder(), at: Date.now() });
    })();
    try {
      await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
      expect(statSync(`${databaseFile(dataDir)}-wal`).size).toBeGreaterThan(0);
      began = Date.now();
      const run = await db(dataDir, "backup", backupFile);
      const ended = Date.now();
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^backed up .* \\(schema ${v3(newest.version)}\\) to .*backup\\.sqlite: [\\d.]+ MB in \\d+ ms\\n$`));
      // The writer went on while the backup ran: the server served and wrote throughout.
      await expect.poll(() => acknowledged.filter((order) => order.at > ended).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      writing = false;
      await writer;

      const copy = new DatabaseSync(backupFile, { readOnly: true });
      const inBackup = new Set((copy.prepare("SELECT order_number FROM sample_orders").all() as { order_number: string }[]).map((row) => row.order_number));
      expect(copy.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      copy.close();
      const before = acknowledged.filter((order) => order.at < began);
      const after = acknowledged.filter((order) => order.at > ended);
      for (const order of before) expect(inBackup.has(order.orderNumber), `${order.orderNumber} acknowledged before the backup`).toBe(true);
      for (const order of after) expect(inBackup.has(order.orderNumber), `${order.orderNumber} acknowledged after the backup`).toBe(false);
      // One snapshot: the orders it holds are the first N taken, with no gap (one writer, one order at a time).
      const held = acknowledged.map((order) => inBackup.has(order.orderNumber));
      expect(held.indexOf(false) === -1 ? held.length : held.indexOf(false)).toBe(inBackup.size);
      expect(readdirSync(work)).toEqual(["backup.sqlite"]);
    } finally {
      writing = false;
      await writer.catch(() => {});
    }
    // Restored into a new data directory, an upstream started on it finds every order the backup holds.
    const restoredDir = path.join(freshDir(), "data");
    const restored = await db(restoredDir, "restore", backupFile);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout.trim()).toBe(`restored ${backupFile} (schema ${v3(newest.version)}) into ${databaseFile(restoredDir)}`);
    expect(readdirSync(restoredDir)).toEqual(["upstream.sqlite"]);
    const second = await startAccountUpstream({ dataDir: restoredDir });
    try {
      for (const { orderNumber } of acknowledged.filter((order) => order.at < began)) {
        const found = await second.call(`${SAMPLE}/querySampleOrderRecordList?SampleOrderNo=${orderNumber}`, {}, { cookie: session });
        expect(found.status, orderNumber).toBe(200);
        expect(found.json.data.order.orderNumber).toBe(orderNumber);
      }
    } finally {
      await second.close();
    }
  });

  it("fails in one line and writes nothing when there is no database to back up", async () => {
    const empty = freshDir();
    const target = path.join(work, "from-nothing.sqlite");
    const run = await db(empty, "backup", target);
    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(`DATA_DIR's database (${databaseFile(empty)}) does not exist`);
    expect(readdirSync(work)).toEqual(["backup.sqlite"]);
    expect(readdirSync(empty)).toEqual([]);
  });

  it("never overwrites a file", async () => {
    const existing = path.join(work, "existing.sqlite");
    writeFileSync(existing, "keep me");
    const run = await db(dataDir, "backup", existing);
    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(`${existing} already exists: a backup never overwrites a file`);
    expect(readdirSync(work).sort()).toEqual(["backup.sqlite", "existing.sqlite"]);
  });

  it("refuses to restore into a data directory in use, and leaves its database as it was", async () => {
    const orders = () => {
      const store = new DatabaseSync(databaseFile(dataDir), { readOnly: true });
      try {
        return store.prepare("SELECT count(*) AS n FROM sample_orders").get();
      } finally {
        store.close();
      }
    };
    const before = orders();
    const run = await db(dataDir, "restore", backupFile, "--replace");
    expect(run.code).toBe(1);
    expect(oneLine(run)).toBe(`DATA_DIR (${dataDir}) is in use: stop the site, the upstream, the staff console and any CLI on it, then restore`);
    expect(orders()).toEqual(before);
    expect(readdirSync(dataDir).filter((name) => !/^upstream\.sqlite(-wal|-shm)?$/.test(name))).toEqual([]);
  });

  it("refuses a file that is not an upstream database or has a newer schema, leaving nothing behind", async () => {
    const target = path.join(freshDir(), "data");
    const garbage = path.join(work, "garbage.sqlite");
    writeFileSync(garbage, Buffer.alloc(64 * 1024, 0x5a));
    const notOurs = path.join(work, "other.sqlite");
    const other = new DatabaseSync(notOurs);
    other.exec("CREATE TABLE t (x)");
    other.close();
    const newer = path.join(work, "newer.sqlite");
    const copy = new DatabaseSync(backupFile, { readOnly: true });
    copy.prepare("VACUUM INTO ?").run(newer);
    copy.close();
    const future = new DatabaseSync(newer);
    future.prepare("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(newest.version + 1, `${v3(newest.version + 1)}_later.sql`, new Date().toISOString());
    future.close();

    const refusals: [string, RegExp][] = [
      [garbage, /^.*garbage\.sqlite is not a database the upstream can read \(file is not a database\)$/],
      [notOurs, /^.*other\.sqlite is not an upstream database \(no migration recorded in schema_migrations\)$/],
      [newer, new RegExp(`^The database .*newer\\.sqlite has schema version ${v3(newest.version + 1)} .*knows up to ${v3(newest.version)}`)],
      [path.join(work, "missing.sqlite"), /missing\.sqlite does not exist$/],
    ];
    for (const [file, message] of refusals) {
      const run = await db(target, "restore", file);
      expect(run.code, file).toBe(1);
      expect(oneLine(run)).toMatch(message);
      expect(existsSync(target), "no partial or temporary file, not even the new data directory").toBe(false);
    }
  });

  it("replaces a stopped data directory's database with --replace, and without it refuses", async () => {
    const target = freshDir();
    openDatabase(target).close();
    const refused = await db(target, "restore", backupFile);
    expect(refused.code).toBe(1);
    expect(oneLine(refused)).toBe(`DATA_DIR (${target}) already holds a database: add --replace to overwrite it (back it up first)`);
    // A bad file with --replace: refused, and the database there is the one it was, its schema and all.
    const garbage = path.join(work, "garbage-for-replace.sqlite");
    writeFileSync(garbage, "not a database");
    const bad = await db(target, "restore", garbage, "--replace");
    expect(bad.code).toBe(1);
    expect(readdirSync(target)).toEqual(["upstream.sqlite"]);
    const kept = new DatabaseSync(databaseFile(target), { readOnly: true });
    expect((kept.prepare("SELECT count(*) AS n FROM schema_migrations").get() as { n: number }).n).toBe(versions.length);
    expect((kept.prepare("SELECT count(*) AS n FROM sample_orders").get() as { n: number }).n).toBe(0);
    kept.close();
    const replaced = await db(target, "restore", backupFile, "--replace");
    expect(replaced.code).toBe(0);
    expect(readdirSync(target)).toEqual(["upstream.sqlite"]);
    const store = new DatabaseSync(databaseFile(target), { readOnly: true });
    expect((store.prepare("SELECT count(*) AS n FROM sample_orders").get() as { n: number }).n).toBeGreaterThan(0);
    store.close();
  });
});

// README "The store", with PostgreSQL: pg_dump while an upstream takes orders, pg_restore into a new database,
// and `npm run db -- status` on it. The PostgreSQL tools are Debian's, beside the server the tests start.
describe("the README's PostgreSQL backup recipe", () => {
  const bin = (name: string) => {
    const root = "/usr/lib/postgresql";
    const version = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin", name)))
      .sort((a, b) => Number(b) - Number(a))[0];
    if (!version) throw new Error(`${name} is not installed (apt-get install postgresql)`);
    return path.join(root, version, "bin", name);
  };
  const run = (command: string, args: string[]) =>
    new Promise<Run>((resolve) =>
      execFile(command, args, { timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
      ),
    );

  it("keeps every order acknowledged before pg_dump began, taken while the upstream kept writing, and status reads the restored database", async () => {
    const cluster = await testPostgres();
    const url = await cluster.database("dbcli");
    const u = await startAccountUpstream({ databaseUrl: url });
    try {
      const f = await loadSampleFixtures(u);
      const { session } = await u.signIn(freshPhone());
      const addressId = await addressFor(u, session);
      const acknowledged: Array<{ orderNumber: string; at: number }> = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await u.call(`${SAMPLE}/addSampleProduct`, { siteListId: f.visible[0]!.id }, { cookie: session });
          const submitted = await u.call(
            `${SAMPLE}/submitSampleOrder`,
            {
              applicant: { name: "张三", phone: "13800138000", email: "a@example.com", companyName: "Greenfield Power", position: "Engineer" },
              sampleUse: "Evaluating 1200 V SiC MOSFETs for an on-board charger.",
              addressId,
              evaluationOnly: true,
            },
            { cookie: session },
          );
          if (submitted.status !== 200) throw new Error(`submit: ${JSON.stringify(submitted.json)}`);
          const orderNumber = submitted.json.data.orderNumber as string;
          acknowledged.push({ orderNumber, at: Date.now() });
          // At most three open orders per account: each is cancelled by its customer.
          await u.call(`${SAMPLE}/cancelSampleOrder`, { SampleOrderNo: orderNumber }, { cookie: session });
        }
      })();
      const work = freshDir();
      const dump = path.join(work, "qy.dump");
      let began = 0;
      try {
        await expect.poll(() => acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
        began = Date.now();
        const dumped = await run(bin("pg_dump"), ["--format=custom", `--file=${dump}`, url]);
        expect(dumped.stderr).toBe("");
        expect(dumped.code).toBe(0);
      } finally {
        writing = false;
        await writer;
      }
      const restored = await cluster.database("dbcli_restored");
      const put = await run(bin("pg_restore"), ["--exit-on-error", "--no-owner", `--dbname=${restored}`, dump]);
      expect(put.stderr).toBe("");
      expect(put.code).toBe(0);
      const numbers = new Set((await sql(restored, "SELECT order_number FROM sample_orders")).map((row) => row.order_number as string));
      const before = acknowledged.filter((order) => order.at < began).map((order) => order.orderNumber);
      expect(before.length).toBeGreaterThanOrEqual(5);
      for (const number of before) expect(numbers.has(number), number).toBe(true);
      const status = await dbWith({ DATA_DIR: freshDir(), DATABASE_URL: restored }, "status", "--json");
      expect(status.code).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ schema: knownPostgresMigrations().at(-1)!.version, pending: [], newerThanCode: false });
    } finally {
      await u.cleanup();
    }
  }, 60_000);
});
