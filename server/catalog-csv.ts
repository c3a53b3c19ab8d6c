// GET /{lang}/productAndService/products/{id}.csv?<finder query>: the whole filtered, sorted result of a
// category's finder (every page) as CSV, the header row in the page's language. The finder links here; the
// query is read by the same shared/finder-query.ts as the page, so the file always matches the table.
import type { NextFunction, Request, Response } from "express";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import type { Resources } from "../client/app-context.ts";
import { MAX_PAGE_SIZE } from "../shared/contract/envelope.ts";
import {
  queryDistinctProductFieldData,
  querySiteListDataByPage,
  type ProductListItem,
  type ProductPage,
  type QuerySiteListDataByPageBody,
} from "../shared/contract/index.ts";
import { parseFinderQuery, type FinderQuery } from "../shared/finder-query.ts";
import { paramNameText, paramNameWithUnit } from "../shared/param-name.ts";
import { isLanguage, type Language } from "../shared/languages.ts";
import { toCsv } from "../shared/csv.ts";
import { ApiCallError, createPageClient } from "../client/api/page-client.ts";
import { estimateCsv } from "../shared/estimator/csv.ts";

const PATH = /^\/(zh|en)\/productAndService\/products\/([1-9]\d{0,8})\.csv$/;
/** 100 pages of 100 rows: far above the catalog, and a bound on the calls one request can cause. */
const MAX_PAGES = 100;

function bodyOf(siteListId: number, query: FinderQuery, pageIndex: number): QuerySiteListDataByPageBody {
  const body: QuerySiteListDataByPageBody = { siteListId, pageIndex, pageSize: MAX_PAGE_SIZE };
  if (query.q) body.keyword = query.q;
  if (Object.keys(query.values).length) body.filters = query.values;
  if (Object.keys(query.ranges).length) body.ranges = query.ranges;
  if (query.sort) body.sort = query.sort;
  return body;
}

function strings(resources: Resources): Record<string, string> {
  return ((resources.catalog as Record<string, unknown> | undefined)?.finder ?? {}) as Record<string, string>;
}

function estimateLabels(resources: Resources) {
  const estimator = (resources.estimator ?? {}) as { finder?: Record<string, string>; breakdown?: Record<string, string>; compare?: Record<string, string>; scope?: Record<string, string> };
  return {
    // The header says what the figures cover (per switch position, leg or diode), as the finder's column does.
    loss: (scope: string) => paramNameText((estimator.finder?.loss ?? "Estimate/P<tot> {{scope}} (W)").replace("{{scope}}", estimator.scope?.[scope] ?? scope)),
    tj: paramNameText(estimator.finder?.tj ?? "Estimate/T<j> (°C)"),
    runaway: estimator.breakdown?.runaway ?? "runaway",
    suitable: estimator.compare?.suitable ?? "Suitable at this point",
    yes: estimator.compare?.yes ?? "Yes",
    notSuitable: estimator.finder?.notSuitable ?? "not suitable",
  };
}

export function catalogCsv(options: { config: Config; logger: Logger; resources: Record<Language, Resources> }) {
  const { config, logger } = options;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = PATH.exec(req.path);
    if (!match || !isLanguage(match[1])) return next();
    const language = match[1];
    const id = Number(match[2]);
    const api = createPageClient({
      base: config.upstreamUrl!,
      provider: config.upstreamProvider,
      websiteCode: config.websiteCode,
      language,
      preview: res.locals.previewUntil != null,
      cookie: req.headers.cookie ?? "",
      signal: AbortSignal.timeout(config.upstreamTimeoutMs),
    });
    const search = new URL(req.originalUrl, "http://site").searchParams;
    try {
      const filters = await api.call(queryDistinctProductFieldData, { siteListId: id });
      // Read against the family's columns at once: what does not fit is dropped, as on the page.
      const query = parseFinderQuery(search, filters.fields.map((field) => ({ fieldId: field.fieldId, sortable: field.sortable })));
      const first: ProductPage = await api.call(querySiteListDataByPage, bodyOf(id, query, 1));
      if (first.node.partNumber) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      const rows: ProductListItem[] = [...first.list];
      const pages = Math.min(MAX_PAGES, Math.ceil(first.total / MAX_PAGE_SIZE));
      // The remaining pages at once: the catalog is small, and the upstream answers each from one query.
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, index) => api.call(querySiteListDataByPage, bodyOf(id, query, index + 2))),
      );
      for (const page of rest) rows.push(...page.list);

      const text = strings(options.resources[language]);
      const header = [
        text.partNumber ?? "Part number",
        ...first.paramTable.map((column) => paramNameText(paramNameWithUnit(column.paramName, column.unit))),
        text.csvNew ?? "New",
        text.summary ?? "Description",
        text.datasheet ?? "Datasheet",
      ];
      // With an operating point, the estimator's loss and T_j columns (and its ranking) as on the page.
      const estimates = estimateCsv(search, rows, estimateLabels(options.resources[language]));
      if (estimates) header.push(...estimates.header);
      const origin = new URL(config.publicOrigin).origin;
      const body = (estimates?.rows ?? rows).map((product) => [
        product.partNumber,
        ...first.paramTable.map((column) => product.params[column.fieldId] ?? ""),
        product.isNew ? (text.csvYes ?? "yes") : "",
        product.summary,
        product.datasheet ? `${origin}/api${product.datasheet.downloadPath}` : "",
        ...(estimates?.cells(product) ?? []),
      ]);
      const fileName = `qingyun-${first.node.id}-${language}.csv`;
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
      res.setHeader("Content-Language", language === "zh" ? "zh-CN" : "en-US");
      res.setHeader("Cache-Control", "private, no-cache");
      res.send(toCsv([header, ...body]));
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 404) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      if (error instanceof ApiCallError && error.status === 400) {
        res.status(400).type("text/plain").send("Bad request");
        return;
      }
      logger.error({ err: error, url: req.originalUrl }, "catalog csv failed");
      res.status(502).type("text/plain").send("The product data is not available right now");
    }
  };
}
