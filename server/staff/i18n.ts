// The console's UI strings: locales/*/staff.json through i18next, one instance per language made once.
// Interpolation does not escape: React escapes every value it renders, and nothing here is written as HTML.
import i18next, { type TFunction } from "i18next";
import { languages, type Language } from "../../shared/languages.ts";
import { loadResources } from "../http/i18n.ts";

export type StaffT = TFunction<"staff">;

export function createStaffTranslators(): Record<Language, StaffT> {
  const resources = loadResources();
  const result = {} as Record<Language, StaffT>;
  for (const language of languages) {
    const instance = i18next.createInstance();
    void instance.init({
      // The order statuses are the site's own labels (locales/*/user.json "status"), read as "user:status.x".
      resources: { [language]: { staff: resources[language].staff ?? {}, user: resources[language].user ?? {} } },
      lng: language,
      ns: ["staff", "user"],
      defaultNS: "staff",
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    result[language] = instance.getFixedT(language, "staff") as StaffT;
  }
  return result;
}
