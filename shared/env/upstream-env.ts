// The embedded upstream's part of the one environment schema. In shared/ because both sides read it: the site
// extends it, parses everything once and hands the upstream its parsed part; the upstream (which imports only
// shared/) parses it itself when it runs alone. Node only, read at start (docs/decisions/032-config-and-upstream-wiring.md).
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { trustProxySetting } from "./trust-proxy.ts";
import { isOrigin, unsetIfEmpty } from "./parse.ts";
import { isValidEmail } from "../forms/validation.ts";

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
  // PostgreSQL for what changes, shared by several upstream hosts (docs/decisions/044-store-interface-and-postgresql.md).
  DATABASE_URL: unsetIfEmpty(z.string().max(2000).refine(isPostgresUrl, "a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database)").optional()),
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
  // How long a host holds the e-mails it claimed from an outbox before any host may take them over: longer than a
  // batch takes to send (else a slow SMTP server's batch is claimed twice), short enough that a dead host's e-mails
  // are not late by much (docs/decisions/048-several-hosts.md).
  MAIL_LEASE_SECONDS: unsetIfEmpty(z.coerce.number().int().min(10).max(3600).default(120)),
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

/** A postgres:// or postgresql:// URL with a host. Never throws (see isOrigin). */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const aliyunCredentials = ["ALIYUN_SMS_ACCESS_KEY_ID", "ALIYUN_SMS_ACCESS_KEY_SECRET", "ALIYUN_SMS_SIGN_NAME", "ALIYUN_SMS_TEMPLATE_CODE"] as const;

/** Values that only hold together, checked in the same parse (so a missing one is the same one-line refusal):
 * SMS_PROVIDER=aliyun needs all four of its credentials. */
export function checkTogether(env: Pick<UpstreamEnv, "SMS_PROVIDER" | (typeof aliyunCredentials)[number]>, ctx: z.RefinementCtx): void {
  if (env.SMS_PROVIDER !== "aliyun") return;
  const missing = aliyunCredentials.find((name) => !env[name]);
  if (missing) ctx.addIssue({ code: "custom", path: [missing], message: "required when SMS_PROVIDER=aliyun, like the other three ALIYUN_SMS_* credentials" });
}
