// Settings of the embedded upstream: its part of the one environment schema, and the one-line error of a bad
// value. Here because the upstream imports nothing from the site server (DESIGN.md) and also runs alone; the
// site extends this schema, parses everything once, and hands the upstream its parsed part.
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { trustProxySetting, type TrustProxy } from "./trust-proxy.ts";
import { isValidEmail } from "../../shared/forms/validation.ts";

export const upstreamEnv = z.object({
  UPSTREAM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  UPSTREAM_HOST: z.string().default("127.0.0.1"),
  UPSTREAM_PROVIDER: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "lowercase letters, digits and - only")
    .default("qingyun"),
  WEBSITE_CODE: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/)
    .default("qingyun"),
  DATA_DIR: z.string().default("data"),
  // A content folder with the layout of server/upstream/content (a generated benchmark catalog); unset = the shipped one.
  CONTENT_DIR: unsetIfEmpty(
    z
      .string()
      .refine((dir) => existsSync(path.join(dir, "catalog", "products.json")), "a folder with catalog/products.json (npm run content:scale writes one)")
      .transform((dir) => path.resolve(dir))
      .optional(),
  ),
  // Who may tell the upstream the client's address (X-Forwarded-For): the site's host(s). The per-address
  // limits of sign-in codes and visitor forms count what this resolves to.
  UPSTREAM_TRUST_PROXY: trustProxySetting,
  // The origin visitors use: the Secure flag of the session cookie and the links in order e-mails.
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .refine(isOrigin, "must be an origin like https://www.example.com (no path)")
    .transform((value) => value.replace(/\/$/, ""))
    .default("http://localhost:3000"),
  // Sign-in codes, staff and preview (accounts module). Empty values count as unset (Docker, .env files).
  SMS_PROVIDER: unsetIfEmpty(z.enum(["console", "aliyun"], "console (codes in the log) or aliyun").default("console")),
  ALIYUN_SMS_ACCESS_KEY_ID: unsetIfEmpty(z.string().max(128).optional()),
  ALIYUN_SMS_ACCESS_KEY_SECRET: unsetIfEmpty(z.string().max(256).optional()),
  ALIYUN_SMS_SIGN_NAME: unsetIfEmpty(z.string().max(64).optional()),
  ALIYUN_SMS_TEMPLATE_CODE: unsetIfEmpty(
    z
      .string()
      .regex(/^SMS_\d+$/, "an Aliyun template code like SMS_123456789")
      .optional(),
  ),
  ALIYUN_SMS_ENDPOINT: unsetIfEmpty(z.string().url().default("https://dysmsapi.aliyuncs.com/")),
  ALIYUN_SMS_REGION: unsetIfEmpty(
    z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .default("cn-hangzhou"),
  ),
  SMTP_URL: unsetIfEmpty(
    z
      .string()
      .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
      .optional(),
  ),
  SMTP_HOST: unsetIfEmpty(z.string().max(253).optional()),
  SMTP_PORT: unsetIfEmpty(z.coerce.number().int().min(1).max(65535).default(587)),
  SMTP_USER: unsetIfEmpty(z.string().max(256).optional()),
  SMTP_PASS: unsetIfEmpty(z.string().max(256).optional()),
  MAIL_FROM: unsetIfEmpty(z.string().max(320).default("Qingyun Power Semiconductor <no-reply@qingyun-power.com>")),
  CODE_REQUESTS_PER_IP_PER_HOUR: unsetIfEmpty(z.coerce.number().int().min(1).max(100_000).default(30)),
  STAFF_TOKEN: unsetIfEmpty(z.string().min(24, "at least 24 characters (unset disables the staff API)").max(512).optional()),
  PREVIEW_SECRET: unsetIfEmpty(z.string().min(32, "at least 32 characters (unset disables preview tokens)").max(512).optional()),
  // Signs the unsubscribe link of every notice e-mail (docs/decisions/034-part-watches-and-notice-mail.md);
  // unset: notices cannot be published to watchers and no unsubscribe link is honoured.
  NOTICE_MAIL_SECRET: unsetIfEmpty(z.string().min(32, "at least 32 characters (unset disables notice e-mails)").max(512).optional()),
  // The company's side (docs/decisions/024-staff-console.md): who hears of a new contact message, where the
  // staff console is reached (the link in that e-mail, the passkeys' origin), how long leads are kept.
  SALES_MAIL_TO: unsetIfEmpty(
    z
      .string()
      .max(1000)
      .transform((value) => value.split(",").map((address) => address.trim().toLowerCase()))
      .refine((addresses) => addresses.every((address) => isValidEmail(address)), "one e-mail address or several separated by commas")
      .transform((addresses) => addresses.join(", "))
      .optional(),
  ),
  STAFF_ORIGIN: unsetIfEmpty(
    z
      .string()
      .url()
      .refine(isOrigin, "must be an origin like https://staff.example.internal (no path)")
      .transform((value) => value.replace(/\/$/, ""))
      .optional(),
  ),
  LEAD_RETENTION_DAYS: unsetIfEmpty(z.coerce.number().int().min(1).max(36_500).default(730)),
});
export type UpstreamEnv = z.infer<typeof upstreamEnv>;

/** A bad environment value; the message is one line naming the variable. */
export class ConfigError extends Error {}

// Values of these are never echoed into logs: they are, or may embed, credentials.
const secretName = /SECRET|PASS|TOKEN|KEY_ID|^REDIS_URL$|^SMTP_URL$/;

/** Parses an environment with a schema; a bad value throws one ConfigError line: `Invalid NAME ("value"): why`. */
export function parseEnvironment<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  const value = env[name];
  const shown = value === undefined || secretName.test(name) ? "" : ` (${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)})`;
  throw new ConfigError(`Invalid ${name}${shown}: ${issue.message.replace(/\s+/g, " ")}`);
}

const aliyunCredentials = ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"] as const;

/** Values that only hold together, checked in the same parse (so a missing one is the same one-line refusal):
 * SMS_PROVIDER=aliyun needs all four of its credentials. */
export function checkTogether(env: Pick<UpstreamEnv, "SMS_PROVIDER" | (typeof aliyunCredentials)[number]>, ctx: z.RefinementCtx): void {
  if (env.SMS_PROVIDER !== "aliyun") return;
  const missing = aliyunCredentials.find((name) => !env[name]);
  if (missing) ctx.addIssue({ code: "custom", path: [missing], message: "required when SMS_PROVIDER=aliyun, like the other three ALIYUN_SMS_* credentials" });
}

/** The upstream's part of the environment, parsed: what `npm run upstream` reads, or what the site hands over. */
export function parseUpstreamEnv(env: NodeJS.ProcessEnv = {}): UpstreamEnv {
  return parseEnvironment(upstreamEnv.superRefine(checkTogether), env);
}

/** An http(s) origin with nothing after it but an optional "/". Never throws: zod runs refinements even on a
 * value that failed .url(), and a throw would be a stack trace instead of the one-line refusal. */
export function isOrigin(value: string): boolean {
  try {
    return /^https?:\/\//.test(value) && new URL(value).origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

function unsetIfEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}

export interface UpstreamOptions {
  host: string;
  /** 0 = an ephemeral port. */
  port: number;
  provider: string;
  websiteCode: string;
  /** Folder of the database file; ":memory:" keeps everything in memory (tests only). */
  dataDir: string;
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
