// A memo of i18next's t() for plain keys, for the server's renders. Each t() call resolves the key's
// namespace, fallbacks, nesting, context and plural forms afresh: about a quarter of a page's render time
// with the caches off (npm run bench). Most calls are plain keys (no count, no values to interpolate),
// whose answer depends only on the language, the namespaces and the key for as long as the resources stay
// the same, which on the server is the life of the process. A fixed t()'s call with string or number values
// to interpolate keeps the key's answer as a template (see interpolated); any other option goes to i18next.
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

// Options i18next reads for itself (plural forms, context, defaults, nesting…): a call with any of them is
// answered by i18next. Every other option is a value to interpolate.
const reservedOptions =
  /^(count|context|ordinal|default.*|returnObjects|returnDetails|joinArrays|postProcess|interpolation|skipInterpolation|replace|lngs?|ns|keyPrefix|fallbackLng|nsSeparator|keySeparator|appendNamespaceToMissingKey|appendNamespaceToCIMode)$/;
/** A key's answer with its values as markers, and the marker of each value; null: not a plain template. */
const templates = new LRUCache<string, { value: { text: string; markers: string[] } | null }>({ max: 5_000 });

/**
 * A call with values to interpolate ("Add {{part}}"): i18next's t() costs as much for each as a plain key's
 * lookup did, and a finder row makes three such calls (its part number in labels), so a page of 100 rows paid
 * for 300. The key's answer is made once with a marker for each value and kept; a call replaces the markers.
 * Only string and number values (no count, context or other i18next option); the first answer is checked
 * against i18next's own, and a key whose answer differs (a format, a nested key) goes to i18next always.
 */
function interpolated(fixed: (...args: unknown[]) => unknown, keyParts: string[], options: unknown): unknown {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return fixed(keyParts[3], options);
  const entries = Object.entries(options);
  if (!entries.length || entries.some(([name, value]) => reservedOptions.test(name) || (typeof value !== "string" && typeof value !== "number"))) {
    return fixed(keyParts[3], options);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const templateKey = ["template", ...keyParts, ...entries.map(([name]) => name)].join("\u0000");
  const fill = (template: { text: string; markers: string[] }) =>
    entries.reduce((text, [, value], index) => text.replaceAll(template.markers[index]!, () => String(value)), template.text);
  const kept = templates.get(templateKey);
  if (kept) return kept.value ? fill(kept.value) : fixed(keyParts[3], options);
  const markers = entries.map((_, index) => `\u0002${index}\u0003`);
  const text = fixed(keyParts[3], Object.fromEntries(entries.map(([name], index) => [name, markers[index]])));
  const answer = fixed(keyParts[3], options);
  const template = typeof text === "string" ? { text, markers } : null;
  templates.set(templateKey, { value: template && fill(template) === answer ? template : null });
  return answer;
}

/** Wraps this instance's t() (a request's clone) with the shared memo, and the t functions that
 * getFixedT makes (useTranslation, client/runtime/i18n-react.tsx): a plain call of those is answered before i18next
 * copies all of its options into the call's options, which cost as much as the lookup. A key with a
 * namespace prefix ("product:title") still goes through t(), where client/runtime/namespaces.ts records it; the
 * namespaces of useTranslation are recorded by useTranslation itself. */
export function memoizePlainKeys(instance: i18n): void {
  const nsSeparator = typeof instance.options.nsSeparator === "string" ? instance.options.nsSeparator : ":";
  const originalGetFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => ((...args: unknown[]) => unknown) & Record<string, unknown>;
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, ...more: unknown[]) => {
    const fixed = originalGetFixedT(lng, ns, keyPrefix, ...more);
    const lngPart = part(lng);
    const nsPart = part(ns);
    if (lngPart === null || nsPart === null || (keyPrefix !== undefined && typeof keyPrefix !== "string")) return fixed;
    const memoT = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      if (rest.length > 0 || typeof key !== "string" || key === "" || key.includes(nsSeparator)) return fixed(key, options, ...rest);
      if (options !== undefined) return interpolated(fixed, [lngPart || instance.language, nsPart, keyPrefix ?? "", key], options);
      const memoKey = ["fixed", lngPart || instance.language, nsPart, keyPrefix ?? "", key].join("\u0000");
      const kept = answers.get(memoKey);
      if (kept) return kept.value;
      const value = fixed(key);
      answers.set(memoKey, { value });
      return value;
    };
    // i18next reads these off a fixed t.
    for (const name of ["lng", "lngs", "ns", "keyPrefix"]) (memoT as unknown as Record<string, unknown>)[name] = fixed[name];
    return memoT;
  }) as unknown as i18n["getFixedT"];
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
