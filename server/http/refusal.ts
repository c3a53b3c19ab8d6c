// The site's answer to a request it refuses before any route sees it (a body too large or of the wrong
// type, a body where none belongs, too many query parameters, a malformed URL): the contract's envelope
// on /api, a small static page in the visitor's language everywhere else. Never a stack trace, never a 500.
import type { Request, Response } from "express";
import { statusErrorCode } from "../../shared/contract/errors.ts";
import { htmlLang, type Language } from "../../shared/languages.ts";
import { requestLanguage } from "./request-language.ts";
import type { Resources } from "../../shared/locales.ts";
import { sendErrorEnvelope } from "../api/envelope.ts";
import { errorPageHtml } from "../pages/error-page.ts";
import { refuseBody } from "./request-body.ts";
import { contentSecurityPolicy, nonceMiddleware } from "./security.ts";

type RefusalStatus = 400 | 405 | 413 | 415;

/** The keys of common.json's `error` section that title and explain each refusal. */
const pageKeys: Record<RefusalStatus, string> = { 400: "badRequest", 405: "method", 413: "tooLarge", 415: "unsupportedType" };

function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

function sendRefusalPage(req: Request, res: Response, status: RefusalStatus, resources: Record<Language, Resources>) {
  // A refusal page is a page: the visitor's language as the request decided it (server/http/request-language.ts).
  const { language } = requestLanguage(req, res);
  const error = (resources[language].common?.error ?? {}) as Record<string, string>;
  const title = error[`${pageKeys[status]}Title`] ?? error.genericTitle ?? "Error";
  const text = error[`${pageKeys[status]}Text`] ?? error.genericText ?? "";
  if (!res.locals.nonce) nonceMiddleware(req, res, () => {});
  res.status(status);
  if (status === 405) res.setHeader("Allow", "GET, HEAD");
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Language", htmlLang[language]);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(res.locals.nonce, false));
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : errorPageHtml({ language, status, title, text, back: error.backHome ?? "Home" }));
}

/**
 * Refuses the request with `status`: any unread body is drained first (bounded, server/http/request-body.ts) and
 * the connection then closes, so the client reads the answer and no unread bytes are left on the socket.
 */
export function refuseRequest(req: Request, res: Response, status: RefusalStatus, resources: Record<Language, Resources>): Promise<void> {
  return refuseBody(req, res, () => {
    if (isApiPath(req.originalUrl.split("?")[0]!)) sendErrorEnvelope(req, res, statusErrorCode(status)!);
    else sendRefusalPage(req, res, status, resources);
  });
}
