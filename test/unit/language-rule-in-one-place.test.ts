// The site's languages, the patterns that match a language prefix and the fallback for a request that names no
// language live in shared/languages.ts only: a source file that writes its own "(zh|en)" pattern, its own
// `=== "zh" || === "en"` check or its own literal fallback would drift from the list when a language is added.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root, sources } from "../helpers/sources.ts";
import type { RouteObject } from "react-router-dom";
import { routes } from "../../client/routes.tsx";
import { fallbackLanguage, isLanguage, languageAlternation, languageOfPath, languages, routeLanguage, splitLanguagePrefix } from "../../shared/languages.ts";
import { crossReferenceCsvPattern, isUserPage, matchCategoryCsv } from "../../shared/paths.ts";

const sourceDirs = ["client", "server", "shared", "scripts"];
const home = path.join("shared", "languages.ts");

/** A language list written out in a pattern: "(zh|en)" or "(en|zh)", with or without a group. */
const writtenPattern = /\(\??:?(zh\|en|en\|zh)\)/;
/** A language check or a fallback written as a literal instead of from the one list and rule. */
const writtenRule = [/===\s*"zh"\s*\|\|[^\n]*===\s*"en"/, /\.language\s*\?\?\s*"(zh|en)"/, /isLanguage\([^)]*\)\s*\?[^:\n]*:\s*"(zh|en)"/];

describe("the language rule lives in shared/languages.ts", () => {
  const files = sourceDirs.flatMap((dir) => sources(dir)).filter((file) => file !== home);

  it("no other source file writes the languages as a regular expression", () => {
    const offenders = files.filter((file) => writtenPattern.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("no other source file writes the language check or a fallback as a literal", () => {
    const offenders = files.flatMap((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      return writtenRule.filter((rule) => rule.test(text)).map((rule) => `${file}: ${rule}`);
    });
    expect(offenders).toEqual([]);
  });

  it("derives the check and the patterns from the list", () => {
    expect(languageAlternation).toBe(languages.join("|"));
    for (const language of languages) {
      expect(isLanguage(language)).toBe(true);
      expect(splitLanguagePrefix(`/${language}/news`)).toEqual({ language, rest: "/news" });
      expect(matchCategoryCsv(`/${language}/productAndService/products/12.csv`)).toEqual({ language, id: 12 });
      expect(crossReferenceCsvPattern.test(`/${language}/productAndService/crossReference.csv`)).toBe(true);
      expect(isUserPage(`/${language}/user/account`)).toBe(true);
    }
    for (const other of ["fr", "zhx", "", "ZH"]) expect(isLanguage(other)).toBe(false);
    expect(splitLanguagePrefix("/fr/news").language).toBeUndefined();
    expect(matchCategoryCsv("/fr/productAndService/products/12.csv")).toBeNull();
  });

  it("has one fallback per audience: pages zh (the site default), API answers en", () => {
    expect(fallbackLanguage).toEqual({ page: "zh", api: "en" });
    expect(languageOfPath("/en/news")).toBe("en");
    expect(languageOfPath("/news")).toBe(fallbackLanguage.page);
  });
});

describe("a loader's language is its route's", () => {
  /** Every route with its full pattern, as the router joins the matched paths and hands it to loaders and actions. */
  function patterns(list: readonly RouteObject[], parent = ""): Array<{ id: string; pattern: string }> {
    return list.flatMap((route) => {
      const joined = route.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}`;
      return [...(route.id ? [{ id: route.id, pattern: joined || "/" }] : []), ...patterns(route.children ?? [], joined)];
    });
  }

  it("every route of a language's tree gives that language from its pattern", () => {
    const found = patterns(routes).filter(({ id }) => id.includes("___"));
    expect(found.length).toBeGreaterThan(2 * 30);
    for (const { id, pattern } of found) expect(routeLanguage(pattern), `${id} at ${pattern}`).toBe(id.split("___")[1]);
  });

  it("no page module reads the language from its request's URL", () => {
    const readers = sources("client")
      .filter((file) => /languageOfPath\(|splitLanguagePrefix\([^)]*request/.test(readFileSync(path.join(root, file), "utf8")))
      .sort();
    expect(readers).toEqual([]);
  });
});
