// The environment, read once at start (server/main.ts) into one validated, typed, frozen config object that is
// passed down: to createApp, to the cluster's workers and, as its parsed upstream part, to the upstream thread.
import { z } from "zod";
import { ConfigError, isOrigin, parseEnvironment } from "../../shared/env/parse.ts";
import { parseTrustProxy, trustProxySetting } from "../../shared/env/trust-proxy.ts";
import { checkTogether, upstreamEnv, type UpstreamEnv } from "../../shared/env/upstream-env.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const siteEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_ORIGIN: z.string().url().refine(isOrigin, "must be an origin like https://www.example.com (no path)").optional(),
  UPSTREAM_URL: z
    .string()
    .url()
    .refine((value) => /^https?:/.test(value), "must be an http(s) URL")
    .optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PAGE_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  TRUST_PROXY: trustProxySetting,
  // Several processes and hosts.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z
    .string()
    .url()
    .refine((value) => /^rediss?:/.test(value), "must be a redis:// or rediss:// URL")
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(5_000).default(1_000),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // The site's caches (server/cache/).
  UPSTREAM_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  UPSTREAM_CACHE_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  // The staff console's own listener (server/staff/): off unless STAFF_PORT is set, loopback by default.
  STAFF_PORT: z.preprocess((value) => (value === "" ? undefined : value), z.coerce.number().int().min(1).max(65535).optional()),
  STAFF_HOST: z.string().min(1).default("127.0.0.1"),
});

// Read the same way by the upstream's settings (UPSTREAM_TRUST_PROXY), hence in shared/env/.
export { ConfigError, parseTrustProxy };

export const configEnv = upstreamEnv.extend(siteEnv.shape);

/** The site's two caches (server/cache/): how long answers and pages are kept, and their memory bound. */
export interface CacheSettings {
  /** How long a public upstream answer is served without asking again; 0 turns the cache off. */
  upstreamTtlMs: number;
  /** How much longer it may be served while one background call refreshes it. */
  upstreamStaleMs: number;
  /** How long a rendered anonymous page is served from memory; 0 turns the cache off. */
  pageTtlMs: number;
  /** Memory bound of the two caches together, in MB (half each). */
  maxMb: number;
}

/** The config as loaded: the upstream's URL is unset when the embedded upstream is still to be started. Its
 * type is inferred from the schema through siteConfig below, never restated by hand. */
export type SiteConfig = ReturnType<typeof siteConfig>;

/** The config once an upstream answers (UPSTREAM_URL, or the embedded one started by server/serve.ts):
 * what createApp and every upstream call take, so none of them checks or asserts the URL again. */
export type StartedConfig = SiteConfig & { upstreamUrl: string };

/** The config as loaded, before or after the upstream starts: what the steps that never call it take. */
export type Config = SiteConfig;

