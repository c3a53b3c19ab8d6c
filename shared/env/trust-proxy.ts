// Express's `trust proxy` setting read from the environment, for the site (TRUST_PROXY) and the upstream
// (UPSTREAM_TRUST_PROXY) alike. In shared/ because the upstream imports nothing from the site server; node only.
import { isIP } from "node:net";
import { z } from "zod";

export type TrustProxy = false | number | string[];

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * "false", a hop count, or a comma-separated list of named ranges (loopback, linklocal, uniquelocal),
 * addresses and CIDR ranges. Never "true" or a range that covers everyone: then any client could claim
 * any address and scheme in X-Forwarded-*.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim();
  if (text === "false") return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops <= 10 ? hops : { error: "a hop count must be 0 to 10" };
  }
  const items = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (!items.length) return { error: "must not be empty" };
  for (const item of items) {
    if (namedRanges.has(item)) continue;
    const [address, prefix, extra] = item.split("/");
    const family = isIP(address ?? "");
    const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
    if (!family || extra !== undefined || Number.isNaN(bits) || (bits !== null && (bits < 1 || bits > (family === 4 ? 32 : 128)))) {
      return { error: `"${item}" is not loopback, linklocal, uniquelocal, an address or a CIDR range (never true: trust only your proxies)` };
    }
  }
  return items;
}

/** The environment variable's schema: a string in, a checked `trust proxy` value out (default loopback). */
export const trustProxySetting = z
  .string()
  .default("loopback")
  .transform((value, context): TrustProxy => {
    const parsed = parseTrustProxy(value);
    if (typeof parsed === "object" && !Array.isArray(parsed) && parsed !== null) {
      context.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }
    return parsed;
  });
