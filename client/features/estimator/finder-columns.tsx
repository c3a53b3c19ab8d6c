// The finder's estimate columns: estimated total loss and hottest T_j of every row at the
// operating point, a part that cannot stand it marked "not suitable" with the reason; appended to the finder's
// column list (client/pages/products/finder-columns.tsx) and sortable as `sort=estLoss:asc` / `estTj:asc`
// (the loader ranks the whole filtered result, finder-estimates.ts); at a PFC or DC/DC point a third, the stage's
// loss (`estStage`, docs/decisions/043-line-frequency-and-slow-leg.md), with the stage's count and efficiency.
import type { TFunction } from "i18next";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { listScope } from "../../../shared/estimator/scope.ts";
import type { Language } from "../../../shared/languages.ts";
import type { FinderColumn } from "../../pages/products/finder-columns.tsx";
import { formatWatts, tjText } from "./format.ts";
import { MODEL_TJ_RANGE } from "../../../shared/estimator/equations.ts";
import { warningText } from "./warning-text.ts";
import { EST_LOSS, EST_STAGE, EST_TJ } from "../../../shared/estimator/estimate-sort.ts";
import type { RowEstimate } from "./finder-row-estimates.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { subscriptsText } from "../../../shared/text/param-name.ts";

/**
 * "Stage: 2 × this part, 10.2 W, efficiency at most 98.7 %" (with the part `with=` names where it is counted, or
 * that it is not) in a PFC or DC/DC part's stage cell; null elsewhere.
 */
function stageNote(result: RowEstimate, t: TFunction<"estimator">, language: Language): string | null {
  const stage = result.stage;
  if (!stage) return null;
  const value = stage.efficiency === null ? "–" : (stage.efficiency * 100).toFixed(2);
  const values = { count: stage.count, loss: formatWatts(stage.loss, language), efficiency: stage.bound ? t("stage.atMost", { value }) : value };
  const text = stage.with
    ? t("finder.stageWith", { ...values, withCount: stage.with.count, role: t(`stage.role_${stage.with.role}`), part: stage.with.part })
    : t("finder.stage", values);
  return stage.skipped ? text + t("finder.stageSkipped", { part: stage.skipped }) : text;
}

/**
 * The columns over the rows' estimates, which the loader worked out (finder-estimates.ts), so this module carries
 * no model; `list`: the page's rows, whose kinds say what the loss column's figures cover (per diode, position or leg).
 */
export function estimateColumns(
  estimates: Record<number, RowEstimate>,
  t: TFunction<"estimator">,
  language: Language,
  op: OperatingPoint,
  list: ProductListItem[] = [],
): FinderColumn[] {
  const resultOf = (product: ProductListItem): RowEstimate | null => estimates[product.id] ?? null;
  const text = warningText(t, language, true);
  /** `reasons`: whether this cell spells out why a part is unsuitable (one column does, the other marks it). */
  const cell = (product: ProductListItem, value: (result: RowEstimate) => string, reasons: boolean, note?: (result: RowEstimate) => string | null) => {
    const result = resultOf(product);
    if (!result) return <span className="estimate-cell estimate-cell--none">{t("finder.none")}</span>;
    if (result.refused) {
      const why = `${t("judged.refused")} ${text(result.refused)}`;
      return (
        <span className="estimate-cell estimate-cell--none" title={subscriptsText(why)}>
          {t("finder.none")}
          {reasons ? (
            <small className="estimate-cell__reason">
              <WithSubscripts text={why} />
            </small>
          ) : (
            <span className="visually-hidden">{` (${subscriptsText(why)})`}</span>
          )}
        </span>
      );
    }
    const suitable = result.unsuitable.length === 0;
    const caution = suitable && result.warnings.length > 0;
    const why = suitable ? null : t("finder.notSuitableBecause", { reasons: result.unsuitable.map(text).join(" ") });
    return (
      <span
        className={`estimate-cell${suitable ? "" : " is-over"}`}
        title={why ? subscriptsText(why) : caution ? subscriptsText(result.warnings.map(text).join(" ")) : undefined}
      >
        {value(result)}
        {!suitable || caution ? (
          <span className="estimate-cell__mark" aria-hidden="true">
            {" ⚠"}
          </span>
        ) : null}
        {note?.(result) ? <small className="estimate-cell__reason">{note(result)}</small> : null}
        {why && reasons ? (
          <small className="estimate-cell__reason">
            <WithSubscripts text={why} />
          </small>
        ) : null}
        {why && !reasons ? <span className="visually-hidden">{` (${t("finder.notSuitable")})`}</span> : null}
        {caution ? <span className="visually-hidden">{` (${t("finder.caution")}: ${subscriptsText(result.warnings.map(text).join(" "))})`}</span> : null}
      </span>
    );
  };
  return [
    {
      id: EST_LOSS,
      // The header says what the figure covers: per switch position (inverter), per leg (DC/DC), per diode.
      name: t("finder.loss", {
        scope: t(
          `scope.${listScope(
            list.flatMap((product) => (product.loss ? [product.loss.kind] : [])),
            op.mode,
          )}`,
        ),
      }),
      description: t("finder.lossDescription"),
      unit: "W",
      numeric: true,
      sortable: true,
      value: (product) => {
        const result = resultOf(product);
        return result?.total == null ? null : Number(result.total.toPrecision(3));
      },
      render: (product) => cell(product, (result) => formatWatts(result.total ?? 0, language), true),
    },
    // A PFC or DC/DC point, or any with rs (the whole converter): the stage's loss, its count and efficiency beside the
    // part's own (stage-loss.ts).
    ...(op.mode === "inverter" && op.rsa === undefined
      ? []
      : [
          {
            id: EST_STAGE,
            name: t("finder.stageLoss"),
            description: t("finder.stageLossDescription"),
            unit: "W",
            numeric: true,
            sortable: true,
            value: (product: ProductListItem) => {
              const stage = resultOf(product)?.stage;
              return stage ? Number(stage.loss.toPrecision(3)) : null;
            },
            render: (product: ProductListItem) =>
              cell(
                product,
                (result) => (result.stage ? formatWatts(result.stage.loss, language) : t("finder.none")),
                false,
                (result) => stageNote(result, t, language),
              ),
          } satisfies FinderColumn,
        ]),
    {
      id: EST_TJ,
      name: t("finder.tj"),
      description: t("finder.tjDescription"),
      unit: "°C",
      numeric: true,
      sortable: true,
      value: (product) => {
        const tj = resultOf(product)?.tj;
        return tj === undefined || tj === null ? null : Math.round(tj);
      },
      // "> 250" where the data end: the loss cell beside it says why in full, and the column stays narrow.
      render: (product) =>
        cell(
          product,
          (result) =>
            result.tj == null && result.beyond === "aboveData" ? t("finder.tjAboveData", { limit: MODEL_TJ_RANGE.max }) : tjText(result.tj, result.beyond, t, language),
          false,
        ),
    },
  ];
}
