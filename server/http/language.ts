// Language routing of unprefixed paths (SPEC §2, DESIGN.md step 2): "/" → the cookie's language, the
// browser's, or zh; any other real route → the cookie's language or zh, query kept; unknown → 404. It is
// also the one place paths are normalised: a trailing slash is a permanent redirect to the path without it.
import type { NextFunction, Request, Response } from "express";
import { languageCookie, languageCookieMaxAgeMs, localizePath, type Language } from "../../shared/languages.ts";
import { requestLanguage, rewroteToLanguage } from "./request-language.ts";
import { privateNoStore } from "../../shared/http/user-pages.ts";
import { sendPlainNotFound } from "./not-found.ts";

/**
 * The language cookie, set by the server only where the language is chosen: the root redirect (private,
 * never cached). A page never sets it: anonymous pages are cacheable, and a cached Set-Cookie would be
 * replayed to everyone; the page's own script remembers its language (client/runtime/remember-language.ts).
 */
function rememberLanguage(req: Request, res: Response, language: Language, secure: boolean) {
  if (req.cookies?.[languageCookie] === language) return;
  res.cookie(languageCookie, language, { maxAge: languageCookieMaxAgeMs, path: "/", sameSite: "lax", secure });
}

function redirect(res: Response, location: string) {
  // The answer depends on the cookie and the browser's language: no shared cache may keep it.
  res.setHeader("Vary", "Cookie, Accept-Language");
  res.setHeader("Cache-Control", privateNoStore);
  res.redirect(302, location);
}

/** The canonical form of a path with trailing slashes ("/zh/news/" → "/zh/news"), or null when it has none.
 *  Leading slashes and backslashes collapse to one "/", so "//evil.example/" stays on this host. */
export function withoutTrailingSlash(pathname: string): string | null {
  if (pathname === "/" || !/[/\\]$/.test(pathname)) return null;
  return `/${pathname.replace(/^[/\\]+/, "").replace(/[/\\]+$/, "")}`;
}

export function languageRouting(isKnownPath: (pathname: string, res: Response) => Promise<boolean> | boolean, options: { secure: boolean }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = req.originalUrl.slice(req.originalUrl.indexOf("?") === -1 ? req.originalUrl.length : req.originalUrl.indexOf("?"));
    // One URL per page: "/x/" would render "/x" with relative links resolved one level too deep ("/120/.csv").
    const canonical = withoutTrailingSlash(req.path);
    if (canonical !== null) {
      res.setHeader("Cache-Control", "public, max-age=3600");
      return res.redirect(301, `${canonical}${query}`);
    }
    // The request's language (server/http/request-language.ts): the cookie's or zh; on "/" the browser's before zh.
    const { prefix, language } = requestLanguage(req, res);
    if (prefix) return next();
    if (req.path === "/") {
      rememberLanguage(req, res, language, options.secure);
      return redirect(res, `/${language}${query}`);
    }
    // Collapse leading slashes so "//evil.example" can never become a protocol-relative Location.
    const path = `/${req.path.replace(/^\/+/, "")}`;
    const target = localizePath(path, language);
    if (await isKnownPath(target, res)) return redirect(res, `${target}${query}`);
    // A missing file (a probe for a .php file, robots.txt of another site's layout…) is a plain 404, not a page.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return sendPlainNotFound(res);
    // Unknown: the 404 page in the visitor's language, at this URL (req.url then differs from req.originalUrl).
    req.url = `${target}${query}`;
    rewroteToLanguage(res, language);
    next();
  };
}
