// Preview mode (SPEC §2, §4): `?preview=<token>` with a token staff issued enters it, a cookie
// named by the website code keeps it for at most 3 hours (never past the token's own expiry), and
// /preview/exit leaves it. Only a valid signed token counts; without PREVIEW_SECRET there is no preview.
import type { NextFunction, Request, Response } from "express";
import { previewCookieMaxAgeMs, previewCookieName, previewExitPath } from "../../shared/cookies.ts";
import { verifyPreviewToken } from "../../shared/preview-token.ts";

declare global {
  namespace Express {
    interface Locals {
      /** When preview mode ends (epoch ms), or null outside preview. */
      previewUntil: number | null;
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
    res.locals.previewUntil = await previewUntilFromCookie(cookie, options.secret, now());
    next();
  };
}

/**
 * When the preview that a cookie value ("<until>.<token>") grants ends, or null when it grants none:
 * the token must verify with the secret and `until` must lie between now and the token's expiry.
 * Also used by the /api body guard (server/api/guards.ts).
 */
export async function previewUntilFromCookie(cookie: string | undefined, secret: string | undefined, now: number): Promise<number | null> {
  if (!cookie || !secret) return null;
  const dot = cookie.indexOf(".");
  if (dot <= 0) return null;
  const until = Number(cookie.slice(0, dot));
  const valid = await verifyPreviewToken(secret, cookie.slice(dot + 1), now);
  return valid && Number.isSafeInteger(until) && until > now && until <= valid.expiresAt ? until : null;
}
