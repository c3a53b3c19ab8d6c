// UI strings in the browser: one translator (client/runtime/translator.ts) with the namespaces the server embedded
// (those the page used); the language's other namespaces load as small chunks after hydration
// (client/runtime/namespaces.ts).
import { createTranslator, type I18nInstance, type Strings } from "./translator.ts";
import type { Language } from "../../shared/languages.ts";
import type { Resources } from "../../shared/locales.ts";

/** Every namespace file, as a lazy chunk: the HTML embeds only the namespaces its page used. */
const namespaceFiles = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json");

function namespaceFile(language: string, namespace: string) {
  return namespaceFiles[`../../locales/${language}/${namespace}.json`];
}

/** All namespaces of a language (for loading the ones the page did not embed). */
export function allNamespaces(language: Language): string[] {
  const prefix = `../../locales/${language}/`;
  return Object.keys(namespaceFiles)
    .filter((file) => file.startsWith(prefix))
    .map((file) => file.slice(prefix.length, -".json".length));
}

export function createClientI18n(language: Language, resources: Resources): I18nInstance {
  // The embedded namespaces are used as they are; the others are imported when asked for.
  return createTranslator(language, resources as Record<string, Strings>, async (namespace) => (await namespaceFile(language, namespace)?.())?.default);
}
