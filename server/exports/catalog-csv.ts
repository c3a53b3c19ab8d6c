// GET /{lang}/productAndService/products/{id}.csv?<finder query>: the whole filtered, sorted result of a
// category's finder (every page) as CSV, the header row in the page's language. The finder links here; the
// query is read by the same shared/query/finder.ts as the page, so the file always matches the table.
// The file is streamed: upstream pages are read two at a time and written in order as they come, with
// the socket's backpressure respected, and the reads stop when the client goes away. A stated cap
// (MAX_ROWS) ends a file that would exceed it, with a line in the file saying so.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { StartedConfig } from "../config/index.ts";
import type { Logger } from "../metrics/logger.ts";
import type { Resources } from "../../shared/locales.ts";
import { MAX_PAGE_SIZE } from "../../shared/contract/envelope.ts";
import { queryDistinctProductFieldData, querySiteListDataByPage, type ProductListItem, type ProductPage } from "../../shared/contract/index.ts";
import { finderFields, parseFinderQuery } from "../../shared/query/finder.ts";
import { finderListBody } from "../../shared/catalog/finder-list-body.ts";
import { paramNameText, paramNameWithUnit } from "../../shared/text/param-name.ts";
import { htmlLang, type Language } from "../../shared/languages.ts";
import { csvCell } from "../../shared/text/csv.ts";
import { ApiCallError } from "../../client/api/page-client.ts";
import { visitorPageClient } from "../upstream-client.ts";
import type { SiteCaches } from "../cache/index.ts";
import { estimateCsv } from "../../shared/estimator/csv.ts";
import { MODEL_TJ_RANGE } from "../../shared/estimator/equations.ts";
import { readEstimateSort } from "../../shared/estimator/ranking.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { matchCategoryCsv } from "../../shared/paths.ts";
import { fetchCompanion } from "../../client/features/estimator/companion.ts";
import { sendPlainNotFound } from "../http/not-found.ts";

/** Far above any real catalog (a vendor lists 1,000–10,000 parts); a file that would exceed it says so. */
const MAX_ROWS = 100_000;
/** Upstream pages in flight for one file: enough to overlap latency, few enough to leave the upstream to
 * visitors (the embedded one answers one query at a time: each page queued ahead delays every page view). */
const PAGE_CONCURRENCY = 2;

export interface CatalogCsvOptions {
  config: StartedConfig;
  logger: Logger;
  resources: Record<Language, Resources>;
  /** The upstream cache (default: the one createApp keeps in app.locals). */
  caches?: SiteCaches | undefined;
  /** The CSV's own rate limit (per client, shared across workers like the /api one): app.ts builds it. */
  rateLimit?: RequestHandler;
  /** Rows per upstream page and the row cap (tests lower them to reach the cap with the shipped catalog). */
  pageSize?: number;
  maxRows?: number;
}

function strings(resources: Resources): Record<string, string> {
  return ((resources.catalog as Record<string, unknown> | undefined)?.finder ?? {}) as Record<string, string>;
}

/** The lifecycle column's header and each state's name, as the finder's column shows them (locales' product.lifecycle). */
function lifecycleLabels(resources: Resources): { column: string; state: Record<string, string> } {
  const lifecycle = ((resources.product as Record<string, unknown> | undefined)?.lifecycle ?? {}) as { column?: string; state?: Record<string, string> };
  return { column: lifecycle.column ?? "Lifecycle", state: lifecycle.state ?? {} };
}

function estimateLabels(resources: Resources) {
  const estimator = (resources.estimator ?? {}) as {
    finder?: Record<string, string>;
    breakdown?: Record<string, string>;
    compare?: Record<string, string>;
    scope?: Record<string, string>;
    judged?: Record<string, string>;
  };
  return {
    // The header says what the figures cover (per switch position, leg or diode), as the finder's column does.
    loss: (scope: string) => paramNameText((estimator.finder?.loss ?? "Estimate/P<tot> {{scope}} (W)").replace("{{scope}}", estimator.scope?.[scope] ?? scope)),
    stage: paramNameText(estimator.finder?.stageLoss ?? "Estimate/P<stage> (W)"),
    tj: paramNameText(estimator.finder?.tj ?? "Estimate/T<j> (°C)"),
    runaway: estimator.breakdown?.runaway ?? "runaway",
    aboveData: (estimator.judged?.outside ?? "above {{limit}} °C (outside the data)").replace("{{limit}}", String(MODEL_TJ_RANGE.max)),
    suitable: estimator.compare?.suitable ?? "Suitable at this point",
    yes: estimator.compare?.yes ?? "Yes",
    notSuitable: estimator.finder?.notSuitable ?? "not suitable",
  };
}

const line = (cells: ReadonlyArray<string | number | null | undefined>) => `${cells.map(csvCell).join(",")}\r\n`;

/** Writes and waits while the socket's buffer is full; false once the client is gone. */
async function write(res: Response, text: string, gone: AbortSignal): Promise<boolean> {
  if (gone.aborted) return false;
  if (res.write(text)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      gone.removeEventListener("abort", done);
      resolve();
    };
    res.on("drain", done);
    gone.addEventListener("abort", done);
  });
  return !gone.aborted;
}

