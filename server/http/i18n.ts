// UI strings on the server: i18next with the locales/ files and i18next-http-middleware, which gives
// every request its own instance (req.i18n). Detection follows SPEC §2 in one custom detector.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type i18n } from "i18next";
import { LanguageDetector, handle } from "i18next-http-middleware";
import type { Request } from "express";
import { defaultLanguage, isLanguage, languageCookie, languageFromAcceptLanguage, languages, splitLanguagePrefix, type Language } from "../../shared/languages.ts";
import type { Resources } from "../../shared/locales.ts";

const localesDir = path.resolve(import.meta.dirname, "../..", "locales");

export function loadResources(): Record<Language, Resources> {
  const result = {} as Record<Language, Resources>;
  for (const language of languages) {
    const dir = path.join(localesDir, language);
    result[language] = Object.fromEntries(
      readdirSync(dir)
        .filter((name) => name.endsWith(".json"))
        .map((name) => [name.slice(0, -5), JSON.parse(readFileSync(path.join(dir, name), "utf8")) as Record<string, unknown>]),
    );
  }
  return result;
}

/** SPEC §2: the URL prefix, then the cookie, then (on the root path only) the browser's language, then zh. */
export function detectLanguage(req: Pick<Request, "path" | "headers"> & { cookies?: Record<string, string> }): Language {
  const { language } = splitLanguagePrefix(req.path);
  if (language) return language;
  const cookie = req.cookies?.[languageCookie];
  if (isLanguage(cookie)) return cookie;
  if (req.path === "/") return languageFromAcceptLanguage(req.headers["accept-language"]) ?? defaultLanguage;
  return defaultLanguage;
}

export async function createServerI18n(resources: Record<Language, Resources>): Promise<i18n> {
  const detector = new LanguageDetector();
  detector.addDetector({ name: "qingyun", lookup: (req) => detectLanguage(req as unknown as Request) });
  const instance = i18next.createInstance();
  await instance.use(detector).init({
    resources,
    supportedLngs: [...languages],
    fallbackLng: defaultLanguage,
    ns: Object.keys(resources[defaultLanguage]),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    detection: { order: ["qingyun"], caches: false },
    initAsync: false,
  });
  return instance;
}

export function i18nMiddleware(instance: i18n) {
  return handle(instance);
}
