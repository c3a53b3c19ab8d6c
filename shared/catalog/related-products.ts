// "Related products" of a detail page: other products of the same family, the same series first, then by
// how close their key (numeric) parameters are. Ratings span decades (5 A … 600 A), so closeness is the
// mean absolute log-ratio of the shared numeric parameters: 20 A vs 40 A is as far as 200 A vs 400 A.
import type { ParamColumn, ParamValue } from "../contract/products.ts";

export interface RelatedCandidate {
  id: number;
  parentId: number;
  params: Record<string, ParamValue>;
}

/** Distance of two parameter sets over the numeric columns both state; Infinity when they share none. */
export function parameterDistance(a: Record<string, ParamValue>, b: Record<string, ParamValue>, columns: ParamColumn[]): number {
  let sum = 0;
  let count = 0;
  for (const column of columns) {
    if (!column.sortable) continue;
    const x = a[column.fieldId];
    const y = b[column.fieldId];
    if (typeof x !== "number" || typeof y !== "number") continue;
    // Log-ratio for positive values; a relative difference otherwise (e.g. a negative threshold).
    sum += x > 0 && y > 0 ? Math.abs(Math.log(x / y)) : Math.abs(x - y) / (Math.abs(x) + Math.abs(y) || 1);
    count += 1;
  }
  return count ? sum / count : Number.POSITIVE_INFINITY;
}

/** Up to `limit` products nearest to `product`: same series first, then by parameter distance, then catalogue order. */
export function relatedProducts<T extends RelatedCandidate>(product: RelatedCandidate, candidates: T[], columns: ParamColumn[], limit = 4): T[] {
  return candidates
    .map((candidate, order) => ({ candidate, order, distance: parameterDistance(product.params, candidate.params, columns) }))
    .filter(({ candidate }) => candidate.id !== product.id)
    .sort((a, b) => Number(b.candidate.parentId === product.parentId) - Number(a.candidate.parentId === product.parentId) || a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
