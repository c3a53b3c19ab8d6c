// /api/* → the upstream: method, body, cookies and Set-Cookie (Domain stripped) pass through. Mounted
// before any body parser; a body the guards read (server/api/guards.ts) is sent from their buffer.
// Failures answer the contract's envelope: 502 when the upstream cannot be reached, 504 when it is
// slower than the configured timeout. Nothing of the upstream's insides reaches the visitor: error
// answers are reduced to the envelope's four fields, and redirects to the upstream's own address are
// rewritten under /api. Sockets to the upstream are kept alive and dropped idle well before the upstream
// drops them (shared/http/upstream-keep-alive.ts); a read sent on a kept socket that the upstream reset before
// answering is sent once more, on a new one.
import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import type { Socket } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { NextFunction } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import { callPath, calls } from "../../shared/contract/index.ts";
import { isIdempotentCall } from "../../shared/contract/idempotent.ts";
import { upstreamClientIdleMs } from "../../shared/http/upstream-keep-alive.ts";
import { errorMessage, isErrorCode, statusErrorCode, type ErrorCode } from "../../shared/contract/errors.ts";
import type { Response as ExpressResponse } from "express";
import type { Logger } from "../metrics/logger.ts";
import { apiLanguage, sendErrorEnvelope } from "./envelope.ts";
import { countUpstreamError, observeUpstreamCall, secondsSince } from "../metrics/index.ts";

const timedOut = new WeakSet<IncomingMessage>();
const startedAt = new WeakMap<IncomingMessage, bigint>();
/** The request last sent upstream for a visitor's request: was its socket a kept-alive one? */
const sentOn = new WeakMap<IncomingMessage, ClientRequest>();
/** Requests the upstream began to answer: never sent again. */
const answered = new WeakSet<IncomingMessage>();
/** Requests already sent a second time. */
const retried = new WeakSet<IncomingMessage>();
/** What follows the proxy for a request, for the second try. */
const nextOf = new WeakMap<IncomingMessage, NextFunction | undefined>();
/** An error answer larger than this is not an envelope: it is replaced, never passed on. */
const errorBodyLimit = 64 * 1024;

function sendEnvelope(res: ServerResponse | Socket, code: ErrorCode, req: IncomingMessage) {
  if (!("setHeader" in res)) return res.destroy();
  sendErrorEnvelope(req, res, code);
}

function decode(body: Buffer, encoding: string | undefined): Buffer | null {
  const options = { maxOutputLength: errorBodyLimit };
  try {
    switch ((encoding ?? "identity").toLowerCase()) {
      case "identity":
        return body;
      case "gzip":
        return gunzipSync(body, options);
      case "deflate":
        return inflateSync(body, options);
      case "br":
        return brotliDecompressSync(body, options);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * The site's own code for an upstream error answer it cannot pass on: the table's generic code for the status
 * (shared/contract/errors.ts), with three exceptions. A 500 is the upstream's own failure, which to the visitor is
 * a gateway that failed (E50200001), as is any 5xx without a generic code. A bare 401 or 403 names no session or
 * right the site could word for the visitor, so it, like any 4xx without a generic code, is the malformed request
 * (E40000001).
 */
export function upstreamStatusCode(status: number): ErrorCode {
  if (status === 500) return "E50200001";
  const generic = status === 401 || status === 403 ? undefined : statusErrorCode(status);
  return generic ?? (status >= 500 ? "E50200001" : "E40000001");
}

/** The envelope to send for an upstream error answer, or the site's own code when it is not one. */
function safeErrorAnswer(status: number, body: Buffer | null, req: IncomingMessage): { status: number; json: string } | ErrorCode {
  const fallback = upstreamStatusCode(status);
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body.toString("utf8")) : null;
  } catch {
    return fallback;
  }
  if (!parsed || typeof parsed !== "object") return fallback;
  const { success, code, message } = parsed as Record<string, unknown>;
  if (success !== false || typeof code !== "string" || !/^[A-Z0-9_]{1,40}$/.test(code)) return fallback;
  let text: string;
  // A server error's own message may describe the upstream's insides: the table's message replaces it.
  if (status >= 500) {
    if (!isErrorCode(code)) return fallback;
    text = errorMessage(code, apiLanguage(req));
  } else if (typeof message === "string" && message.length <= 500) text = message;
  else if (isErrorCode(code)) text = errorMessage(code, apiLanguage(req));
  else return fallback;
  return { status, json: JSON.stringify({ success: false, code, message: text, data: null }) };
}

/** Holds back an error answer's body, then sends only what safeErrorAnswer lets through. */
function sanitiseErrorAnswer(proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse) {
  const status = proxyRes.statusCode ?? 502;
  const encoding = proxyRes.headers["content-encoding"];
  for (const name of ["content-length", "content-encoding", "transfer-encoding", "content-type", "etag", "last-modified"]) delete proxyRes.headers[name];
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const collect = (chunk: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= errorBodyLimit) chunks.push(buffer);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    const callback = rest.find((item) => typeof item === "function") as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown) => {
    collect(chunk);
    res.write = write;
    res.end = end;
    const answer = safeErrorAnswer(status, size <= errorBodyLimit ? decode(Buffer.concat(chunks), encoding) : null, req);
    if (typeof answer === "string") {
      sendErrorEnvelope(req, res, answer);
      return res;
    }
    res.statusCode = answer.status;
    res.setHeader("content-type", "application/json; charset=utf-8");
    res.setHeader("content-length", Buffer.byteLength(answer.json));
    res.setHeader("cache-control", "no-store");
    return end(answer.json);
  }) as typeof res.end;
}

