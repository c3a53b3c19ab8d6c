// /healthz: the process answers (no I/O). /readyz: the upstream (and through it the database) answers.
import type { Request, Response } from "express";

export function healthz(_req: Request, res: Response) {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "ok" });
}

export function readyz(upstreamUrl: () => string | undefined) {
  return async (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const url = upstreamUrl();
    if (!url) return res.status(503).json({ status: "unavailable", upstream: "not configured" });
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      // Any answer below 500 means the upstream is up; the embedded one answers 503 when its database is not.
      if (response.status >= 500) return res.status(503).json({ status: "unavailable", upstream: response.status });
      res.json({ status: "ready" });
    } catch (error) {
      res.status(503).json({ status: "unavailable", upstream: error instanceof Error ? error.message : "unreachable" });
    }
  };
}
