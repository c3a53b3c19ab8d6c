import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, localizePath, splitLanguagePrefix } from "../../shared/languages.ts";

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["en-US,en;q=0.9", "en"],
    ["zh-CN,zh;q=0.9", "zh"],
    ["zh-Hant-TW", "zh"],
    ["fr;q=1,en;q=0.2", "en"],
    ["en;q=0.3,zh;q=0.8", "zh"],
    ["en;q=0", undefined],
    ["fr-FR", undefined],
    ["", undefined],
  ])("%s → %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("splitLanguagePrefix and localizePath", () => {
  it("splits only a whole first segment", () => {
    expect(splitLanguagePrefix("/en/news/x")).toEqual({ language: "en", rest: "/news/x" });
    expect(splitLanguagePrefix("/zh")).toEqual({ language: "zh", rest: "/" });
    expect(splitLanguagePrefix("/english")).toEqual({ language: undefined, rest: "/english" });
  });
  it("prefixes site paths and leaves absolute URLs", () => {
    expect(localizePath("/", "en")).toBe("/en");
    expect(localizePath("/about/us", "zh")).toBe("/zh/about/us");
    expect(localizePath("about/us", "zh")).toBe("/zh/about/us");
    expect(localizePath("https://example.com/x", "zh")).toBe("https://example.com/x");
    expect(localizePath("//cdn.example.com/x", "zh")).toBe("//cdn.example.com/x");
  });
});
