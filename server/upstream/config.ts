// Options of the embedded upstream, from its parsed part of the environment (shared/env/upstream-env.ts): what
// `npm run upstream` reads, or what the site hands over when it starts the upstream in a thread.
import type { TrustProxy } from "../../shared/env/trust-proxy.ts";
import { parseEnvironment } from "../../shared/env/parse.ts";
import { checkTogether, upstreamEnv, type UpstreamEnv } from "../../shared/env/upstream-env.ts";

/** The upstream's part of the environment, parsed: what `npm run upstream` reads, or what the site hands over. */
export function parseUpstreamEnv(env: NodeJS.ProcessEnv = {}): UpstreamEnv {
  return parseEnvironment(upstreamEnv.superRefine(checkTogether), env);
}

export interface UpstreamOptions {
  host: string;
  /** 0 = an ephemeral port. */
  port: number;
  provider: string;
  websiteCode: string;
  /** Folder of the database file; ":memory:" keeps everything in memory (tests only). */
  dataDir: string;
  /**
   * PostgreSQL for what changes (postgres://…, DATABASE_URL); unset = everything on the SQLite file in dataDir
   * (docs/decisions/044-store-interface-and-postgresql.md).
   */
  databaseUrl?: string | undefined;
  /** Folder of the content files loaded at start; unset = the content shipped in the repository. */
  contentDir?: string;
  /** The site's public origin: decides the Secure flag of the session cookie. */
  publicOrigin: string;
  /** Express `trust proxy` of the upstream (UPSTREAM_TRUST_PROXY); default loopback (the site on the same host). */
  trustProxy?: TrustProxy;
  /** Injectable clock for code expiry, rate limits and sessions (tests). */
  now?: () => number;
  /** The parsed environment, for the settings owned by individual modules (SMS, SMTP, staff token, preview
   * secret…); unset: every default. */
  settings?: UpstreamEnv;
  /** How often the order e-mail outbox looks for due e-mails (CLI moves, retries); default 5000 ms. */
  mailPollMs?: number;
  /** Where the console SMS and e-mail senders put codes (default: one log line each); tests read codes here. */
  codeLog?: (delivery: { channel: "sms" | "email"; to: string; code: string }) => void;
}

/** Every variable unset: the settings of a test upstream that names none. */
export const defaultUpstreamSettings: UpstreamEnv = Object.freeze(parseUpstreamEnv({}));

/** The upstream's options from its parsed settings (the site hands over its parsed part). */
export function upstreamOptions(settings: UpstreamEnv): UpstreamOptions {
  return {
    host: settings.UPSTREAM_HOST,
    port: settings.UPSTREAM_PORT,
    provider: settings.UPSTREAM_PROVIDER,
    websiteCode: settings.WEBSITE_CODE,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    contentDir: settings.CONTENT_DIR,
    publicOrigin: settings.PUBLIC_ORIGIN,
    trustProxy: settings.UPSTREAM_TRUST_PROXY,
    settings,
  };
}

/** Parses the environment once and builds the options from it (`npm run upstream`, tests). */
export function upstreamOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): UpstreamOptions {
  return upstreamOptions(parseUpstreamEnv(env));
}
