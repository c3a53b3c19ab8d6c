// The CSV export's own rate limit: a file costs up to hundreds of upstream reads, so each client gets a few
// files a minute, apart from its /api budget. Counted per client address (as trusted by TRUST_PROXY) in the
// store app.ts gives it (Redis, the cluster primary or memory), so the budget holds across workers and hosts.
import type { Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import type { Logger } from "../metrics/logger.ts";
import type { RateLimitStore } from "./rate-limit-store.ts";
import { errorMessage } from "../../shared/contract/errors.ts";
import { requestLanguage } from "./request-language.ts";

/** Files per client and minute: a person exporting filter after filter stays far below it. */
export const CSV_EXPORTS_PER_MINUTE = 20;

export function csvRateLimit(store: RateLimitStore, logger: Logger, limit = CSV_EXPORTS_PER_MINUTE): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // A download link opened in the browser: a plain message in the page's language, not the API's JSON.
    handler: (req: Request, res: Response) => {
      const { language } = requestLanguage(req, res);
      res.status(429).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(errorMessage("E42900001", language));
    },
    store: store.store,
    passOnStoreError: true,
    logger: {
      error: (error, message) => {
        if (store.kind !== "redis") logger.error({ err: error }, message ?? "csv rate limit");
      },
      warn: (error, message) => logger.warn({ err: error }, message ?? "csv rate limit"),
    },
  });
}
