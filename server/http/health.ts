// /healthz: the process answers (no I/O). /readyz: the upstream (and through it the database) answers,
// and the process is not shutting down. Neither says why in detail: the reason goes to the log, never
// to a client (it would name the upstream's address or its internal errors).
import type { Request, Response } from "express";
import type { Logger } from "../metrics/logger.ts";

export function healthz(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
}

export function readyz(upstreamUrl: () => string | undefined, isDraining: () => boolean = () => false, logger?: Logger) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (isDraining()) return res.status(503).json({ status: "draining" });
    const url = upstreamUrl();
    if (!url) return res.status(503).json({ status: "unavailable" });
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      // Any answer below 500 means the upstream is up; the embedded one answers 503 when its database is not,
      // or has no room to write ({"status":"full"}), which the log names.
      if (response.status >= 500) {
        const reason = await response
          .json()
          .then((body: { status?: unknown }) => (typeof body?.status === "string" ? body.status.slice(0, 40) : undefined))
          .catch(() => undefined);
        logger?.warn({ upstreamStatus: response.status, reason }, "not ready: the upstream answers an error");
        return res.status(503).json({ status: "unavailable" });
      }
      await response.body?.cancel();
      res.json({ status: "ready" });
    } catch (error) {
      logger?.warn({ err: error }, "not ready: the upstream does not answer");
      res.status(503).json({ status: "unavailable" });
    }
  };
}
