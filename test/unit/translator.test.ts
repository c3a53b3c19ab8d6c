// The browser's translator (client/runtime/translator.ts) against the server's i18next: for every string of both
// languages, bare, with counts (plural forms) and with its variables, both must answer alike, or every
// page that shows the string would fail to hydrate.
import { describe, expect, it } from "vitest";
import { createTranslator, interpolate, type Strings } from "../../client/runtime/translator.ts";
import { createServerI18n, loadResources } from "../../server/http/i18n.ts";
import { languages } from "../../shared/languages.ts";

const resources = loadResources();
const server = await createServerI18n(resources);

type Plain = (key: string, options?: object) => string;

/** Every key of a namespace, plural forms folded onto their base key. */
function keysOf(strings: Strings, prefix = ""): string[] {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(strings)) {
    const path = prefix + name;
    if (value && typeof value === "object") for (const key of keysOf(value as Strings, `${path}.`)) keys.add(key);
    else keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
  }
  return [...keys];
}

/** A value for every {{variable}} a string of the namespace names. */
function variablesOf(strings: Strings): Record<string, string> {
  const names = JSON.stringify(strings).match(/\{\{-?\s*[^}]+?\s*\}\}/g) ?? [];
  return Object.fromEntries(names.map((match) => [match.replace(/[{}\-\s]/g, ""), `«${match.replace(/[{}\-\s]/g, "")}»`]));
}

describe("the browser's translator", () => {
  for (const language of languages) {
    it(`answers every ${language} string as i18next does, bare, with counts and with variables`, () => {
      const fixed = server.cloneInstance({ lng: language, initAsync: false });
      const translator = createTranslator(language, resources[language] as Record<string, Strings>, async () => undefined);
      let compared = 0;
      for (const [namespace, strings] of Object.entries(resources[language])) {
        const ours = translator.getFixedT(null, namespace) as unknown as Plain;
        const theirs = fixed.getFixedT(null, namespace) as unknown as Plain;
        const variables = variablesOf(strings as Strings);
        for (const key of keysOf(strings as Strings)) {
          const calls: [string, Record<string, unknown>?][] = [
            [key],
            [key, variables],
            [key, { ...variables, count: 0 }],
            [key, { ...variables, count: 1 }],
            [key, { ...variables, count: 2 }],
            [key, { ...variables, count: 5 }],
          ];
          for (const [k, options] of calls) {
            expect(ours(k, options), `${language} ${namespace}:${k} ${JSON.stringify(options)}`).toBe(theirs(k, options));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(1000);
    });
  }

  it("answers missing keys, namespaced keys, default values and missing variables as i18next does", () => {
    const fixed = server.cloneInstance({ lng: "en", initAsync: false });
    const translator = createTranslator("en", resources.en as Record<string, Strings>, async () => undefined);
    const ours = translator.getFixedT(null, "common") as unknown as Plain;
    const theirs = fixed.getFixedT(null, "common") as unknown as Plain;
    const loginKey = keysOf(resources.en.login as Strings)[0]!;
    for (const [key, options] of [
      ["no.such.key", undefined],
      ["no.such.key", { defaultValue: "Fallback {{name}}", name: "x" }],
      ["no.such.key", { defaultValue: "" }],
      [`login:${loginKey}`, undefined],
      ["home", { unused: 1 }],
    ] as [string, object | undefined][]) {
      expect(ours(key, options), key).toBe(theirs(key, options));
    }
  });

  it("keeps a variable the options do not name, empties one they name as undefined or null", () => {
    expect(interpolate("{{a}} and {{ b }} and {{- c}}", { a: 1, b: null, c: "<i>" })).toBe("1 and  and <i>");
    expect(interpolate("{{missing}}!", {})).toBe("{{missing}}!");
    expect(interpolate("{{named}}!", { named: undefined })).toBe("!");
  });

  it("loads a namespace once when asked, and counts a failed load as loaded (its strings answer with their keys)", async () => {
    let loads = 0;
    const translator = createTranslator("en", { common: resources.en.common as Strings }, async (namespace) => {
      loads++;
      if (namespace === "broken") throw new Error("offline");
      return resources.en[namespace] as Strings;
    });
    expect(translator.hasLoadedNamespace("catalog")).toBe(false);
    await Promise.all([translator.loadNamespaces("catalog"), translator.loadNamespaces(["catalog", "broken"])]);
    expect(loads).toBe(2);
    expect(translator.hasLoadedNamespace("catalog")).toBe(true);
    expect(translator.hasLoadedNamespace("broken")).toBe(true);
    const key = keysOf(resources.en.catalog as Strings)[0]!;
    const text = server.cloneInstance({ lng: "en", initAsync: false }).getFixedT(null, "catalog")(key);
    expect(text).not.toBe(key);
    expect(translator.getFixedT(null, "catalog")(key)).toBe(text);
    expect(translator.getFixedT(null, "broken")("anything")).toBe("anything");
  });
});
