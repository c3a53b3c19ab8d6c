// Around the page handlers: names each page request by its route pattern (before the page cache answers), times the
// render to the end of its stream (or to the visitor leaving), and tells nginx not to buffer the HTML
// (X-Accel-Buffering: no), so the streamed document reaches the browser as it is written.
import type { NextFunction, Request, Response } from "express";
import { requestLanguage } from "./request-language.ts";
import { observeRender, secondsSince } from "../metrics/index.ts";
import type { EntryServer } from "../pages/render.ts";

const isPageRequest = (req: Request, res: Response) => (req.method === "GET" || req.method === "HEAD") && !!requestLanguage(req, res).prefix;

/** Early, before the page cache answers: every page request is named by its route pattern. */
export function pageRouteNames(entry: (res: Response) => Promise<EntryServer>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req, res)) return next();
    try {
      const pattern = (await entry(res)).routePattern?.(req.path);
      if (pattern) res.locals.route = pattern;
    } catch {
      // the document handler reports a broken entry itself
    }
    next();
  };
}

/** Right before the document handler: renders are timed, and their streamed HTML is not buffered by nginx. */
export function pageObserver() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req, res)) return next();
    const started = process.hrtime.bigint();
    res.setHeader("X-Accel-Buffering", "no");
    res.once("close", () => {
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      observeRender(secondsSince(started), !res.writableFinished ? "aborted" : res.statusCode >= 500 ? "error" : "ok");
    });
    next();
  };
}
