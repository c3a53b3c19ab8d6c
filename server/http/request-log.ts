// First middleware of the app: a request id (x-request-id in and out, generated when absent or not a
// plain token), and when the answer is done one log line and one metrics sample with the route pattern,
// status and duration, and the client's address and scheme. The line never holds a query string, a
// cookie or any other header value. Everything the line needs is read when the request arrives: by the
// time the answer is done the socket may be gone (req.ip would then throw inside a listener).
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../metrics/logger.ts";
import { observeRequest, secondsSince } from "../metrics/index.ts";
import { splitLanguagePrefix } from "../../shared/languages.ts";

declare global {
  namespace Express {
    interface Locals {
      requestId: string;
      /** The route pattern for logs and metrics ("/zh/news/:id"); set by the handler that knows it. */
      route?: string;
    }
  }
}

/** Ids from a proxy or a client are kept only when they cannot smuggle anything into a log or a header. */
const validRequestId = /^[A-Za-z0-9._:-]{8,128}$/;

function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && validRequestId.test(header) ? header : randomUUID();
}

/** A bounded label for requests no handler named: never the raw path (unbounded cardinality). */
function fallbackRoute(path: string, status: number): string {
  if (path.startsWith("/api/") || path === "/api") return "/api";
  if (path.startsWith("/assets/")) return "/assets";
  if (path === "/healthz" || path === "/readyz") return path;
  const { language } = splitLanguagePrefix(path);
  if (language) return status === 404 ? `/${language}/*(404)` : `/${language}/*`;
  return status === 404 ? "(unmatched)" : "(static)";
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.headers["x-request-id"]);
    // The proxy forwards it, so the upstream's lines can be matched with ours.
    req.headers["x-request-id"] = id;
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    const started = process.hrtime.bigint();
    // Taken now: mounted middleware (the /api proxy) strips its prefix from req.url and never restores it,
    // and a handler may rewrite the method (sign-out's POST goes on as GET).
    const path = req.path;
    const method = req.method;
    // As resolved through the trusted proxies (TRUST_PROXY): what rate limits and redirects see.
    const ip = req.ip;
    const scheme = req.protocol;
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      // A listener must never throw into the process: a failure here costs one log line, nothing more.
      try {
        const seconds = secondsSince(started);
        const route = res.locals.route ?? fallbackRoute(path, res.statusCode);
        observeRequest(route, method, res.statusCode, seconds);
        // Probes of a balancer or orchestrator every few seconds would drown the log: only when they fail.
        const probe = (route === "/healthz" || route === "/readyz") && res.statusCode < 400;
        logger[probe ? "debug" : "info"](
          {
            reqId: id,
            method,
            path,
            route,
            status: res.statusCode,
            durationMs: Math.round(seconds * 1e4) / 10,
            ip,
            scheme,
            ...(res.writableFinished ? {} : { aborted: true }),
          },
          "request",
        );
      } catch (error) {
        logger.error({ err: error, reqId: id }, "request log failed");
      }
    };
    res.on("finish", done);
    res.on("close", done);
    next();
  };
}
