// What the finder's estimate columns show of each row, worked out by the loader: loaded on demand (only when
// the URL has an operating point) so the model stays out of the finder's first JavaScript.
import type { ProductListItem } from "../../../shared/contract/products.ts";
import type { estimate, Estimate, JunctionEstimate } from "../../../shared/estimator/estimate.ts";
import { refusalOf, type Refusal } from "../../../shared/estimator/refusal.ts";
import { namedPart, stageLoss, type StageLoss } from "../../../shared/estimator/stage-loss.ts";
import { pointEstimate } from "../../../shared/estimator/converter.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";

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
  /**
   * A PFC or DC/DC point: the loss of the stage's devices this part fills (and the part `with=` names, where it fills
   * one), and the stage's efficiency (stage-loss.ts); with rs, the whole converter's.
   */
  stage?: StageLoss;
}

/** Product id → its estimate at `op` (`companion`: the part `with=` names); rows without loss data are left out. */
export function rowEstimates(list: ProductListItem[], op: Parameters<typeof estimate>[1], companion: StageCompanion | null = null): Record<number, RowEstimate> {
  const result: Record<number, RowEstimate> = {};
  for (const product of list) {
    if (!product.loss) continue;
    const refused = refusalOf(product.loss, op);
    if (refused) {
      result[product.id] = { total: null, tj: null, unsuitable: [], warnings: [], refused };
      continue;
    }
    // With rs the hottest part's figures at the solved sink, judged with the whole sink (decision 049).
    const estimated = pointEstimate(product.loss, op, namedPart(companion, op)).result;
    const { losses, tj, junctions, unsuitable, warnings } = estimated;
    const beyond = junctions.find((junction) => junction.beyond)?.beyond;
    const stage = stageLoss(product.loss, op, estimated, companion);
    result[product.id] = { total: losses.total, tj, ...(beyond ? { beyond } : {}), unsuitable, warnings, ...(stage ? { stage } : {}) };
  }
  return result;
}
