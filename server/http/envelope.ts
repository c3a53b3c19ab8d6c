// Error answers the site itself gives on /api (proxy failures, refused origins, rate limits): the
// contract's envelope, status and message from the one error table, in the visitor's language.
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorCodes, errorMessage, type ErrorCode } from "../../shared/contract/errors.ts";
import { isLanguage, languageCookie, type Language } from "../../shared/languages.ts";

/** API answers default to en (SPEC §7); the language cookie, when present, decides. */
export function apiLanguage(req: IncomingMessage): Language {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === languageCookie && isLanguage(value)) return value;
  }
  return "en";
}

export function sendErrorEnvelope(req: IncomingMessage, res: ServerResponse, code: ErrorCode) {
  if (res.headersSent) return res.end();
  res.writeHead(errorCodes[code].status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ success: false, code, message: errorMessage(code, apiLanguage(req)), data: null }));
}
