// Content files keep both languages side by side ({ zh, en }); answers carry one.
import type { Language } from "../../../shared/languages.ts";

function isLocalized(value: object): value is { zh: unknown; en: unknown } {
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes("zh") && keys.includes("en");
}

/** Replaces every { zh, en } pair in a content value by the text of one language. */
export function localize<T = unknown>(value: unknown, language: Language): T {
  if (Array.isArray(value)) return value.map((item) => localize(item, language)) as T;
  if (value && typeof value === "object") {
    if (isLocalized(value)) return localize(value[language], language);
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item, language)])) as T;
  }
  return value as T;
}
