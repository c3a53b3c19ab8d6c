// Refuses, before any route runs, requests no page, asset or export can mean: a body where none belongs
// (a GET with a body, a PUT to a page), more query parameters than any URL of the site carries, and a path
// that does not decode as UTF-8. The
// routes that do take bodies (/api, page form posts) bound them themselves (server/http/request-body.ts).
import type { NextFunction, Request, Response } from "express";
import type { Language } from "../../shared/languages.ts";
import { requestLanguage } from "./request-language.ts";
import type { Resources } from "../../shared/locales.ts";
import { hasBody } from "./request-body.ts";
import { refuseRequest } from "./refusal.ts";

/** The finder's longest real URL (a few columns, some values each) has a few dozen; 1,000 is an attack. */
const MAX_QUERY_PARAMETERS = 200;

function countQueryParameters(url: string): number {
  const start = url.indexOf("?");
  if (start < 0) return 0;
  let count = 0;
  let from = start + 1;
  // Counted without parsing: the limit is checked before anything decodes the query.
  while (from <= url.length && count <= MAX_QUERY_PARAMETERS) {
    const end = url.indexOf("&", from);
    const stop = end < 0 ? url.length : end;
    if (stop > from) count++;
    if (end < 0) break;
    from = end + 1;
  }
  return count;
}

function takesBody(req: Request, res: Response): boolean {
  const path = req.path;
  if (path === "/api" || path.startsWith("/api/")) return req.method !== "GET" && req.method !== "HEAD";
  return req.method === "POST" && !!requestLanguage(req, res).prefix;
}

/** A path whose percent-encoding is not UTF-8 names nothing of ours: it is refused before a route tries to decode it. */
function decodablePath(path: string): boolean {
  if (!path.includes("%")) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export function requestGuard(resources: Record<Language, Resources>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (countQueryParameters(req.url) > MAX_QUERY_PARAMETERS || !decodablePath(req.path)) return void refuseRequest(req, res, 400, resources).catch(next);
    if (hasBody(req) && !takesBody(req, res)) {
      return void refuseRequest(req, res, req.method === "GET" || req.method === "HEAD" ? 400 : 405, resources).catch(next);
    }
    next();
  };
}
