// The store's numbered migrations against more than one process and more than one code version: processes that
// open a new data directory at once (a CLI during a deploy, a new site started before the old one stopped)
// apply each migration once between them and all start; a store migrated by newer code (a schema_migrations row
// this code does not know) is refused at open with one line, by the open path, by `npm run upstream` and by the site.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { databaseFile, knownMigrations, openDatabase, SchemaTooNewError } from "../../server/upstream/db.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const dbModule = path.join(root, "server", "upstream", "db.ts");
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "qy-schema-"));
  dirs.push(dir);
  return dir;
};

interface Child {
  lines: string[];
  stderr: () => string;
  exited: Promise<number | null>;
}

/** A node process running `script` (an ES module); its stdout lines as they come. */
function node(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let stderr = "";
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    }),
  );
  return { lines, stderr: () => stderr, exited };
}

const recorded = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("SELECT version FROM schema_migrations ORDER BY version").all() as { version: number }[]).map((row) => row.version);
  } finally {
    db.close();
  }
};
const versions = knownMigrations().map((migration) => migration.version);

describe("several processes opening one new data directory at once", () => {
  it("all start, and every migration is recorded once", async () => {
    const dir = freshDir();
    const script = `import { openDatabase } from ${JSON.stringify(dbModule)}; openDatabase(process.env.DIR).close(); console.log("opened");`;
    const openers = [1, 2, 3].map(() => node(["--input-type=module", "-e", script], { DIR: dir }));
    const codes = await Promise.all(openers.map((opener) => opener.exited));
    expect(
      openers.map((opener) => opener.stderr()),
      "no opener failed",
    ).toEqual(["", "", ""]);
    expect(codes).toEqual([0, 0, 0]);
    expect(recorded(databaseFile(dir))).toEqual(versions);
  });

  it("apply each migration in one of them only, even when all read the applied set before any applied one", async () => {
    // The test holds the write lock while the openers start: each reads an empty applied set, then waits for the
    // lock at its first migration. Released, they take the lock in turn; only a check inside each migration's
    // transaction keeps the later ones from running the same SQL again (a "table already exists" and a failed start).
    const dir = freshDir();
    const file = databaseFile(dir);
    const holder = new DatabaseSync(file);
    holder.exec("PRAGMA journal_mode = WAL");
    holder.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    holder.exec("BEGIN IMMEDIATE");
    const script = `import { DatabaseSync } from "node:sqlite";
      import { configureConnection, migrate } from ${JSON.stringify(dbModule)};
      const db = new DatabaseSync(process.env.FILE);
      console.log("opening");
      configureConnection(db);
      console.log(JSON.stringify(migrate(db).map((m) => m.version)));
      db.close();`;
    const openers = [1, 2].map(() => node(["--input-type=module", "-e", script], { FILE: file }));
    try {
      await expect.poll(() => openers.every((opener) => opener.lines.includes("opening")), { timeout: 15_000 }).toBe(true);
      // Reading the applied set takes a few milliseconds once "opening" is out; the busy timeout is 5 s.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      holder.exec("COMMIT");
      holder.close();
    }
    const codes = await Promise.all(openers.map((opener) => opener.exited));
    expect(openers.map((opener) => opener.stderr())).toEqual(["", ""]);
    expect(codes).toEqual([0, 0]);
    const appliedBy = openers.map((opener) => JSON.parse(opener.lines.at(-1)!) as number[]);
    expect([...appliedBy[0]!, ...appliedBy[1]!].sort((a, b) => a - b)).toEqual(versions);
    expect(recorded(file)).toEqual(versions);
  });
});

describe("a store migrated by newer code", () => {
  /** A data directory at this code's newest schema plus one migration it does not know. */
  function futureStore(): { dir: string; future: string } {
    const dir = freshDir();
    openDatabase(dir).close();
    const future = String(versions.at(-1)! + 1).padStart(3, "0");
    const db = new DatabaseSync(databaseFile(dir));
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
      Number(future),
      `${future}_from_the_future.sql`,
      new Date().toISOString(),
    );
    db.close();
    return { dir, future };
  }
  const newest = String(versions.at(-1)).padStart(3, "0");

  it("is refused by the open path, naming the store's version and the code's newest", () => {
    const { dir, future } = futureStore();
    expect(() => openDatabase(dir)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(dir)).toThrow(new RegExp(`schema version ${future} \\(${future}_from_the_future\\.sql\\).*knows up to ${newest}`));
    // Nothing was applied or recorded by the refused open.
    expect(recorded(databaseFile(dir))).toEqual([...versions, Number(future)]);
  });

  it("stops `npm run upstream` with one line and exit code 1", async () => {
    const { dir, future } = futureStore();
    const upstream = node([path.join(root, "server", "upstream", "main.ts")], { DATA_DIR: dir, UPSTREAM_PORT: "0" });
    expect(await upstream.exited).toBe(1);
    const lines = upstream.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^The database .*upstream\\.sqlite has schema version ${future} .*knows up to ${newest}`));
    expect(upstream.lines.join("\n")).not.toContain("listening");
  });

  it("stops the site, alone or as a cluster's primary, with the same one line instead of a stack trace", async () => {
    const { dir, future } = futureStore();
    for (const workers of ["1", "2"]) {
      const site = node([path.join(root, "server", "main.ts")], { DATA_DIR: dir, PORT: "0", METRICS_PORT: "0", WEB_CONCURRENCY: workers, LOG_LEVEL: "warn" });
      expect(await site.exited, `WEB_CONCURRENCY=${workers}`).toBe(1);
      expect(site.stderr().trim().split("\n")).toEqual([
        expect.stringMatching(new RegExp(`^The database .*upstream\\.sqlite has schema version ${future} .*knows up to ${newest}`)),
      ]);
    }
  });
});
