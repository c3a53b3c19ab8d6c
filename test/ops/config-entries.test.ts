// Every variable of both README environment tables, given a bad value, stops each entry that reads it with
// one stderr line naming the variable and a non-zero exit, before anything starts. The variables come from
// README.md's own tables, so one added there is checked here without a change to this file.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { configEnv } from "../../server/config/index.ts";
import { upstreamEnv } from "../../shared/env/upstream-env.ts";

const root = path.resolve(import.meta.dirname, "..", "..");

/** The names in the first column of every `| Variable | Default | Meaning |` table, by the heading above it. */
function readmeVariables(): Map<string, "site" | "upstream"> {
  const found = new Map<string, "site" | "upstream">();
  let inTable = false;
  let table = 0;
  for (const line of readFileSync(path.join(root, "README.md"), "utf8").split("\n")) {
    if (/^\|\s*Variable\s*\|/.test(line)) {
      inTable = true;
      table++;
      continue;
    }
    if (!line.startsWith("|")) {
      inTable = false;
      continue;
    }
    if (!inTable || /^\|[-\s|]+\|$/.test(line)) continue;
    const firstCell = line.split("|")[1] ?? "";
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) {
      if (!found.has(name!)) found.set(name!, table === 1 ? "site" : "upstream");
    }
  }
  return found;
}

// Values one of which each checked type refuses (an empty value counts as unset for several, so it comes last).
const candidates = ["abc", "-4", "soon", "not a url", "true", "99999999", "Has Spaces", "x".repeat(600), ""];

/** The first candidate the variable's schema refuses, or undefined for a free-form value (a folder, a host name). */
function badValue(shape: Record<string, z.ZodType>, name: string): string | undefined {
  return candidates.find((value) => !shape[name]!.safeParse(value).success);
}

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Only PATH from this environment: the entry sees the bad value and every other variable unset.
    const child = spawn(process.execPath, [entry], { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    // A server that started instead of refusing would never exit by itself.
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

const variables = readmeVariables();
const siteShape: Record<string, z.ZodType> = configEnv.shape;
const upstreamShape: Record<string, z.ZodType> = upstreamEnv.shape;

describe("README's environment tables", () => {
  it("name variables of both tables, each one known to the schema of the entry that reads it", () => {
    expect([...variables.values()]).toContain("site");
    expect([...variables.values()]).toContain("upstream");
    for (const [name, table] of variables) {
      expect(name in siteShape, `${name} is in the site's schema`).toBe(true);
      if (table === "upstream") expect(name in upstreamShape, `${name} is in the upstream's schema`).toBe(true);
    }
  });
});

const cases = [...variables.keys()].flatMap((name) => {
  const site = badValue(siteShape, name);
  const upstream = name in upstreamShape ? badValue(upstreamShape, name) : undefined;
  return [
    ...(site === undefined ? [] : [{ name, value: site, entry: "server/main.ts" }]),
    ...(upstream === undefined ? [] : [{ name, value: upstream, entry: "server/upstream/main.ts" }]),
  ];
});

describe("a bad value", () => {
  it("is found for most variables (only free-form ones such as folders and host names have none)", () => {
    const unchecked = [...variables.keys()].filter((name) => badValue(siteShape, name) === undefined);
    expect(unchecked.length).toBeLessThan(variables.size / 4);
  });

  it.concurrent.each(cases)(
    "of $name stops $entry with one line naming it",
    async ({ name, value, entry }) => {
      const { code, stdout, stderr, ms } = await run(entry, { [name]: value });
      const lines = stderr.trim().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toContain(name);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      // Nothing started: no listener announced itself, and the refusal came before the server's modules loaded.
      expect(stdout).toBe("");
      expect(ms).toBeLessThan(10_000);
    },
    30_000,
  );

  it.concurrent.each(["server/main.ts", "server/upstream/main.ts"])(
    "that only fails with another (SMS_PROVIDER=aliyun without its credentials) stops %s with one line naming the missing one",
    async (entry) => {
      const { code, stdout, stderr } = await run(entry, { SMS_PROVIDER: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id", ALIYUN_SMS_ACCESS_KEY_SECRET: "secret" });
      const lines = stderr.trim().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toContain("ALIYUN_SMS_SIGN_NAME");
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stdout).toBe("");
    },
    30_000,
  );

  // docs/decisions/044-store-interface-and-postgresql.md: DATABASE_URL is accepted; a database nobody answers at
  // stops the entry at start (its migrations come first) with one line, never a hang or a stack trace.
  it.concurrent.each(["server/main.ts", "server/upstream/main.ts"])(
    "naming a PostgreSQL nobody answers at (DATABASE_URL) stops %s with one line, its password unshown",
    async (entry) => {
      const { code, stdout, stderr } = await run(entry, { DATABASE_URL: "postgres://qy:hunter2@127.0.0.1:1/qingyun", DATA_DIR: ":memory:" });
      const lines = stderr.trim().split("\n");
      expect(lines, stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^PostgreSQL \(postgres:\/\/127\.0\.0\.1:1\/qingyun, DATABASE_URL\) cannot be used: .*ECONNREFUSED/);
      expect(lines[0]).not.toContain("hunter2");
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(stdout).toBe("");
    },
    30_000,
  );
});
