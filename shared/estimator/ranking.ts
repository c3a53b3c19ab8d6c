// Ranking parts by their estimate (the finder's sort=estLoss / estTj): pure, no zod, shared by the finder's
// loader and the CSV.
import type { ProductListItem } from "../contract/products.ts";
import { estimate } from "./estimate.ts";
import type { OperatingPoint } from "./operating-point.ts";

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

/**
 * Orders rows by estimated total loss or hottest T_j. Rows without an estimate, and rows in thermal runaway
 * (no steady temperature), come last in either direction; ties keep the catalogue order.
 */
export function rankByEstimate(list: ProductListItem[], op: OperatingPoint, sort: EstimateSort): ProductListItem[] {
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
