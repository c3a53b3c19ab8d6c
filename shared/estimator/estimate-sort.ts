// The estimate sorts of the finder's URL (`sort=estLoss:asc`, `sort=estTj:desc`): read without the model, so
// pages that only need to know whether a URL ranks by estimate load no estimator with their first JavaScript.

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
