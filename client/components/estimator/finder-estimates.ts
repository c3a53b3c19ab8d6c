// The finder's ranking by estimate (issue 10): with a valid `op` and `sort=estLoss:…` or `sort=estTj:…` the
// server fetches the whole filtered result, estimates every row, sorts and pages it itself, so the ranking
// is complete, server-rendered from the URL alone and shareable. Used by the products loader.
import { MAX_PAGE_SIZE, querySiteListDataByPage, type ProductListItem, type ProductPage, type QuerySiteListDataByPageBody } from "../../../shared/contract/index.ts";
import { estimate, parseOperatingPoint, type OperatingPoint } from "../../../shared/estimator/index.ts";
import type { FinderQuery, FinderSort } from "../../../shared/finder-query.ts";
import type { PageClient } from "../../api/page-client.ts";

export const EST_LOSS = "estLoss";
export const EST_TJ = "estTj";
const estimateIds: readonly string[] = [EST_LOSS, EST_TJ];
/** The whole filtered result is fetched in pages of MAX_PAGE_SIZE, at most this many (a family holds dozens). */
const MAX_FETCHES = 10;

/** The estimate sort of a URL, when it has one and a valid operating point to sort by. */
export function estimateSortOf(url: URL): { sort: FinderSort; op: OperatingPoint } | null {
  const match = /^(estLoss|estTj):(asc|desc)$/.exec(url.searchParams.get("sort") ?? "");
  const parsed = parseOperatingPoint(url.searchParams.get("op"));
  if (!match || !parsed?.ok) return null;
  return { sort: { fieldId: match[1]!, order: match[2] as FinderSort["order"] }, op: parsed.value };
}

/** The URL without its estimate sort: what the upstream, which knows only parameter columns, is asked. */
export function withoutEstimateSort(url: URL): URL {
  const sort = url.searchParams.get("sort") ?? "";
  if (!estimateIds.some((id) => sort.startsWith(`${id}:`))) return url;
  const copy = new URL(url);
  copy.searchParams.delete("sort");
  return copy;
}

/**
 * Orders rows by estimated total loss or hottest T_j. Rows without an estimate, and rows in thermal runaway
 * (no steady temperature), come last in either direction; ties keep the catalogue order.
 */
export function rankByEstimate(list: ProductListItem[], op: OperatingPoint, sort: FinderSort): ProductListItem[] {
  const key = (product: ProductListItem): number | null => {
    if (!product.loss) return null;
    const result = estimate(product.loss, op);
    if (result.tj === null) return null;
    return sort.fieldId === EST_TJ ? result.tj : result.losses.total;
  };
  const keyed = list.map((product, index) => ({ product, index, key: key(product) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
    return (sort.order === "asc" ? a.key - b.key : b.key - a.key) || a.index - b.index;
  });
  return keyed.map((entry) => entry.product);
}

/**
 * Replaces a finder page by the ranked one: every row of the filtered result (`body`: the filters without
 * sort or paging) is fetched, ranked and cut to the query's page; the query gets its estimate sort back.
 */
export async function rankedFinderPage<D extends { page: ProductPage; query: FinderQuery }>(
  api: PageClient,
  body: QuerySiteListDataByPageBody,
  data: D,
  ranking: { sort: FinderSort; op: OperatingPoint },
): Promise<D> {
  const rows: ProductListItem[] = [];
  for (let pageIndex = 1; pageIndex <= MAX_FETCHES; pageIndex++) {
    const chunk = await api.call(querySiteListDataByPage, { ...body, pageIndex, pageSize: MAX_PAGE_SIZE });
    rows.push(...chunk.list);
    if (rows.length >= chunk.total || chunk.list.length === 0) break;
  }
  const ranked = rankByEstimate(rows, ranking.op, ranking.sort);
  const start = (data.query.page - 1) * data.query.size;
  return {
    ...data,
    page: { ...data.page, list: ranked.slice(start, start + data.query.size) },
    query: { ...data.query, sort: ranking.sort },
  };
}

/**
 * The CSV of the finder (server/catalog-csv.ts) with the same estimate: two columns appended when `op` is
 * valid, and the rows ranked when the URL sorts by an estimate. Null when there is no valid operating point.
 */
export function estimateCsv(
  search: URLSearchParams,
  rows: ProductListItem[],
  labels: { loss: string; tj: string; runaway: string },
): { header: string[]; rows: ProductListItem[]; cells: (product: ProductListItem) => Array<string | number> } | null {
  const parsed = parseOperatingPoint(search.get("op"));
  if (!parsed?.ok) return null;
  const point = parsed.value;
  const ranking = estimateSortOf(new URL(`http://csv/?${search}`));
  return {
    header: [labels.loss, labels.tj],
    rows: ranking ? rankByEstimate(rows, point, ranking.sort) : rows,
    cells: (product) => {
      if (!product.loss) return ["", ""];
      const result = estimate(product.loss, point);
      return [Number(result.losses.total.toPrecision(4)), result.tj === null ? labels.runaway : Math.round(result.tj)];
    },
  };
}
