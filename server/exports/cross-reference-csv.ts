// GET /{lang}/productAndService/crossReference.csv?parts=…: a bill of materials' cross-reference as CSV, the
// header in the page's language. The query is read by shared/query/cross-reference.ts as the page reads it,
// so the file always holds the page's rows.
import type { NextFunction, Request, Response } from "express";
import type { Config } from "../config/index.ts";
import type { Logger } from "../logger.ts";
import type { Resources } from "../../client/app-context.ts";
import { queryCrossReferenceBatch } from "../../shared/contract/index.ts";
import { parseCrossReferenceQuery } from "../../shared/query/cross-reference.ts";
import { crossReferenceCsvPattern } from "../../shared/paths.ts";
import { htmlLang, isLanguage, type Language } from "../../shared/languages.ts";
import { toCsv } from "../../shared/csv.ts";
import { ApiCallError } from "../../client/api/page-client.ts";
import { isAnonymous, serverPageClient } from "../upstream-client.ts";
import type { SiteCaches } from "../cache/index.ts";

/** The file's path; the site mounts its rate limit on it. */
export const crossReferenceCsvPath = crossReferenceCsvPattern;

type Strings = { page?: Record<string, unknown>; tier?: Record<string, string>; manufacturer?: Record<string, string>; lookup?: Record<string, string> };

/** "{{name}}" placeholders of a locale string filled in (the file is written without an i18next instance). */
const fill = (template: string | undefined, values: Record<string, string>) => (template ?? "").replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

export function crossReferenceCsv(options: { config: Config; logger: Logger; resources: Record<Language, Resources>; caches?: SiteCaches | undefined }) {
  const { config, logger } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // The full path: mounted on its own path, the handler's req.path is relative to it.
    const url = new URL(req.originalUrl, "http://site");
    const match = crossReferenceCsvPath.exec(url.pathname);
    if (!match || !isLanguage(match[1])) return next();
    const language = match[1];
    const query = parseCrossReferenceQuery(url.searchParams);
    if (!query.bom.length) {
      res.status(400).type("text/plain").send("Bad request");
      return;
    }
    const api = serverPageClient({
      config,
      caches: options.caches,
      shared: isAnonymous(req, res.locals.previewUntil),
      language,
      preview: res.locals.previewUntil != null,
      cookie: req.headers.cookie ?? "",
      requestId: res.locals.requestId,
      signal: AbortSignal.timeout(config.upstreamTimeoutMs),
    });
    try {
      const { rows } = await api.call(queryCrossReferenceBatch, { parts: query.bom });
      const text = (options.resources[language]["cross-reference"] ?? {}) as Strings;
      const page = (text.page ?? {}) as Record<string, string> & { match?: Record<string, string> };
      const header = [page.bomQuery, page.bomMatch, page.partLabel, page.bomManufacturer, page.bomBest, page.bomTier, page.bomCandidates].map((label) => label ?? "");
      const body = rows.map((row) => [
        row.query,
        [
          page.match?.[row.match ?? "none"] ?? row.match ?? "",
          row.stripped ? fill(text.lookup?.stripped, { suffix: row.stripped }) : "",
          row.suggestion ? fill(text.lookup?.didYouMean, { part: row.suggestion.partNumber }) : "",
        ]
          .filter(Boolean)
          .join(" · "),
        row.part?.partNumber ?? "",
        row.part ? (text.manufacturer?.[row.part.manufacturer] ?? row.part.manufacturer) : "",
        row.best?.partNumber ?? "",
        row.best ? (text.tier?.[row.best.tier] ?? row.best.tier) : "",
        row.counts["drop-in"] + row.counts.functional + row.counts["needs-review"],
      ]);
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="qingyun-cross-reference-${language}.csv"`);
      res.setHeader("Content-Language", htmlLang[language]);
      res.setHeader("Cache-Control", "private, no-cache");
      res.send(toCsv([header, ...body]));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 400) {
        res.status(400).type("text/plain").send("Bad request");
        return;
      }
      logger.error({ err: error, url: req.originalUrl }, "cross-reference csv failed");
      res.status(502).type("text/plain").send("The cross-reference is not available right now");
    }
  };
}