export function catalogCsv(options: CatalogCsvOptions) {
  const { config, logger } = options;
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const maxRows = options.maxRows ?? MAX_ROWS;
  const limited = options.rateLimit ?? ((_req: Request, _res: Response, next: NextFunction) => next());

  async function exportCsv(req: Request, res: Response, language: Language, id: number) {
    // The client going away stops every upstream read of this file.
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) gone.abort();
    });
    const api = () =>
      visitorPageClient(req, res, {
        config,
        caches: options.caches,
        language,
        // Each call its own timeout: a long file is many calls, not one deadline.
        signal: AbortSignal.any([gone.signal, AbortSignal.timeout(config.upstreamTimeoutMs)]),
      });
    const search = new URL(req.originalUrl, "http://site").searchParams;
    let streaming = false;
    try {
      const filters = await api().call(queryDistinctProductFieldData, { siteListId: id });
      // Read against the family's columns at once: what does not fit is dropped, as on the page.
      const query = parseFinderQuery(search, finderFields(filters.fields));
      // The rows' loss data only for the estimate columns: without an operating point the file has none.
      const loss = parseOperatingPoint(search.get("op"))?.ok ? "rows" : "none";
      const first: ProductPage = await api().call(querySiteListDataByPage, finderListBody(id, query, { pageIndex: 1, pageSize }, loss));
      if (first.node.partNumber) {
        sendPlainNotFound(res);
        return;
      }
      const text = strings(options.resources[language]);
      const lifecycle = lifecycleLabels(options.resources[language]);
      const header = [
        text.partNumber ?? "Part number",
        ...first.paramTable.map((column) => paramNameText(paramNameWithUnit(column.paramName, column.unit))),
        text.csvNew ?? "New",
        text.summary ?? "Description",
        text.datasheet ?? "Datasheet",
        lifecycle.column,
      ];
      // With an operating point, the estimator's loss and T_j columns as on the page.
      const labels = estimateLabels(options.resources[language]);
      // The header says what the figures cover (per diode, leg or switch position): a family is of one kind, so its
      // first page tells.
      // The part with= names for the stage's other device, as on the page (companion.ts).
      const companion = loss === "rows" ? await fetchCompanion(api(), search.get("with")) : null;
      const estimates = estimateCsv(search, first.list, labels, companion);
      if (estimates) header.push(...estimates.header);
      // Ranked by an estimate, the order is known only once every row is read: those rows are gathered first.
      const ranked = !!estimates && !!readEstimateSort(search.get("sort"));
      const origin = config.origin;
      const row = (product: ProductListItem) =>
        line([
          product.partNumber,
          ...first.paramTable.map((column) => product.params[column.fieldId] ?? ""),
          product.isNew ? (text.csvYes ?? "yes") : "",
          product.summary,
          product.datasheet ? `${origin}/api${product.datasheet.downloadPath}` : "",
          lifecycle.state[product.lifecycle.state] ?? product.lifecycle.state,
          ...(estimates?.cells(product) ?? []),
        ]);

      const total = first.total;
      const shown = Math.min(total, maxRows);
      const pages = Math.ceil(shown / pageSize);
      const fileName = `qingyun-${first.node.id}-${language}.csv`;
      res.status(200);
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
      res.setHeader("Content-Language", htmlLang[language]);
      res.setHeader("Cache-Control", "private, no-cache");
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      streaming = true;
      // The byte-order mark lets spreadsheets read Chinese as UTF-8.
      if (!(await write(res, `\uFEFF${line(header)}`, gone.signal))) return;

      // Pages 2… are read a few at a time and written in order: page N waits for page N-1 to be written.
      const pending = new Map<number, Promise<ProductListItem[]>>();
      let requested = 1;
      const request = () => {
        while (requested < pages && pending.size < PAGE_CONCURRENCY) {
          const pageIndex = ++requested;
          const read = api()
            .call(querySiteListDataByPage, finderListBody(id, query, { pageIndex, pageSize }, loss))
            .then((page) => page.list);
          read.catch(() => {}); // awaited in order below; a rejection before then is not unhandled
          pending.set(pageIndex, read);
        }
      };
      request();
      const gathered: ProductListItem[] = [];
      let written = 0;
      for (let pageIndex = 1; pageIndex <= pages; pageIndex++) {
        let list = pageIndex === 1 ? first.list : await pending.get(pageIndex)!;
        pending.delete(pageIndex);
        request();
        list = list.slice(0, shown - written);
        written += list.length;
        if (ranked) gathered.push(...list);
        else if (!(await write(res, list.map(row).join(""), gone.signal))) return;
        if (list.length === 0) break;
      }
      if (ranked && !(await write(res, estimateCsv(search, gathered, labels, companion)!.rows.map(row).join(""), gone.signal))) return;
      // The cap is stated in the file itself, never a silent cut.
      if (written < total) {
        const message = (text.csvCapped ?? "Only the first {{shown}} of {{total}} products are in this file.")
          .replace("{{shown}}", String(written))
          .replace("{{total}}", String(total));
        if (!(await write(res, line([message]), gone.signal))) return;
      }
      res.end();
    } catch (error) {
      if (gone.signal.aborted) return;
      if (streaming) {
        // Rows were sent already: the status cannot change, so the transfer is cut short rather than ended,
        // and the client sees a failed download instead of a file silently missing rows.
        logger.error({ err: error, url: req.originalUrl }, "catalog csv failed while streaming");
        res.destroy();
        return;
      }
      if (error instanceof ApiCallError && error.status === 404) {
        sendPlainNotFound(res);
        return;
      }
      if (error instanceof ApiCallError && error.status === 400) {
        res.status(400).type("text/plain").send("Bad request");
        return;
      }
      logger.error({ err: error, url: req.originalUrl }, "catalog csv failed");
      res.status(502).type("text/plain").send("The product data is not available right now");
    }
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const match = matchCategoryCsv(req.path);
    if (!match) return next();
    const { language, id } = match;
    limited(req, res, (error?: unknown) => {
      if (error) return next(error);
      exportCsv(req, res, language, id).catch(next);
    });
  };
}
