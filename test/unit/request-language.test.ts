// The request's language, decided once (server/http/request-language.ts, docs/decisions/030-request-language.md):
// SPEC §2's order, and every later step reading that one decision.
import { describe, expect, it } from "vitest";
import type { Request, Response } from "express";
import { decideRequestLanguage, requestLanguage, requestLanguageStep, rewroteToLanguage } from "../../server/http/request-language.ts";
import { fallbackLanguage, languageCookie } from "../../shared/languages.ts";

const req = (path: string, cookie?: string, acceptLanguage?: string) =>
  ({ path, headers: acceptLanguage ? { "accept-language": acceptLanguage } : {}, cookies: cookie ? { [languageCookie]: cookie } : {} }) as unknown as Request;
const res = () => ({ locals: {} }) as unknown as Response;

describe("the request's language", () => {
  it("is the prefix, then the cookie, then on the root only the browser's, then the page fallback", () => {
    expect(decideRequestLanguage(req("/en/news", "zh", "zh-CN"))).toEqual({ prefix: "en", language: "en" });
    expect(decideRequestLanguage(req("/news", "en", "zh-CN"))).toEqual({ prefix: undefined, language: "en" });
    expect(decideRequestLanguage(req("/", undefined, "en-GB,zh;q=0.5"))).toEqual({ prefix: undefined, language: "en" });
    expect(decideRequestLanguage(req("/news", undefined, "en-GB"))).toEqual({ prefix: undefined, language: fallbackLanguage.page });
    expect(decideRequestLanguage(req("/", "fr", "de"))).toEqual({ prefix: undefined, language: fallbackLanguage.page });
    expect(decideRequestLanguage(req("/english/news")).prefix).toBeUndefined();
  });

  it("is decided by the step and read, not decided again, by the steps after it", () => {
    const request = req("/en/news");
    const response = res();
    requestLanguageStep()(request, response, () => {});
    expect(requestLanguage(request, response)).toEqual({ prefix: "en", language: "en" });
    // A later rewrite of the path does not change it; only language routing's own rewrite does.
    (request as { path: string }).path = "/zh/news";
    expect(requestLanguage(request, response).language).toBe("en");
    rewroteToLanguage(response, "zh");
    expect(requestLanguage(request, response)).toEqual({ prefix: "zh", language: "zh" });
  });
});