/** The proxy's connections to the upstream: kept alive, closed after upstreamClientIdleMs idle. */
export function upstreamAgent(target: string, idleMs = upstreamClientIdleMs): HttpAgent {
  const options = { keepAlive: true, timeout: idleMs, maxSockets: 256, maxFreeSockets: 64 };
  return new URL(target).protocol === "https:" ? new HttpsAgent(options) : new HttpAgent(options);
}

export function createApiProxy(options: { target: string; provider: string; timeoutMs: number; logger: Logger; agent?: HttpAgent }) {
  const targetOrigin = new URL(options.target).origin;
  // Paths as the proxy sees them: under the mount, before the target's own base path is put in front.
  const readPaths = new Set(calls.filter(isIdempotentCall).map((call) => callPath(call, options.provider)));
  const idempotent = (req: IncomingMessage) => req.method === "GET" || req.method === "HEAD" || readPaths.has(new URL(req.url ?? "/", "http://x").pathname);
  /**
   * The upstream reset a kept-alive socket before answering: it was closing that socket as the request went
   * out, and never read it. Sending a read once more, on a fresh socket, is safe; a write is not retried.
   */
  const retryable = (error: Error, req: IncomingMessage, res: ServerResponse | Socket) =>
    (error as NodeJS.ErrnoException).code === "ECONNRESET" &&
    sentOn.get(req)?.reusedSocket === true &&
    !answered.has(req) &&
    !retried.has(req) &&
    !timedOut.has(req) &&
    "headersSent" in res &&
    !res.headersSent &&
    idempotent(req);
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: options.target,
    agent: options.agent ?? upstreamAgent(options.target),
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: options.timeoutMs,
    // The site's cookies belong to the site's host, whatever domain the upstream names.
    cookieDomainRewrite: "",
    // Express strips the mount path, so req.url is already the upstream path.
    on: {
      proxyReq(proxyReq, req, res) {
        startedAt.set(req, process.hrtime.bigint());
        sentOn.set(req, proxyReq);
        // The upstream's per-address limits count the client the site resolved through its own trusted
        // proxies (TRUST_PROXY), never a chain the client could have started with an X-Forwarded-For of its
        // own: one address, which the upstream trusts from the site's host (UPSTREAM_TRUST_PROXY).
        const client = (req as IncomingMessage & { ip?: string }).ip ?? req.socket.remoteAddress;
        if (client) proxyReq.setHeader("x-forwarded-for", client);
        proxyReq.on("timeout", () => timedOut.add(req));
        // What the guards read (server/api/guards.ts) goes out from their buffer.
        const body = (res as Partial<ExpressResponse>).locals?.proxyBody;
        if (body) {
          proxyReq.removeHeader("transfer-encoding");
          proxyReq.setHeader("content-length", body.length);
          proxyReq.write(body);
        }
      },
      proxyRes(proxyRes, req, res) {
        answered.add(req);
        const started = startedAt.get(req);
        const status = proxyRes.statusCode ?? 0;
        if (started) observeUpstreamCall("proxy", secondsSince(started), status >= 500 ? "error" : "ok");
        if (status >= 500) countUpstreamError("proxy", "server_error");
        // What runs behind the site is nobody's business; the request id stays the site's own.
        for (const name of ["x-powered-by", "server", "x-request-id"]) delete proxyRes.headers[name];
        const location = proxyRes.headers.location;
        if (location) {
          try {
            const url = new URL(location, options.target);
            if (url.origin === targetOrigin) proxyRes.headers.location = `/api${url.pathname}${url.search}`;
          } catch {
            delete proxyRes.headers.location;
          }
        }
        if (status >= 400) sanitiseErrorAnswer(proxyRes, req, res);
      },
      error(error, req, res) {
        if (retryable(error, req, res)) {
          options.logger.info({ path: req.url?.split("?")[0] }, "upstream reset a kept-alive socket: sending the read again");
          retried.add(req);
          void handle(req, res as ServerResponse, nextOf.get(req));
          return;
        }
        const timeout = timedOut.has(req);
        const started = startedAt.get(req);
        if (started) observeUpstreamCall("proxy", secondsSince(started), timeout ? "timeout" : "error");
        countUpstreamError("proxy", timeout ? "timeout" : "unreachable");
        options.logger.warn({ err: error, path: req.url?.split("?")[0], timeout }, "upstream request failed");
        if (timeout) sendEnvelope(res, "E50400001", req);
        else sendEnvelope(res, "E50200001", req);
      },
    },
  });
  const handle = (req: IncomingMessage, res: ServerResponse, next?: NextFunction): Promise<void> => {
    // Connection and Keep-Alive speak of the visitor's hop only (RFC 9110 §7.6.1): passed on, a visitor's
    // (or nginx's) "Connection: close" closed the socket to the upstream after every call.
    delete req.headers.connection;
    delete req.headers["keep-alive"];
    nextOf.set(req, next);
    return proxy(req, res, next);
  };
  return handle;
}
