// Error answers the site itself gives on /api (proxy failures, refused origins, rate limits): the
// contract's envelope, status and message from the one error table, in the visitor's language.
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorCodes, errorMessage, type ErrorCode } from "../../shared/contract/errors.ts";
import { fallbackLanguage, isLanguage, languageCookie, type Language } from "../../shared/languages.ts";

/** API answers fall back to the API's language (shared/languages.ts fallbackLanguage); the language cookie, when present, decides (cookies are parsed first
 * thing in createApp). */
export function apiLanguage(req: IncomingMessage & { cookies?: Record<string, unknown> }): Language {
  const remembered = req.cookies?.[languageCookie];
  return isLanguage(remembered) ? remembered : fallbackLanguage.api;
}

export function sendErrorEnvelope(req: IncomingMessage & { cookies?: Record<string, unknown> }, res: ServerResponse, code: ErrorCode) {
  if (res.headersSent) return res.end();
  res.writeHead(errorCodes[code].status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ success: false, code, message: errorMessage(code, apiLanguage(req)), data: null }));
}
