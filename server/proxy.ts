// /api/* → the upstream, byte for byte: method, body, cookies and Set-Cookie (Domain stripped) pass
// through. Mounted before any body parser. Failures answer the contract's envelope: 502 when the
// upstream cannot be reached, 504 when it is slower than the configured timeout.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { ErrorCode } from "../shared/contract/errors.ts";
import type { Logger } from "./logger.ts";
import { sendErrorEnvelope } from "./envelope.ts";

const timedOut = new WeakSet<IncomingMessage>();

function sendEnvelope(res: ServerResponse | Socket, code: ErrorCode, req: IncomingMessage) {
  if (!("setHeader" in res)) return res.destroy();
  sendErrorEnvelope(req, res, code);
}

export function createApiProxy(options: { target: string; timeoutMs: number; logger: Logger }) {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: options.target,
    changeOrigin: true,
    xfwd: true,
    proxyTimeout: options.timeoutMs,
    // The site's cookies belong to the site's host, whatever domain the upstream names.
    cookieDomainRewrite: "",
    // Express strips the mount path, so req.url is already the upstream path.
    on: {
      proxyReq(proxyReq, req) {
        proxyReq.on("timeout", () => timedOut.add(req));
      },
      error(error, req, res) {
        const timeout = timedOut.has(req);
        options.logger.warn({ err: error, url: req.url, timeout }, "upstream request failed");
        if (timeout) sendEnvelope(res, "E50400001", req);
        else sendEnvelope(res, "E50200001", req);
      },
    },
  });
}
