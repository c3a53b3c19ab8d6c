// UI strings in the browser: one i18next instance with the namespaces the server embedded (those the page
// used); the language's other namespaces load as small chunks after hydration (client/namespaces.ts).
import i18next, { type i18n } from "i18next";
import type { Language } from "../shared/languages.ts";
import type { Resources } from "./app-context.ts";

/** Every namespace file, as a lazy chunk: the HTML embeds only the namespaces its page used. */
const namespaceFiles = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

function namespaceFile(language: string, namespace: string) {
  return namespaceFiles[`../locales/${language}/${namespace}.json`];
}

/** All namespaces of a language (for loading the ones the page did not embed). */
export function allNamespaces(language: Language): string[] {
  const prefix = `../locales/${language}/`;
  return Object.keys(namespaceFiles)
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length, -".json".length));
}

/** i18next backend: a namespace not embedded in the page is imported as its own small chunk. */
const lazyNamespaces = {
  type: "backend" as const,
  init() {},
  read(language: string, namespace: string, callback: (error: unknown, data?: Record<string, unknown> | boolean) => void) {
    const load = namespaceFile(language, namespace);
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error, false),
    );
  },
};

export function createClientI18n(language: Language, resources: Resources): i18n {
  const instance = i18next.createInstance();
  void instance.use(lazyNamespaces).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: resources },
    // The embedded namespaces are used as they are; others come from the backend when asked for.
    partialBundledLanguages: true,
    ns: Object.keys(resources),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
