// Both languages always: every UI string key exists in zh and en, and no value is empty.
import { describe, expect, it } from "vitest";
import { loadResources } from "../../server/http/i18n.ts";

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => keys(item, `${prefix}${key}.`));
  return [prefix.slice(0, -1)];
}

describe("locales", () => {
  const resources = loadResources();
  it("have the same namespaces and keys in zh and en", () => {
    expect(Object.keys(resources.zh).sort()).toEqual(Object.keys(resources.en).sort());
    for (const namespace of Object.keys(resources.zh)) {
      expect(keys(resources.en[namespace]).sort(), namespace).toEqual(keys(resources.zh[namespace]).sort());
    }
  });
  it("have no empty strings", () => {
    for (const language of ["zh", "en"] as const) {
      for (const [namespace, strings] of Object.entries(resources[language])) {
        const flat = JSON.stringify(strings);
        expect(flat, `${language}/${namespace}`).not.toMatch(/:""/);
      }
    }
  });
});
