// The console's own guards (docs/decisions/024-staff-console.md): the headers of every answer, the Host it
// must be reached by, and its cross-site check: the site's one rule (isCrossSite) plus an exact Origin on
// every write, since a console write always comes from its own pages.
import type { NextFunction, Request, Response } from "express";
import { isCrossSite } from "../http/security.ts";

const consoleCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export function consoleHeaders(origin: string) {
  const https = origin.startsWith("https:");
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Content-Security-Policy", consoleCsp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    // same-origin, not no-referrer: under no-referrer a browser's form post says "Origin: null", which the
    // cross-site check must refuse; same-origin still sends nothing to any other site.
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    // Nothing of the console is kept by a browser or a proxy: its pages are personal data.
    res.setHeader("Cache-Control", "no-store");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    next();
  };
}

/** A request addressed to another name (DNS rebinding, a stray proxy) never reaches the console. */
export function isOwnHost(req: Request, origin: string): boolean {
  return req.headers.host === new URL(origin).host;
}

/** A write (anything but GET/HEAD) must name the console's origin and must not come from another site. */
export function isForeignWrite(req: Request, origin: string): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return isCrossSite(req, origin) || req.headers.origin !== origin;
}
