// Preview mode (SPEC §2, §4; issue 3 §5): `?preview=<token>` with a token staff issued enters it, a cookie
// named by the website code keeps it for at most 3 hours (never past the token's own expiry), and
// /preview/exit leaves it. Only a valid signed token counts; without PREVIEW_SECRET there is no preview.
import type { NextFunction, Request, Response } from "express";
import { previewCookieMaxAgeMs, previewCookieName, previewExitPath } from "../shared/cookies.ts";
import { verifyPreviewToken } from "../shared/preview-token.ts";


declare global {
  namespace Express {
    interface Locals {
      /** When preview mode ends (epoch ms), or null outside preview. */
      previewUntil: number | null;
      rewritten?: boolean;
    }
  }
}

function withoutPreviewParam(req: Request): string {
  const url = new URL(req.originalUrl, "http://site.invalid");
  url.searchParams.delete("preview");
  return `${url.pathname}${url.search}`;
}

export function previewMode(options: { secret: string | undefined; websiteCode: string; secure: boolean; now?: () => number }) {
  const cookieName = previewCookieName(options.websiteCode);
  const now = options.now ?? Date.now;
  const cookieOptions = { httpOnly: true, sameSite: "lax" as const, secure: options.secure, path: "/" };
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.previewUntil = null;
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === previewExitPath) {
      res.clearCookie(cookieName, cookieOptions);
      res.setHeader("Cache-Control", "private, no-store");
      return res.redirect(302, "/");
    }
    const offered = req.query.preview;
    if (typeof offered === "string" || Array.isArray(offered)) {
      const token = typeof offered === "string" ? offered : undefined;
      const valid = options.secret && token ? await verifyPreviewToken(options.secret, token, now()) : null;
      if (valid) {
        const until = Math.min(valid.expiresAt, now() + previewCookieMaxAgeMs);
        res.cookie(cookieName, `${until}.${token}`, { ...cookieOptions, maxAge: until - now() });
      }
      // Either way the token leaves the address bar (and the history, and any Referer).
      res.setHeader("Cache-Control", "private, no-store");
      return res.redirect(302, withoutPreviewParam(req));
    }
    const cookie = (req.cookies as Record<string, string | undefined>)?.[cookieName];
    if (cookie && options.secret) {
      const dot = cookie.indexOf(".");
      const until = Number(cookie.slice(0, dot));
      const valid = dot > 0 ? await verifyPreviewToken(options.secret, cookie.slice(dot + 1), now()) : null;
      if (valid && Number.isSafeInteger(until) && until > now() && until <= valid.expiresAt) res.locals.previewUntil = until;
    }
    next();
  };
}
