// The finder's CSV (server/exports/catalog-csv.ts) with the page's estimate: loss, T_j and whether the part can stand
// the point appended when `op` is valid, and the rows ranked (suitable parts first) when the URL sorts by an estimate. Server-side only (it validates with zod).
import type { ProductListItem } from "../contract/products.ts";
import { isSuitable } from "./estimate.ts";
import { pointEstimate } from "./converter.ts";
import { refusalOf } from "./refusal.ts";
import { rankByEstimate, readEstimateSort } from "./ranking.ts";
import { parseOperatingPoint } from "./validate.ts";
import { listScope, type LossScope } from "./scope.ts";

export function estimateCsv(
  search: URLSearchParams,
  rows: ProductListItem[],
  /** `loss`: the header of the loss column for what its figures cover (scope.ts). */
  labels: { loss: (scope: LossScope) => string; tj: string; runaway: string; aboveData: string; suitable: string; yes: string; notSuitable: string },
): { header: string[]; rows: ProductListItem[]; cells: (product: ProductListItem) => Array<string | number> } | null {
  const parsed = parseOperatingPoint(search.get("op"));
  if (!parsed?.ok) return null;
  const point = parsed.value;
  const sort = readEstimateSort(search.get("sort"));
  return {
    header: [
      labels.loss(
        listScope(
          rows.flatMap((product) => (product.loss ? [product.loss.kind] : [])),
          point.mode,
        ),
      ),
      labels.tj,
      labels.suitable,
    ],
    rows: sort ? rankByEstimate(rows, point, sort) : rows,
    cells: (product) => {
      if (!product.loss) return ["", "", ""];
      // A refused part (refusal.ts) has no figures: not suitable, with the cells empty.
      if (refusalOf(product.loss, point)) return ["", "", labels.notSuitable];
      // As the finder's cells: with rs the hottest part's figures at the solved sink (pointEstimate, decision 049).
      const result = pointEstimate(product.loss, point).result;
      const beyond = result.junctions.find((junction) => junction.beyond)?.beyond;
      return [
        Number(result.losses.total.toPrecision(3)),
        result.tj === null ? (beyond === "runaway" ? labels.runaway : labels.aboveData) : Math.round(result.tj),
        isSuitable(result) ? labels.yes : labels.notSuitable,
      ];
    },
  };
}
