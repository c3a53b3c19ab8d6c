// A real PostgreSQL for the tests: Debian's server binaries (`.ci/run` installs `postgresql` when missing), a
// new cluster in a temporary directory, one postmaster on a free loopback port, stopped and removed at the end.
// PostgreSQL refuses to run as root, so under root (the CI container) it runs as the `postgres` user the package
// creates. Each caller gets a database of its own (`database()`), so test files and describe blocks never share rows.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export interface TestPostgres {
  /** postgres://… of the cluster's `postgres` database (for administration). */
  url: string;
  port: number;
  /** Creates a new, empty database and returns its URL. */
  database: (prefix?: string) => Promise<string>;
  /** Stops the postmaster (fast shutdown), keeping the cluster: a database that went away. */
  pause: () => Promise<void>;
  /** Starts it again on the same port and data. */
  resume: () => Promise<void>;
  /** Stops the postmaster (fast shutdown) and removes the cluster's directory. */
  stop: () => Promise<void>;
}

/** The newest installed PostgreSQL's bin directory, or undefined when none is installed. */
function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : path.join(root, versions[0], "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** A command run as the cluster's owner: `postgres` under root, else the current user. */
function asOwner(command: string, args: string[]): [string, string[]] {
  return asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

async function waitUntilReady(url: string, postmaster: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (postmaster.exitCode !== null) throw new Error(`postgres exited with ${postmaster.exitCode}: ${output()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 20 s: ${String(error)}; ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let databases = 0;

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql; .ci/run installs it when missing)");
  const dir = mkdtempSync(path.join(tmpdir(), "qy-pg-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    // The owner must reach the directory (mkdtemp makes it 0700) and own it.
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const [initdb, initArgs] = asOwner(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  execFileSync(initdb, initArgs, { stdio: "pipe" });
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  /** Starts the postmaster on the cluster and waits until it accepts connections. */
  async function launch() {
    // fsync off: a test cluster is thrown away, and durability across a machine crash is not what it tests.
    const [postgres, args] = asOwner(path.join(bin!, "postgres"), [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      dir,
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "fsync=off",
      "-c",
      "max_connections=200",
    ]);
    const child = spawn(postgres, args, { stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      await waitUntilReady(url, child, () => log);
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
    // A test process that ends without its afterAll (a crash, a timeout) takes its postmaster with it.
    const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const orphanGuard = () => {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // already gone
      }
    };
    process.once("exit", orphanGuard);
    void exited.then(() => process.off("exit", orphanGuard));
    return { child, exited, pid };
  }

  /** Fast shutdown: SIGINT to the postmaster itself (under root the child is runuser, which does not pass
   * SIGINT on; the postmaster's pid is the first line of its pid file). */
  async function shutDown(running: Awaited<ReturnType<typeof launch>>) {
    if (running.child.exitCode === null) process.kill(running.pid, "SIGINT");
    await running.exited;
  }

  let running: Awaited<ReturnType<typeof launch>> | undefined;
  try {
    running = await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    database: async (prefix = "qy") => {
      databases += 1;
      const name = `${prefix}_${process.pid}_${databases}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pause: async () => {
      if (running) await shutDown(running);
      running = undefined;
    },
    resume: async () => {
      running ??= await launch();
    },
    stop: async () => {
      if (running) await shutDown(running);
      running = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
