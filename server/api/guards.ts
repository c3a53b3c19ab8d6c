// Guards of the /api proxy that need more than headers. The proxy runs before any body parser, so the
// request body is read here, bounded, and handed to the proxy as bytes (res.locals.proxyBody):
// - drafts: a JSON body asking for `sitePageDataType` other than 1 is rewritten to 1 unless the request
//   carries a preview cookie that verifies; otherwise anyone could read unpublished content;
// - sign-out: SPEC §7's GET /open/front/loginOut is refused when another site triggers it (an <img>
//   on any page could sign a visitor out), and offered as POST too (forwarded to the upstream as GET).
import type { NextFunction, Request, Response } from "express";
import { previewCookieName } from "../../shared/cookies.ts";
import { sendErrorEnvelope } from "./envelope.ts";
import { previewUntilFromCookie, type PreviewRevokedCheck } from "../http/preview.ts";
import { hasBody, readBody, refuseBody } from "../http/request-body.ts";
import { isCrossSite } from "../http/security.ts";
import { apiBodyLimitBytes } from "../../shared/contract/envelope.ts";

declare global {
  namespace Express {
    interface Locals {
      /** The body the proxy sends instead of the (already read) request stream. */
      proxyBody?: Buffer | undefined;
    }
  }
}

function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

export function apiBodyGuard(options: { previewSecret: string | undefined; websiteCode: string; isRevoked: PreviewRevokedCheck; now?: () => number }) {
  const cookieName = previewCookieName(options.websiteCode);
  const now = options.now ?? Date.now;
  const isPreview = async (req: Request) => (await previewUntilFromCookie(req.cookies?.[cookieName], options.previewSecret, now(), options.isRevoked)) !== null;
  return async (req: Request, res: Response, next: NextFunction) => {
    // An upstream might read the flag from the query too: there it is forced the same way.
    const [pathname, search = ""] = req.url.split(/\?(.*)/s, 2) as [string, string?];
    const query = new URLSearchParams(search);
    const flagged = [...query.keys()].filter((key) => key.toLowerCase() === "sitepagedatatype");
    if (flagged.length && !(await isPreview(req))) {
      for (const key of flagged) query.delete(key);
      query.set("sitePageDataType", "1");
      req.url = `${pathname}?${query}`;
    }
    // A GET never carries a body the site could check: a browser sends none, so none is passed on.
    if ((req.method === "GET" || req.method === "HEAD") && hasBody(req)) return refuse(req, res, "E40000001");
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || !hasBody(req)) return next();
    const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
    // Only plain JSON reaches the upstream: anything else could carry a draft request the guard cannot read.
    if (!isJsonType(req.headers["content-type"]) || encoding !== "identity") return refuse(req, res, "E41500001");
    const read = await readBody(req, apiBodyLimitBytes);
    if (read.kind === "aborted") return; // the client left; nothing to answer
    if (read.kind === "too large") return refuse(req, res, "E41300001");
    const raw = read.body;
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
    } catch {
      return sendErrorEnvelope(req, res, "E40000001");
    }
    let forwarded = raw;
    if (body && typeof body === "object" && !Array.isArray(body) && Object.hasOwn(body, "sitePageDataType")) {
      const preview = await isPreview(req);
      // Re-serialised whenever the field is present (not only when it is 2): this also drops duplicate
      // keys, which another JSON parser might resolve differently from JSON.parse.
      if (!preview) forwarded = Buffer.from(JSON.stringify({ ...body, sitePageDataType: 1 }));
    }
    res.locals.proxyBody = forwarded;
    next();
  };
}

/** Refuses the body: what is left of it is drained (bounded), then the envelope goes out and the connection closes. */
function refuse(req: Request, res: Response, code: "E40000001" | "E41500001" | "E41300001") {
  return refuseBody(req, res, () => sendErrorEnvelope(req, res, code));
}

const signOutPath = "/open/front/loginout";

/** The path as the upstream would route it: decoded, single slashes, no trailing slash, any case. */
function normalisedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as it is
  }
  return decoded
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "")
    .toLowerCase();
}

/** Mount after apiBodyGuard (a POST's body is then already read) and before the proxy. */
export function signOutGuard(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (normalisedPath(req.path) !== signOutPath) return next();
    if (req.method !== "GET" && req.method !== "POST") return sendErrorEnvelope(req, res, "E40500001");
    if (isCrossSite(req, publicOrigin)) return sendErrorEnvelope(req, res, "E40300002");
    if (req.method === "POST") {
      // The upstream's call is a GET (SPEC §7): the POST is forwarded as that GET, without a body.
      res.locals.proxyBody = undefined;
      req.method = "GET";
      delete req.headers["content-length"];
      delete req.headers["content-type"];
      delete req.headers["transfer-encoding"];
    }
    next();
  };
}
