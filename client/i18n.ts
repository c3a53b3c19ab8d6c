// UI strings in the browser: one i18next instance with the strings the server embedded (no fetch).
import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "../shared/languages.ts";
import type { Resources } from "./app-context.ts";

export function createClientI18n(language: Language, resources: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: resources },
    ns: Object.keys(resources),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
