// Settings of the embedded upstream. It imports nothing from the site server (DESIGN.md), so it reads
// its own environment; the site passes the same values in when it starts the upstream in-process.
import { z } from "zod";

export const upstreamEnv = z.object({
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  UPSTREAM_HOST: z.string().default("127.0.0.1"),
  UPSTREAM_PROVIDER: z.string().regex(/^[a-z0-9-]{1,40}$/, "lowercase letters, digits and - only").default("qingyun"),
  WEBSITE_CODE: z.string().regex(/^[a-z0-9_-]{1,40}$/).default("qingyun"),
  DATA_DIR: z.string().default("data"),
  PUBLIC_ORIGIN: z.string().url().default("http://localhost:3000"),
});

export interface UpstreamOptions {
  host: string;
  /** 0 = an ephemeral port. */
  port: number;
  provider: string;
  websiteCode: string;
  /** Folder of the database file; ":memory:" keeps everything in memory (tests only). */
  dataDir: string;
  /** The site's public origin: decides the Secure flag of the session cookie. */
  publicOrigin: string;
  /** Injectable clock for code expiry, rate limits and sessions (tests). */
  now?: () => number;
  /** Extra settings owned by individual modules (SMS, SMTP, staff token, preview secret…). */
  env?: NodeJS.ProcessEnv;
}

export function upstreamOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): UpstreamOptions {
  const parsed = upstreamEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    host: e.UPSTREAM_HOST,
    port: e.UPSTREAM_PORT,
    provider: e.UPSTREAM_PROVIDER,
    websiteCode: e.WEBSITE_CODE,
    dataDir: e.DATA_DIR,
    publicOrigin: e.PUBLIC_ORIGIN,
    env,
  };
}
