// UI strings on the server: i18next with the locales/ files and i18next-http-middleware, which gives
// every request its own instance (req.i18n). Detection follows SPEC §2 in one custom detector.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type i18n } from "i18next";
import { LanguageDetector, handle } from "i18next-http-middleware";
import type { Request, Response } from "express";
import { defaultLanguage, languages, type Language } from "../../shared/languages.ts";
import { requestLanguage } from "./request-language.ts";
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

export async function createServerI18n(resources: Record<Language, Resources>): Promise<i18n> {
  const detector = new LanguageDetector();
  // The request's language as createApp decided it (server/http/request-language.ts): i18next does not decide again.
  detector.addDetector({ name: "qingyun", lookup: (req, res) => requestLanguage(req as unknown as Request, res as unknown as Response).language });
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
