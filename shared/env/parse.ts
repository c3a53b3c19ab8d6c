// Reading the environment: one schema parse, and a bad value refused in one line naming the variable. Shared
// by the site's config (server/config/) and the upstream's (server/upstream/config.ts), which imports only shared/.
import { z } from "zod";

/** A bad environment value; the message is one line naming the variable. */
export class ConfigError extends Error {}

// Values of these are never echoed into logs: they are, or may embed, credentials.
const secretName = /SECRET|PASS|TOKEN|KEY_ID|^REDIS_URL$|^SMTP_URL$|^DATABASE_URL$/;

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

/** An http(s) origin with nothing after it but an optional "/". Never throws: zod runs refinements even on a
 * value that failed .url(), and a throw would be a stack trace instead of the one-line refusal. */
export function isOrigin(value: string): boolean {
  try {
    return /^https?:\/\//.test(value) && new URL(value).origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/** Empty values count as unset (Docker, .env files). */
export function unsetIfEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema);
}
