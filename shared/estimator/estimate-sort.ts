// The estimate sorts of the finder's URL (`sort=estLoss:asc`, `sort=estTj:desc`, `sort=estStage:asc` by the stage's
// loss at a PFC or DC/DC point, docs/decisions/043-line-frequency-and-slow-leg.md): read without the model, so
// pages that only need to know whether a URL ranks by estimate load no estimator with their first JavaScript.

import type { OperatingPoint, ParsedOperatingPoint } from "./operating-point.ts";

export const EST_LOSS = "estLoss";
export const EST_TJ = "estTj";
export const EST_STAGE = "estStage";
type EstimateSortField = typeof EST_LOSS | typeof EST_TJ | typeof EST_STAGE;
export interface EstimateSort {
  fieldId: EstimateSortField;
  order: "asc" | "desc";
}

/** The estimate sort a `sort` parameter names (`estLoss:asc`…), or null. */
export function readEstimateSort(sort: string | null): EstimateSort | null {
  const match = /^(estLoss|estTj|estStage):(asc|desc)$/.exec(sort ?? "");
  return match ? { fieldId: match[1] as EstimateSortField, order: match[2] as EstimateSort["order"] } : null;
}

/** The estimate sort of a URL, when it has one and a valid operating point to sort by. */
export function estimateSortOf(url: URL, parsed: ParsedOperatingPoint | null): { sort: EstimateSort; op: OperatingPoint } | null {
  const sort = readEstimateSort(url.searchParams.get("sort"));
  return sort && parsed?.ok ? { sort, op: parsed.value } : null;
}

/** The URL without its estimate sort: what the upstream, which knows only parameter columns, is asked. */
export function withoutEstimateSort(url: URL): URL {
  if (!readEstimateSort(url.searchParams.get("sort"))) return url;
  const copy = new URL(url);
  copy.searchParams.delete("sort");
  return copy;
}
