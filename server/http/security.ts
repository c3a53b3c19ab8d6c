// Per-request CSP nonce, the security headers of every HTML answer, and the one same-origin check.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { sendErrorEnvelope } from "../api/envelope.ts";

declare global {
  namespace Express {
    interface Locals {
      nonce: string;
    }
  }
}

// Nonces come from a pool filled 256 at a time: one randomBytes call per request was a system call that
// cost a page-cache hit more than its nonce substitution (npm run bench). Each nonce is still 16 bytes
// from the CSPRNG, and each is used once.
const NONCE_BYTES = 16;
let pool = Buffer.alloc(0);
let offset = 0;

function nextNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * 256);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

export function nonceMiddleware(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = nextNonce();
  next();
}

export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced entry load its chunks; no inline script runs without the nonce.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // No inline style in production: the stylesheets are files, and no page writes a style attribute or
    // element (the finder's panel sets its position through CSSOM, which the policy does not govern). Vite's
    // development server injects each module's CSS as a <style> element, so development allows inline styles.
    dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    // No page uses <base>; 'none' stops an injected one from re-pointing relative script URLs.
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/**
 * Headers of every answer. HSTS only when visitors reach the site over https (PUBLIC_ORIGIN): sent
 * over plain http it would be ignored by browsers anyway, and on a local http setup it is noise.
 * No includeSubDomains: other hosts of the company's domain are not ours to force onto https.
 */
export function securityHeaders(options: { secure: boolean }) {
  const hsts = options.secure;
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    next();
  };
}

/**
 * Whether a browser sent this request on behalf of another site (or an opaque origin): the one same-origin
 * check of the site, for API writes, page form posts and sign-out alike. A browser names the requesting site
 * in Sec-Fetch-Site, and in Origin on every cross-site write; Referer, when sent, must be ours too. Ours is
 * the public origin, or the origin the request itself was addressed to (a local setup reached by another
 * name than PUBLIC_ORIGIN). Requests without these headers (curl, server-to-server) carry no ambient browser
 * credentials worth stealing and pass.
 */
export function isCrossSite(req: IncomingMessage & { protocol?: string }, publicOrigin: string): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return true;
  const own = req.protocol ? `${req.protocol}://${req.headers.host}` : undefined;
  const ours = (origin: string) => origin === publicOrigin || origin === own;
  const origin = req.headers.origin;
  if (origin !== undefined && !ours(origin)) return true;
  const referer = req.headers.referer;
  if (referer !== undefined) {
    try {
      if (!ours(new URL(referer).origin)) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** CSRF defence for state-changing API calls: a write another site made is refused. */
export function sameOriginWrites(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (!isCrossSite(req, publicOrigin)) return next();
    sendErrorEnvelope(req, res, "E40300002");
  };
}
