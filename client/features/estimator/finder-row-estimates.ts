// What the finder's estimate columns show of each row, worked out by the loader: loaded on demand (only when
// the URL has an operating point) so the model stays out of the finder's first JavaScript.
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { estimate, type Estimate, type JunctionEstimate } from "../../../shared/estimator/estimate.ts";
import { refusalOf, type Refusal } from "../../../shared/estimator/refusal.ts";

export { rankByEstimate } from "../../../shared/estimator/ranking.ts";

/** A row's estimate as its cells need it (the loader data carries it, so keep it small). */
export interface RowEstimate {
  /** Null where the estimator refuses the part at this point (`refused` says why). */
  total: number | null;
  tj: Estimate["tj"];
  /** Why the hottest junction has no temperature, when it has none. */
  beyond?: JunctionEstimate["beyond"];
  unsuitable: Estimate["unsuitable"];
  warnings: Estimate["warnings"];
  refused?: Refusal;
}

/** Product id → its estimate at `op`; rows without loss data are left out. */
export function rowEstimates(list: ProductListItem[], op: Parameters<typeof estimate>[1]): Record<number, RowEstimate> {
  const result: Record<number, RowEstimate> = {};
  for (const product of list) {
    if (!product.loss) continue;
    const refused = refusalOf(product.loss, op);
    if (refused) {
      result[product.id] = { total: null, tj: null, unsuitable: [], warnings: [], refused };
      continue;
    }
    const { losses, tj, junctions, unsuitable, warnings } = estimate(product.loss, op);
    const beyond = junctions.find((junction) => junction.beyond)?.beyond;
    result[product.id] = { total: losses.total, tj, ...(beyond ? { beyond } : {}), unsuitable, warnings };
  }
  return result;
}
