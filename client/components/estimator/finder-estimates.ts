// The finder's ranking by estimate (issue 10): with a valid `op` and `sort=estLoss:…` or `sort=estTj:…` the
// server fetches the whole filtered result, estimates every row, sorts and pages it itself, so the ranking
// is complete, server-rendered from the URL alone and shareable. Used by the products loader.
import { MAX_PAGE_SIZE, querySiteListDataByPage, type ProductListItem, type ProductPage, type QuerySiteListDataByPageBody } from "../../../shared/contract/index.ts";
import type { OperatingPoint, ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { EST_LOSS, EST_TJ, readEstimateSort, type EstimateSort } from "../../../shared/estimator/estimate-sort.ts";
import type { Estimate } from "../../../shared/estimator/estimate.ts";
import type { FinderQuery } from "../../../shared/finder-query.ts";
import type { PageClient } from "../../api/page-client.ts";

export { EST_LOSS, EST_TJ };
/** The whole filtered result is fetched in pages of MAX_PAGE_SIZE, at most this many (a family holds dozens). */
const MAX_FETCHES = 10;

/** The estimate sort of a URL, when it has one and a valid operating point to sort by. */
export function estimateSortOf(url: URL, parsed: ParsedOperatingPoint | null): { sort: EstimateSort; op: OperatingPoint } | null {
  const sort = readEstimateSort(url.searchParams.get("sort"));
  return sort && parsed?.ok ? { sort, op: parsed.value } : null;
}

/** The URL without its estimate sort: what the upstream, which knows only parameter columns, is asked. */
export function withoutEstimateSort(url: URL): URL {
  if (!readEstimateSort(url.searchParams.get("sort"))) return url;
  const copy = new URL(url);
  copy.searchParams.delete("sort");
  return copy;
}

/**
 * Replaces a finder page by the ranked one: every row of the filtered result (`body`: the filters without
 * sort or paging) is fetched, ranked and cut to the query's page; the query gets its estimate sort back.
 */
export async function rankedFinderPage<D extends { page: ProductPage; query: FinderQuery }>(
  api: PageClient,
  body: QuerySiteListDataByPageBody,
  data: D,
  ranking: { sort: EstimateSort; op: OperatingPoint },
): Promise<D> {
  const rows: ProductListItem[] = [];
  for (let pageIndex = 1; pageIndex <= MAX_FETCHES; pageIndex++) {
    const chunk = await api.call(querySiteListDataByPage, { ...body, pageIndex, pageSize: MAX_PAGE_SIZE });
    rows.push(...chunk.list);
    if (rows.length >= chunk.total || chunk.list.length === 0) break;
  }
  // The model comes with the loader's work, not with the page's first load (the cells get its results).
  const { rankByEstimate } = await import("../../../shared/estimator/ranking.ts");
  const ranked = rankByEstimate(rows, ranking.op, ranking.sort);
  const start = (data.query.page - 1) * data.query.size;
  return {
    ...data,
    page: { ...data.page, list: ranked.slice(start, start + data.query.size) },
    query: { ...data.query, sort: ranking.sort },
  };
}

/** What a finder row shows of its estimate (the cells need no more, and the page's data carries it). */
export type RowEstimate = Pick<Estimate, "tj" | "unsuitable" | "warnings"> & { total: number };

/**
 * The estimate of every row of the page, by product id, made in the loader: the model (estimate.ts and the
 * modulations) is imported here, lazily, so the finder's first load carries the figures and not the model.
 */
export async function finderEstimates(list: ProductListItem[], parsed: ParsedOperatingPoint | null | undefined): Promise<Record<number, RowEstimate> | undefined> {
  if (!parsed?.ok) return undefined;
  const { estimate } = await import("../../../shared/estimator/estimate.ts");
  const estimates: Record<number, RowEstimate> = {};
  for (const product of list) {
    if (!product.loss) continue;
    const result = estimate(product.loss, parsed.value);
    estimates[product.id] = { total: result.losses.total, tj: result.tj, unsuitable: result.unsuitable, warnings: result.warnings };
  }
  return estimates;
}
