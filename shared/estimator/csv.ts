// The finder's CSV (server/exports/catalog-csv.ts) with the page's estimate: loss, T_j and whether the part can stand
// the point appended when `op` is valid, and the rows ranked (suitable parts first) when the URL sorts by an estimate. Server-side only (it validates with zod).
import type { ProductListItem } from "../contract/products.ts";
import { isSuitable } from "./estimate.ts";
import { pointEstimate } from "./converter.ts";
import { refusalOf } from "./refusal.ts";
import { rankByEstimate, readEstimateSort } from "./ranking.ts";
import { parseOperatingPoint } from "./validate.ts";
import { listScope, type LossScope } from "./scope.ts";
import { namedPart, stageLoss } from "./stage-loss.ts";
import type { StageCompanion } from "./stage.ts";

/**
 * The estimate's columns as the finder's (client/features/estimator/finder-columns.tsx): the part's loss, at a PFC or
 * DC/DC point or any with rs the stage's loss (with the part `with=` names: `companion`), T_j, and whether it is suitable.
 */
export function estimateCsv(
  search: URLSearchParams,
  rows: ProductListItem[],
  /** `loss`: the header of the loss column for what its figures cover (scope.ts). */
  labels: { loss: (scope: LossScope) => string; stage: string; tj: string; runaway: string; aboveData: string; suitable: string; yes: string; notSuitable: string },
  companion: StageCompanion | null = null,
): { header: string[]; rows: ProductListItem[]; cells: (product: ProductListItem) => Array<string | number> } | null {
  const parsed = parseOperatingPoint(search.get("op"));
  if (!parsed?.ok) return null;
  const point = parsed.value;
  const sort = readEstimateSort(search.get("sort"));
  const withStage = point.mode !== "inverter" || point.rsa !== undefined;
  const stageCells = <T>(cells: T[]): T[] => (withStage ? cells : []);
  return {
    header: [
      labels.loss(
        listScope(
          rows.flatMap((product) => (product.loss ? [product.loss.kind] : [])),
          point.mode,
        ),
      ),
      ...stageCells([labels.stage]),
      labels.tj,
      labels.suitable,
    ],
    rows: sort ? rankByEstimate(rows, point, sort, companion) : rows,
    cells: (product) => {
      if (!product.loss) return ["", ...stageCells([""]), "", ""];
      // A refused part (refusal.ts) has no figures: not suitable, with the cells empty.
      if (refusalOf(product.loss, point)) return ["", ...stageCells([""]), "", labels.notSuitable];
      // As the finder's cells: with rs the hottest part's figures at the solved sink (pointEstimate, decision 049).
      const result = pointEstimate(product.loss, point, namedPart(companion, point)).result;
      const beyond = result.junctions.find((junction) => junction.beyond)?.beyond;
      const stage = stageLoss(product.loss, point, result, companion);
      return [
        Number(result.losses.total.toPrecision(3)),
        ...stageCells([stage ? Number(stage.loss.toPrecision(3)) : ""]),
        result.tj === null ? (beyond === "runaway" ? labels.runaway : labels.aboveData) : Math.round(result.tj),
        isSuitable(result) ? labels.yes : labels.notSuitable,
      ];
    },
  };
}
