// A memo of i18next's t() for plain keys, for the server's renders. Each t() call resolves the key's
// namespace, fallbacks, nesting, context and plural forms afresh: about a quarter of a page's render time
// with the caches off (issue 9 §8 bench). Most calls are plain keys (no count, no values to interpolate),
// whose answer depends only on the language, the namespaces and the key for as long as the resources stay
// the same, which on the server is the life of the process. A call with any other option goes to i18next.
// Not used in the browser, where namespaces arrive after hydration and change the answers.
import type { i18n } from "i18next";
import { LRUCache } from "lru-cache";

const plainOptions = new Set(["lng", "lngs", "ns", "keyPrefix"]);
// Shared by every request's instance (they share one resource store); bounded, since keys can come from data.
const answers = new LRUCache<string, { value: unknown }>({ max: 20_000 });

function part(value: unknown): string | null {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join("\u0001");
  return null;
}

/** The memo's key for a plain call, or null when the call has any other option. */
export function plainKey(key: unknown, options: unknown, language: string): string | null {
  const keyPart = part(key);
  if (keyPart === null || keyPart === "") return null;
  const parts = [language, keyPart];
  if (options !== undefined && options !== null) {
    if (typeof options !== "object") return null;
    for (const [name, value] of Object.entries(options)) {
      if (!plainOptions.has(name)) return null;
      const valuePart = part(value);
      if (valuePart === null) return null;
      parts.push(`${name}=${valuePart}`);
    }
  }
  return parts.join("\u0000");
}

/** Wraps this instance's t() (a request's clone) with the shared memo. */
export function memoizePlainKeys(instance: i18n): void {
  const original = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  instance.t = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const memoKey = rest.length === 0 ? plainKey(key, options, instance.language) : null;
    if (memoKey === null) return original(key, options, ...rest);
    const kept = answers.get(memoKey);
    if (kept) return kept.value;
    const value = original(key, options);
    answers.set(memoKey, { value });
    return value;
  }) as unknown as i18n["t"];
}
