// Starts the embedded upstream on an ephemeral loopback port with a temporary database for one test file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startUpstream, type RunningUpstream } from "../../server/upstream/index.ts";
import { parseUpstreamEnv, type UpstreamOptions } from "../../server/upstream/config.ts";
import { storeOptions, type StoreKind } from "./stores.ts";

/** A test names its settings as environment variables; they are parsed once, as at a real start. `store`: where
 * the accounts live (default SQLite; "postgres": a new database in the file's PostgreSQL, stores.ts). */
export type TestUpstreamOverrides = Partial<UpstreamOptions> & { env?: NodeJS.ProcessEnv; store?: StoreKind };

/** An answer of the upstream. Its JSON is read freely by the tests: what they assert is its shape. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read the answer's fields directly; the contract tests parse it with the schemas.
export type Answer = { status: number; headers: Headers; json: any };

export interface TestUpstream extends RunningUpstream {
  dataDir: string;
  /** POST JSON to a path of the upstream; returns status, headers and the parsed envelope. */
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<Answer>;
  get: (path: string, headers?: Record<string, string>) => Promise<Answer>;
  cleanup: () => Promise<void>;
}

export async function startTestUpstream(
  { env, store, ...overrides }: TestUpstreamOverrides = {},
  /** The upstream's logger; silent unless a test wants to read what it logs. */
  log: (message: string, detail?: unknown) => void = () => {},
): Promise<TestUpstream> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), "qy-upstream-"));
  const upstream = await startUpstream(
    {
      host: "127.0.0.1",
      port: 0,
      provider: "qingyun",
      websiteCode: "qingyun",
      dataDir,
      publicOrigin: "http://localhost:3000",
      ...(await storeOptions(store)),
      ...overrides,
      ...(env ? { settings: parseUpstreamEnv(env) } : {}),
    },
    log,
  );
  const request = async (method: string, p: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(upstream.url + p, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  };
  return {
    ...upstream,
    dataDir,
    post: (p, body = {}, headers) => request("POST", p, body, headers),
    get: (p, headers) => request("GET", p, undefined, headers),
    cleanup: async () => {
      await upstream.close();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
