// The finder's estimate sorts (`sort=estLoss:asc`, `estTj:desc`), read without the model: the loader that reads
// them is in every product page's first load, and the model (ranking.ts, estimate.ts) is imported only to rank.
export const EST_LOSS = "estLoss";
export const EST_TJ = "estTj";
export type EstimateSortField = typeof EST_LOSS | typeof EST_TJ;
export interface EstimateSort {
  fieldId: EstimateSortField;
  order: "asc" | "desc";
}

/** The estimate sort a `sort` parameter names (`estLoss:asc`…), or null. */
export function readEstimateSort(sort: string | null): EstimateSort | null {
  const match = /^(estLoss|estTj):(asc|desc)$/.exec(sort ?? "");
  return match ? { fieldId: match[1] as EstimateSortField, order: match[2] as EstimateSort["order"] } : null;
}
