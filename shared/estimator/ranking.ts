// Ranking parts by their estimate (the finder's sort=estLoss / estTj / estStage, compare's columns) and choosing the lowest
// loss: pure, no zod, shared by the finder's loader, the CSV and compare.
import type { LossData } from "../contract/loss-data.ts";
import type { ProductListItem } from "../contract/products.ts";
import { isSuitable, type Estimate } from "./estimate.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { refusalOf } from "./refusal.ts";
import { EST_STAGE, EST_TJ, type EstimateSort } from "./estimate-sort.ts";
import { namedPart, stageLoss } from "./stage-loss.ts";
import { pointEstimate } from "./converter.ts";
import type { StageCompanion } from "./stage.ts";

export { readEstimateSort, type EstimateSort } from "./estimate-sort.ts";

/** Where a part stands in a ranking: the suitable ones first, then the unsuitable, then those without an estimate. */
type RankTier = 0 | 1 | 2;

interface Ranked<T> {
  item: T;
  index: number;
  tier: RankTier;
  /** Total loss or hottest T_j; null in thermal runaway (no steady temperature) or without an estimate. */
  key: number | null;
}

/**
 * Orders items by estimated total loss, hottest T_j or the stage's loss (`stageKey`, sort=estStage). Every suitable
 * part comes before every part that cannot stand the operating point (in either direction), and those before parts
 * without an estimate; inside a tier runaway parts come last and ties keep the given order.
 */
function rankEstimates<T>(items: T[], resultOf: (item: T) => Estimate | null, sort: EstimateSort, stageKey?: (item: T, result: Estimate) => number | null): T[] {
  const ranked: Array<Ranked<T>> = items.map((item, index) => {
    const result = resultOf(item);
    if (!result) return { item, index, tier: 2, key: null };
    const key = sort.fieldId === EST_TJ ? result.tj : result.tj === null ? null : sort.fieldId === EST_STAGE && stageKey ? stageKey(item, result) : result.losses.total;
    return { item, index, tier: isSuitable(result) ? 0 : 1, key };
  });
  ranked.sort((a, b) => {
    if (a.tier !== b.tier) return a.tier - b.tier;
    if (a.key === null || b.key === null) return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
    return (sort.order === "asc" ? a.key - b.key : b.key - a.key) || a.index - b.index;
  });
  return ranked.map((entry) => entry.item);
}

/**
 * The finder's rows ranked at an operating point (see rankEstimates). By the stage's loss (stage-loss.ts, with the
 * part `with=` names) at a PFC or DC/DC point, or with rs by the whole converter's; at an inverter point without rs,
 * where the stage is the part's position, by its own.
 */
export function rankByEstimate(list: ProductListItem[], op: OperatingPoint, sort: EstimateSort, companion: StageCompanion | null = null): ProductListItem[] {
  return rankEstimates(
    list,
    // With rs the hottest part's figures at the solved sink, judged with the whole sink (pointEstimate), as the rows show.
    (product) => (product.loss && !refusalOf(product.loss, op) ? pointEstimate(product.loss, op, namedPart(companion, op)).result : null),
    sort,
    (product, result) => stageLoss(product.loss!, op, result, companion)?.loss ?? result.losses.total,
  );
}

/**
 * The parts to mark as having the lowest loss: per device type (MOSFET, diode, IGBT: a diode's losses are never
 * weighed against a switch's), the suitable part with the lowest total, when the type has at least two parts to
 * choose between. Returns their indexes in `parts`.
 */
export function lowestLossPerType(parts: Array<{ kind: LossData["kind"]; result: Estimate; converter?: { totalLoss: number; suitable: boolean } | null }>): Set<number> {
  // With a whole converter (compare with `rs`) its loss and its verdict are the column's; else the part's own.
  const total = (part: (typeof parts)[number]) => part.converter?.totalLoss ?? part.result.losses.total;
  const best = new Set<number>();
  for (const kind of new Set(parts.map((part) => part.kind))) {
    const ofKind = parts.map((part, index) => ({ ...part, index })).filter((part) => part.kind === kind);
    const suitable = ofKind.filter((part) => isSuitable(part.result) && (part.converter?.suitable ?? true));
    if (ofKind.length < 2 || !suitable.length) continue;
    const lowest = Math.min(...suitable.map(total));
    for (const part of suitable) if (total(part) === lowest) best.add(part.index);
  }
  return best;
}
