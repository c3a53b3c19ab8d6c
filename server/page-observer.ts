// Around the document handler: names the page's route pattern for the request log and metrics, times the
// render to the end of its stream (or to the visitor leaving), and tells nginx not to buffer the HTML
// (X-Accel-Buffering: no), so the streamed document reaches the browser as it is written.
import type { NextFunction, Request, Response } from "express";
import { splitLanguagePrefix } from "../shared/languages.ts";
import { observeRender, secondsSince } from "./metrics.ts";
import type { EntryServer } from "./render.ts";

export function pageObserver(loadEntry: () => Promise<EntryServer>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !splitLanguagePrefix(req.path).language) return next();
    const started = process.hrtime.bigint();
    res.setHeader("X-Accel-Buffering", "no");
    try {
      const pattern = (await loadEntry()).routePattern?.(req.path);
      if (pattern) res.locals.route = pattern;
    } catch {
      // the document handler reports a broken entry itself
    }
    res.once("close", () => {
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      observeRender(secondsSince(started), !res.writableFinished ? "aborted" : res.statusCode >= 500 ? "error" : "ok");
    });
    next();
  };
}