/**
 * Parses the environment once; a bad value throws a ConfigError with one line naming the variable. An
 * environment that names UPSTREAM_URL (tests, a remote upstream) gives a started config at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv & { UPSTREAM_URL: string }): Readonly<StartedConfig>;
export function loadConfig(env?: NodeJS.ProcessEnv): Readonly<SiteConfig>;
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<SiteConfig> {
  const e = parseEnvironment(
    configEnv.superRefine((values, ctx) => {
      checkTogether(values, ctx);
      checkStaffListener(values, ctx);
    }),
    env,
  );
  return deepFreeze(siteConfig(e));
}

/** The parsed environment as the site uses it; each derived value (the origin, Secure cookies) worked out here once. */
function siteConfig(e: z.output<typeof configEnv>) {
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  // The embedded upstream gets the site's origin (its default follows PORT), whatever its own default says.
  // A passkey's relying party is a host name, never an IP address: the default names localhost.
  const staffOrigin = e.STAFF_ORIGIN ?? (e.STAFF_PORT ? `http://localhost:${e.STAFF_PORT}` : undefined);
  const upstream: UpstreamEnv = { ...upstreamPart(e), PUBLIC_ORIGIN: publicOrigin, STAFF_ORIGIN: staffOrigin };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin,
    /** The site's origin, normalized (scheme, host and port only): what same-origin checks and absolute links use. */
    origin: new URL(publicOrigin).origin,
    /** Served over https: cookies get Secure, responses HSTS. */
    secure: publicOrigin.startsWith("https:"),
    /** Unset: the embedded upstream runs in a thread, and serve gets a started copy with its URL (withUpstreamUrl). */
    upstreamUrl: e.UPSTREAM_URL?.replace(/\/$/, ""),
    upstreamProvider: e.UPSTREAM_PROVIDER,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    /** How long a page waits for the upstream before the visitor gets a kept copy or the error page (504). */
    pageUpstreamTimeoutMs: e.PAGE_UPSTREAM_TIMEOUT_MS,
    websiteCode: e.WEBSITE_CODE,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    /** Express `trust proxy`: never `true` (see parseTrustProxy). */
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    /** Rendering workers (node:cluster) when above 1; the embedded upstream runs once, in the primary. */
    webConcurrency: e.WEB_CONCURRENCY,
    /** Rate limits live in Redis when set, so they hold across hosts. */
    redisUrl: e.REDIS_URL,
    /** Prometheus metrics on this port (0: none), on metricsHost, never on the public port. */
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    /** On SIGTERM, /readyz answers 503 this long before the listener closes, so balancers notice. */
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    previewSecret: e.PREVIEW_SECRET,
    /** The staff console (docs/decisions/024-staff-console.md): unset when STAFF_PORT is not set. The origin is
     * the one staff type in their browser (STAFF_ORIGIN, else http://localhost:STAFF_PORT): passkeys and the
     * console's same-origin check are bound to it. */
    staff: e.STAFF_PORT && staffOrigin ? { port: e.STAFF_PORT, host: e.STAFF_HOST, origin: staffOrigin } : undefined,
    caches: {
      upstreamTtlMs: e.UPSTREAM_CACHE_TTL_MS,
      upstreamStaleMs: e.UPSTREAM_CACHE_STALE_MS,
      pageTtlMs: e.PAGE_CACHE_TTL_MS,
      maxMb: e.CACHE_MAX_MB,
    } satisfies CacheSettings,
    /** The upstream's part, parsed: what the embedded upstream runs with (SMS, SMTP, staff token, content…). */
    upstream,
  };
}

/** The console never shares the public port, and it reads the embedded upstream's store (DATA_DIR): with a
 * remote upstream (UPSTREAM_URL) it runs on the upstream's host instead (docs/decisions/024-staff-console.md). */
function checkStaffListener(values: { STAFF_PORT?: number | undefined; PORT: number; UPSTREAM_URL?: string | undefined }, ctx: z.RefinementCtx): void {
  if (values.STAFF_PORT === undefined) return;
  if (values.STAFF_PORT === values.PORT)
    ctx.addIssue({ code: "custom", path: ["STAFF_PORT"], message: "must differ from PORT: the console never shares the public port" });
  else if (values.UPSTREAM_URL)
    ctx.addIssue({ code: "custom", path: ["STAFF_PORT"], message: "needs the embedded upstream's store: unset UPSTREAM_URL, or run the console on the upstream's host" });
}

/** The upstream's own variables out of the whole parsed environment. */
function upstreamPart(all: z.infer<typeof configEnv>): UpstreamEnv {
  return Object.fromEntries(Object.keys(upstreamEnv.shape).map((name) => [name, all[name as keyof typeof all]])) as UpstreamEnv;
}

/** The config once the embedded upstream listens: a new frozen object, never a change to the one passed around. */
export function withUpstreamUrl(config: Readonly<SiteConfig>, upstreamUrl: string): Readonly<StartedConfig> {
  return deepFreeze({ ...config, upstreamUrl });
}

/** Whether the config already names its upstream (UPSTREAM_URL): then nothing is started. */
export function isStarted(config: Readonly<SiteConfig>): config is Readonly<StartedConfig> {
  return config.upstreamUrl !== undefined;
}

/** A config that crossed a process boundary (a cluster worker's), frozen like the one it was copied from. */
export function freezeConfig(config: StartedConfig): Readonly<StartedConfig> {
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
