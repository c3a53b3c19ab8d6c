// The environment, read once at start into one validated, typed config object.
import { z } from "zod";
import { upstreamEnv } from "./upstream/config.ts";
import { parseTrustProxy, trustProxySetting } from "./upstream/trust-proxy.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const siteEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine((value) => new URL(value).origin === value.replace(/\/$/, ""), "must be an origin like https://www.example.com (no path)")
    .optional(),
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
  // Several processes and hosts (issue 9 §5, §6).
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
});

// Kept with the upstream's settings, which read the same kind of value (UPSTREAM_TRUST_PROXY).
export { parseTrustProxy };

const configEnv = upstreamEnv.extend(siteEnv.shape);

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicOrigin: string;
  /** Unset: the embedded upstream runs in-process and this is filled in when it listens. */
  upstreamUrl: string | undefined;
  upstreamProvider: string;
  upstreamTimeoutMs: number;
  renderTimeoutMs: number;
  /** How long a page waits for the upstream before the visitor gets a kept copy or the error page (504). */
  pageUpstreamTimeoutMs: number;
  websiteCode: string;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  /** Express `trust proxy`: never `true` (see parseTrustProxy). */
  trustProxy: false | number | string[];
  rateLimitPerMinute: number;
  /** Rendering workers (node:cluster) when above 1; the embedded upstream runs once, in the primary. */
  webConcurrency: number;
  /** Rate limits live in Redis when set, so they hold across hosts. */
  redisUrl: string | undefined;
  /** Prometheus metrics on this port (0: none), on metricsHost, never on the public port. */
  metricsPort: number;
  metricsHost: string;
  /** On SIGTERM, /readyz answers 503 this long before the listener closes, so balancers notice. */
  shutdownDelayMs: number;
  previewSecret: string | undefined;
  /** The raw environment, handed to the embedded upstream for its own settings (SMS, SMTP, staff…). */
  rawEnv: NodeJS.ProcessEnv;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = env[name];
    throw new ConfigError(`Invalid ${name}${value === undefined ? "" : ` (${JSON.stringify(value)})`}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    upstreamUrl: e.UPSTREAM_URL?.replace(/\/$/, ""),
    upstreamProvider: e.UPSTREAM_PROVIDER,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    renderTimeoutMs: e.RENDER_TIMEOUT_MS,
    pageUpstreamTimeoutMs: e.PAGE_UPSTREAM_TIMEOUT_MS,
    websiteCode: e.WEBSITE_CODE,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webConcurrency: e.WEB_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    previewSecret: typeof env.PREVIEW_SECRET === "string" && env.PREVIEW_SECRET ? env.PREVIEW_SECRET : undefined,
    rawEnv: env,
  };
}
