import { describe, expect, it } from "vitest";
import { loginHref, parseLoginQuery, publicReturnTarget, safeReturnPath, signInTarget, writeLoginQuery } from "../../shared/http/return-path.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/user/sampleList", "/user/sampleList"],
    ["/productAndService/productDetail/QY120N040B?x=1#docs", "/productAndService/productDetail/QY120N040B?x=1#docs"],
    ["/search?text=%E5%8A%9F%E7%8E%87", "/search?text=%E5%8A%9F%E7%8E%87"],
    ["/en/about/us", "/about/us"],
    ["/zh", "/"],
    ["/news/a..b/.x/...", "/news/a..b/.x/..."],
    ["/search?text=../..", "/search?text=../.."],
    ["/", "/"],
  ])("keeps the same-site path %s", (raw, expected) => expect(safeReturnPath(raw)).toBe(expected));

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["not a string", ["/a"]],
    ["relative", "user/sampleList"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash host", "/\\evil.example"],
    ["backslash anywhere", "/a\\b"],
    ["scheme", "https://evil.example/"],
    ["javascript scheme", "javascript:alert(1)"],
    ["data scheme", "data:text/html,x"],
    ["encoded slashes", "%2F%2Fevil.example"],
    ["encoded second slash", "/%2Fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["double-encoded slash", "/%252Fevil.example"],
    ["encoded scheme", "https%3A%2F%2Fevil.example"],
    ["leading whitespace", " /x"],
    ["tab inside", "/\t/evil.example"],
    ["newline inside", "/x\nSet-Cookie: a=b"],
    ["encoded newline", "/x%0d%0aLocation:%20//evil.example"],
    ["encoded tab before slash", "/%09/evil.example"],
    ["malformed escape", "/%E0%A4%A"],
    ["too long", `/${"a".repeat(1001)}`],
    ["dot segments out of the language prefix", "/zh/../..//evil.example"],
    ["dot segments without a prefix", "/../..//evil.example"],
    ["a trailing dot segment", "/en/news/.."],
    ["a single-dot segment", "/./user/sampleList"],
    ["encoded dot segments", "/zh/%2e%2e/%2E%2E//evil.example"],
    ["double-encoded dot segments", "/zh/%252e%252e/..//evil.example"],
    ["a second slash after the prefix", "/zh//evil.example"],
  ])("sends %s to the language home", (_name, raw) => expect(safeReturnPath(raw)).toBe("/"));
});

describe("signInTarget and loginHref", () => {
  it("prefixes the language and falls back to its home", () => {
    expect(signInTarget("en", "/user/sampleProgress?status=shipped")).toBe("/en/user/sampleProgress?status=shipped");
    expect(signInTarget("zh", "//evil.example")).toBe("/zh");
    expect(signInTarget("zh", undefined)).toBe("/zh");
    expect(signInTarget("zh", "/zh/../..//evil.example")).toBe("/zh");
    expect(loginHref("en", "/en/../..//evil.example")).toBe("/en/login");
  });
  it("carries the visitor's path, encoded, to the login page", () => {
    expect(loginHref("zh", "/zh/user/orderDetail/QY20261122-0001")).toBe("/zh/login?path=%2Fuser%2ForderDetail%2FQY20261122-0001");
    expect(loginHref("en", "/en")).toBe("/en/login");
  });
});

describe("redirect targets outside ASCII", () => {
  // A Location header carries bytes: each target is percent-encoded UTF-8, and escapes already there stay.
  it.each([
    ["Chinese", "/。x", "/en/%E3%80%82x"],
    ["a Chinese query", "/search?text=碳化硅", "/en/search?text=%E7%A2%B3%E5%8C%96%E7%A1%85"],
    ["spaces", "/search?text=SiC MOSFET", "/en/search?text=SiC%20MOSFET"],
    ["an emoji and a hash with a space", "/news?x=😀#a b", "/en/news?x=%F0%9F%98%80#a%20b"],
    ["percent-encoded bytes", "/search?text=%E7%A2%B3", "/en/search?text=%E7%A2%B3"],
    ["an encoded percent sign", "/search?text=100%25", "/en/search?text=100%25"],
  ])("encodes %s", (_name, raw, expected) => {
    expect(signInTarget("en", raw)).toBe(expected);
    expect(publicReturnTarget("en", raw)).toBe(expected);
    expect(() => new Headers({ Location: signInTarget("en", raw) })).not.toThrow();
  });
  it("still refuses other whitespace and C1 controls", () => {
    for (const raw of ["/a\u3000b", "/a\u00a0b", "/a\u0085b", "/a%C2%85b"]) expect(safeReturnPath(raw)).toBe("/");
  });
});

describe("login query", () => {
  it("parses the tab (SMS by default) and the safe path, and writes them back", () => {
    expect(parseLoginQuery(new URLSearchParams("tab=email&path=%2Fuser%2FsampleList"))).toEqual({ tab: "email", path: "/user/sampleList" });
    expect(parseLoginQuery(new URLSearchParams("tab=fax&path=//evil"))).toEqual({ tab: "sms", path: "/" });
    expect(writeLoginQuery({ tab: "email", path: "/user/sampleList" })).toBe("?path=%2Fuser%2FsampleList&tab=email");
    expect(writeLoginQuery({ tab: "sms", path: "/" })).toBe("");
  });
});

describe("publicReturnTarget", () => {
  it("goes back to the page, but home from a signed-in page, with or without a query", () => {
    expect(publicReturnTarget("en", "/about/us?x=1")).toBe("/en/about/us?x=1");
    expect(publicReturnTarget("zh", "/user/sampleList")).toBe("/zh");
    expect(publicReturnTarget("zh", "/user/sampleProgress?status=pending")).toBe("/zh");
    expect(publicReturnTarget("en", "/en/user/orderDetail/QY20261122-0001")).toBe("/en");
    expect(publicReturnTarget("en", "//evil.example")).toBe("/en");
  });
});
