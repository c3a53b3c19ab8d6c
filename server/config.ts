// The environment, read once at start into one validated, typed config object.
import { z } from "zod";
import { upstreamEnv } from "./upstream/config.ts";

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
  LOG_LEVEL: z.enum(logLevels).default("info"),
  TRUST_PROXY: z.string().default("loopback"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
});

export const configEnv = upstreamEnv.extend(siteEnv.shape);

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
  websiteCode: string;
  dataDir: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: string;
  rateLimitPerMinute: number;
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
    websiteCode: e.WEBSITE_CODE,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    previewSecret: typeof env.PREVIEW_SECRET === "string" && env.PREVIEW_SECRET ? env.PREVIEW_SECRET : undefined,
    rawEnv: env,
  };
}
