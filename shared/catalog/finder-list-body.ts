// The finder's URL state as the upstream's list body, for the page's loader and the CSV alike; apart from
// shared/query/finder.ts because the finder's first load needs the parser, not this.
import type { QuerySiteListDataByPageBody } from "../contract/products.ts";
import { finderLifecycle, type FinderQuery } from "../query/finder.ts";

/**
 * The finder state as the upstream's list body, for the page and the CSV alike; `paging` null leaves paging
 * out (a ranking that reads every row). Defaults are left out, so equal states make equal bodies. `loss`: the
 * rows' loss data, which only estimates read ("rows", the default); a page or file without an operating point
 * asks for the typical part's alone or for none (the contract's `loss`).
 */
export function finderListBody(
  siteListId: number,
  query: FinderQuery,
  paging: { pageIndex: number; pageSize: number } | null,
  loss: NonNullable<QuerySiteListDataByPageBody["loss"]> = "rows",
): QuerySiteListDataByPageBody {
  const body: QuerySiteListDataByPageBody = { siteListId };
  if (loss !== "rows") body.loss = loss;
  if (query.q) body.keyword = query.q;
  if (Object.keys(query.values).length) body.filters = query.values;
  if (Object.keys(query.ranges).length) body.ranges = query.ranges;
  if (query.sort) body.sort = query.sort;
  // Always sent: the finder's default hides obsolete parts, which the upstream lists unless told.
  body.lifecycle = [...finderLifecycle(query)];
  if (paging) {
    body.pageIndex = paging.pageIndex;
    body.pageSize = paging.pageSize;
  }
  return body;
}
