// The browser's UI strings: a translator with i18next's rules for everything this site's locale files and
// components use (nested keys, "ns:key", plurals by count with _zero/_one/_other, {{name}} and {{- name}},
// defaultValue; a missing or empty string answers with its key), and none of the rest. i18next itself was 14 KB
// gzip of every page's first load (budget: 130 KB), for a dozen lines of it
// (docs/decisions/004-browser-translator.md). The server keeps i18next; both must answer alike or hydration fails,
// which test/unit/translator.test.ts checks for every string of both languages against i18next.
import type { TFunction } from "i18next";

export type Strings = Record<string, unknown>;

/** What client/runtime/i18n-react.tsx needs of an instance: this translator in the browser, i18next on the server. */
export interface I18nInstance {
  language: string;
  options: { defaultNS?: unknown };
  hasLoadedNamespace(namespace: string): boolean;
  loadNamespaces(namespaces: string | readonly string[]): Promise<unknown>;
  getFixedT(language: null, namespace: string): TFunction;
}

interface Options {
  count?: unknown;
  defaultValue?: unknown;
  [name: string]: unknown;
}

/** `load` brings a namespace the page did not embed (undefined: there is none). */
export function createTranslator(
  language: string,
  resources: Record<string, Strings>,
  load: (namespace: string) => Promise<Strings | undefined>,
  defaultNS = "common",
): I18nInstance {
  const store: Record<string, Strings> = { ...resources };
  // Asked for and answered (with strings or not): i18next counts a failed load as loaded too.
  const settled = new Set(Object.keys(resources));
  const pending = new Map<string, Promise<void>>();
  const plural = new Intl.PluralRules(language);

  function find(namespace: string, key: string): string | undefined {
    let node: unknown = store[namespace];
    for (const part of key.split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = (node as Strings)[part];
    }
    // i18next (returnEmptyString: false, returnObjects: false) takes neither "" nor an object as a string.
    return typeof node === "string" && node !== "" ? node : undefined;
  }

  function translate(namespace: string, rawKey: unknown, options?: Options): string {
    let key = String(rawKey);
    const colon = key.indexOf(":");
    if (colon > 0) {
      namespace = key.slice(0, colon);
      key = key.slice(colon + 1);
    }
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === "number") {
      // i18next's order: _zero (for 0), the language's form, the bare key, then _other.
      const suffix = `_${plural.select(count)}`;
      text = (count === 0 ? find(namespace, `${key}_zero`) : undefined) ?? find(namespace, key + suffix) ?? find(namespace, key);
      if (text === undefined && suffix !== "_other") text = find(namespace, `${key}_other`);
    } else {
      text = find(namespace, key);
    }
    if (text === undefined) text = typeof options?.defaultValue === "string" ? options.defaultValue : key;
    return options ? interpolate(text, options) : text;
  }

  return {
    language,
    options: { defaultNS },
    hasLoadedNamespace: (namespace) => settled.has(namespace),
    loadNamespaces(namespaces) {
      const wanted = (typeof namespaces === "string" ? [namespaces] : [...namespaces]).filter((namespace) => !settled.has(namespace));
      return Promise.all(
        wanted.map((namespace) => {
          let loading = pending.get(namespace);
          if (!loading) {
            loading = load(namespace).then(
              (strings) => {
                if (strings) store[namespace] = strings;
                settled.add(namespace);
              },
              () => void settled.add(namespace),
            );
            pending.set(namespace, loading);
          }
          return loading;
        }),
      );
    },
    getFixedT: (_language, namespace) => ((key: unknown, options?: Options) => translate(namespace, key, options)) as unknown as TFunction,
  };
}

/** {{name}} (and {{- name}}, the same without escaping, which this site never does): a missing variable
 * stays as written unless the options name it, as in i18next (skipOnVariables). */
export function interpolate(text: string, data: Options): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{-?\s*(.+?)\s*\}\}/g, (match, name: string) => {
    let value: unknown = data;
    for (const part of name.split(".")) value = value === null || typeof value !== "object" ? undefined : (value as Options)[part];
    if (value === undefined) return Object.hasOwn(data, name) ? "" : match;
    return value === null ? "" : String(value);
  });
}
