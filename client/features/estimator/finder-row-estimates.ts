// What the finder's estimate columns show of each row, worked out by the loader: loaded on demand (only when
// the URL has an operating point) so the model stays out of the finder's first JavaScript.
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { estimate, type Estimate } from "../../../shared/estimator/estimate.ts";

export { rankByEstimate } from "../../../shared/estimator/ranking.ts";

/** A row's estimate as its cells need it (the loader data carries it, so keep it small). */
export interface RowEstimate {
  total: number;
  tj: Estimate["tj"];
  unsuitable: Estimate["unsuitable"];
  warnings: Estimate["warnings"];
}

/** Product id → its estimate at `op`; rows without loss data are left out. */
export function rowEstimates(list: ProductListItem[], op: Parameters<typeof estimate>[1]): Record<number, RowEstimate> {
  const result: Record<number, RowEstimate> = {};
  for (const product of list) {
    if (!product.loss) continue;
    const { losses, tj, unsuitable, warnings } = estimate(product.loss, op);
    result[product.id] = { total: losses.total, tj, unsuitable, warnings };
  }
  return result;
}
