// The request's language, decided once, early in createApp, and read by every later step (the request guard, the
// refusal page, the page cache's facts, the i18n detector, language routing, the page observer, the page form
// steps, the CSV limit): docs/decisions/030-request-language.md. The rule itself is SPEC §2's, written here only.
import type { NextFunction, Request, Response } from "express";
import { fallbackLanguage, isLanguage, languageCookie, languageFromAcceptLanguage, splitLanguagePrefix, type Language } from "../../shared/languages.ts";

export interface RequestLanguage {
  /** The path's language prefix: a page under /zh or /en (or a post to one); undefined for any other path. */
  readonly prefix: Language | undefined;
  /** The visitor's language: the prefix, then the language cookie, then (on the root path only) the browser's, then the page fallback. */
  readonly language: Language;
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by requestLanguageStep, and again by language routing when it rewrites an unprefixed path. */
      requestLanguage?: RequestLanguage;
    }
  }
}

/** SPEC §2's rule for one request: the URL prefix, then the cookie, then (on the root path only) the browser's language, then zh. */
export function decideRequestLanguage(req: Pick<Request, "path" | "headers"> & { cookies?: Record<string, unknown> }): RequestLanguage {
  const { language: prefix } = splitLanguagePrefix(req.path);
  if (prefix) return { prefix, language: prefix };
  const cookie = req.cookies?.[languageCookie];
  if (isLanguage(cookie)) return { prefix, language: cookie };
  const browser = req.path === "/" ? languageFromAcceptLanguage(req.headers["accept-language"]) : undefined;
  return { prefix, language: browser ?? fallbackLanguage.page };
}

/** The createApp step, right after the cookies are parsed: the language is decided here and nowhere after. */
export function requestLanguageStep() {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestLanguage = decideRequestLanguage(req);
    next();
  };
}

/** The request's language as the step decided it (a handler mounted alone, in a test, decides it from its own path). */
export function requestLanguage(req: Request, res: Response): RequestLanguage {
  return res.locals.requestLanguage ?? decideRequestLanguage(req);
}

/** Language routing answered an unprefixed path with the page at `/{language}…`: from here on it is that page's request. */
export function rewroteToLanguage(res: Response, language: Language): void {
  res.locals.requestLanguage = { prefix: language, language };
}
