// Preview mode (SPEC §2, §4): `?preview=<token>` with a token staff issued enters it, a cookie
// named by the website code keeps it for at most 3 hours (never past the token's own expiry), and
// /preview/exit leaves it. Only a valid signed token counts; without PREVIEW_SECRET there is no preview.
import type { NextFunction, Request, Response } from "express";
import { callPath, queryPreviewRevoked } from "../../shared/contract/index.ts";
import { previewCookieMaxAgeMs, previewCookieName, previewExitPath } from "../../shared/cookies.ts";
import { previewTokenId, verifyPreviewToken } from "../../shared/http/preview-token.ts";
import type { Logger } from "../metrics/logger.ts";
import { privateNoStore } from "../../shared/http/user-pages.ts";

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

/** Whether staff revoked a token (true also when that cannot be known: a draft is shown only when it is sure). */
export type PreviewRevokedCheck = (token: string) => Promise<boolean>;

/** How long the site trusts the upstream's answer about a token: a revocation takes effect within this. */
const revocationCheckTtlMs = 10_000;

/**
 * Asks the upstream's revocation list (queryPreviewRevoked) about a token, keeping each answer 10 s so that
 * a preview's page and its API calls cost one question, not one each. Fails closed: an upstream that does
 * not answer ends the preview, and the failure is logged.
 */
export function previewRevocationCheck(options: {
  upstreamUrl: string;
  provider: string;
  websiteCode: string;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
}): PreviewRevokedCheck {
  const now = options.now ?? Date.now;
  const answers = new Map<string, { revoked: boolean; until: number }>();
  const url = `${options.upstreamUrl}${callPath(queryPreviewRevoked, options.provider)}`;
  return async (token) => {
    const tokenId = await previewTokenId(token);
    const kept = answers.get(tokenId);
    if (kept && kept.until > now()) return kept.revoked;
    let revoked = true;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ language: "en", websiteCode: options.websiteCode, tokenId }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body = (await response.json()) as { data?: unknown };
      if (!response.ok) throw new Error(`queryPreviewRevoked answered ${response.status}`);
      revoked = queryPreviewRevoked.data.parse(body.data).revoked;
    } catch (error) {
      options.logger.warn({ err: error }, "preview not honoured: the upstream could not say whether the token is revoked");
      return true;
    }
    // Bounded: only staff hold tokens, so a full map means someone is making them up; start over.
    if (answers.size >= 1000) answers.clear();
    answers.set(tokenId, { revoked, until: now() + revocationCheckTtlMs });
    return revoked;
  };
}

export function previewMode(options: { secret: string | undefined; websiteCode: string; secure: boolean; isRevoked: PreviewRevokedCheck; now?: () => number }) {
  const cookieName = previewCookieName(options.websiteCode);
  const now = options.now ?? Date.now;
  const cookieOptions = { httpOnly: true, sameSite: "lax" as const, secure: options.secure, path: "/" };
  return async (req: Request, res: Response, next: NextFunction) => {
    res.locals.previewUntil = null;
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === previewExitPath) {
      res.clearCookie(cookieName, cookieOptions);
      res.setHeader("Cache-Control", privateNoStore);
      return res.redirect(302, "/");
    }
    const offered = req.query.preview;
    if (typeof offered === "string" || Array.isArray(offered)) {
      const token = typeof offered === "string" ? offered : undefined;
      const verified = options.secret && token ? await verifyPreviewToken(options.secret, token, now()) : null;
      const valid = verified && !(await options.isRevoked(token!)) ? verified : null;
      if (valid) {
        const until = Math.min(valid.expiresAt, now() + previewCookieMaxAgeMs);
        res.cookie(cookieName, `${until}.${token}`, { ...cookieOptions, maxAge: until - now() });
      }
      // Either way the token leaves the address bar (and the history, and any Referer).
      res.setHeader("Cache-Control", privateNoStore);
      return res.redirect(302, withoutPreviewParam(req));
    }
    const cookie = (req.cookies as Record<string, string | undefined>)?.[cookieName];
    res.locals.previewUntil = await previewUntilFromCookie(cookie, options.secret, now(), options.isRevoked);
    // A cookie that grants nothing (expired, forged, its token revoked) is dropped.
    if (cookie !== undefined && res.locals.previewUntil === null) res.clearCookie(cookieName, cookieOptions);
    next();
  };
}

/**
 * When the preview that a cookie value ("<until>.<token>") grants ends, or null when it grants none:
 * the token must verify with the secret, not be revoked, and `until` must lie between now and the token's expiry.
 * Also used by the /api body guard (server/api/guards.ts).
 */
export async function previewUntilFromCookie(
  cookie: string | undefined,
  secret: string | undefined,
  now: number,
  isRevoked: PreviewRevokedCheck,
): Promise<number | null> {
  if (!cookie || !secret) return null;
  const dot = cookie.indexOf(".");
  if (dot <= 0) return null;
  const until = Number(cookie.slice(0, dot));
  const token = cookie.slice(dot + 1);
  const valid = await verifyPreviewToken(secret, token, now);
  if (!valid || !Number.isSafeInteger(until) || until <= now || until > valid.expiresAt) return null;
  // Last, and only for a cookie that would grant a preview: the upstream is asked about real tokens only.
  return (await isRevoked(token)) ? null : until;
}
