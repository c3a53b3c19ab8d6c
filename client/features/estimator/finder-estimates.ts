// The finder's ranking by estimate: with a valid `op` and `sort=estLoss:…` or `sort=estTj:…` the
// server fetches the whole filtered result, estimates every row, sorts and pages it itself, so the ranking
// is complete, server-rendered from the URL alone and shareable. Used by the products loader.
import { MAX_PAGE_SIZE, querySiteListDataByPage, type ProductListItem, type ProductPage, type QuerySiteListDataByPageBody } from "../../../shared/contract/index.ts";
import type { OperatingPoint, ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { EST_LOSS, EST_TJ, type EstimateSort } from "../../../shared/estimator/estimate-sort.ts";
import type { RowEstimate } from "./finder-row-estimates.ts";
import type { FinderQuery } from "../../../shared/query/finder.ts";
import type { PageClient } from "../../api/page-client.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";

// The URL helpers live with the sort names (the finder's loader reads them without loading this module).
export { EST_LOSS, EST_TJ };

/**
 * The loader's estimator work in one call: the part `with=` names for the stage's other device (companion.ts, loaded
 * only when the URL names one; docs/decisions/043-line-frequency-and-slow-leg.md), the ranking by estimate when the
 * URL asks for one (`body`: the filters without sort or paging), and the estimates of the page's rows.
 */
export async function finderEstimates<D extends { page: ProductPage; query: FinderQuery }>(
  api: PageClient,
  body: QuerySiteListDataByPageBody,
  data: D,
  ranking: { sort: EstimateSort; op: OperatingPoint } | null,
  parsed: ParsedOperatingPoint | null,
): Promise<{ data: D; estimates: Record<number, RowEstimate> | null }> {
  const text = data.query.with;
  const companion = text ? await (await import("./companion.ts")).fetchCompanion(api, text) : null;
  const ranked = ranking ? await rankedFinderPage(api, body, data, ranking, companion) : data;
  return { data: ranked, estimates: await finderRowEstimates(ranked.page.list, parsed, companion) };
}
export { estimateSortOf, withoutEstimateSort } from "../../../shared/estimator/estimate-sort.ts";
/** Pages of the filtered result asked for at once: the whole result is fetched, a few calls at a time. */
const PARALLEL_FETCHES = 4;
/**
 * Replaces a finder page by the ranked one: every row of the filtered result (`body`: the filters without
 * sort or paging) is fetched, ranked and cut to the query's page; the query gets its estimate sort back.
 */
export async function rankedFinderPage<D extends { page: ProductPage; query: FinderQuery }>(
  api: PageClient,
  body: QuerySiteListDataByPageBody,
  data: D,
  ranking: { sort: EstimateSort; op: OperatingPoint },
  companion: StageCompanion | null = null,
): Promise<D> {
  // Every matching part is ranked, however many: the first page tells how many pages follow.
  const fetchPage = (pageIndex: number) => api.call(querySiteListDataByPage, { ...body, pageIndex, pageSize: MAX_PAGE_SIZE });
  const first = await fetchPage(1);
  const rows: ProductListItem[] = [...first.list];
  const pageCount = Math.ceil(first.total / MAX_PAGE_SIZE);
  for (let start = 2; start <= pageCount; start += PARALLEL_FETCHES) {
    const indexes = Array.from({ length: Math.min(PARALLEL_FETCHES, pageCount - start + 1) }, (_, offset) => start + offset);
    for (const chunk of await Promise.all(indexes.map(fetchPage))) rows.push(...chunk.list);
  }
  const { rankByEstimate } = await import("./finder-row-estimates.ts");
  const ranked = rankByEstimate(rows, ranking.op, ranking.sort, companion);
  const start = (data.query.page - 1) * data.query.size;
  return {
    ...data,
    page: { ...data.page, list: ranked.slice(start, start + data.query.size) },
    query: { ...data.query, sort: ranking.sort },
  };
}

/**
 * The estimates of a finder page's rows at its operating point, for the estimate columns: worked out here, in the
 * loader, with the model loaded on demand, so the finder's first JavaScript carries no model (the server-rendered
 * page brings the numbers in its loader data). Null without a valid point.
 */
async function finderRowEstimates(
  list: ProductListItem[],
  parsed: ParsedOperatingPoint | null | undefined,
  companion: StageCompanion | null = null,
): Promise<Record<number, RowEstimate> | null> {
  if (!parsed?.ok) return null;
  const { rowEstimates } = await import("./finder-row-estimates.ts");
  return rowEstimates(list, parsed.value, companion);
}
