// Compare: the loss breakdown of every compared part side by side at one operating point, so the coolest
// part of the set is one glance away. The parts that can stand the point come first; the lowest loss is marked
// per device type among those only (ranking.ts). Parts without loss data (gate drivers) are left out.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { isSuitable, lossScope, lowestLossPerType, refusalOf, type Estimate, type OperatingPoint } from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { EstimateAssumptions } from "./estimate-notes.tsx";
import { formatWatts, tjText } from "./format.ts";
import { inSwitchRow, lossRows } from "./loss-breakdown.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import { warningText as sentences } from "./warning-text.ts";
import { stageEfficiencyText, stageLossText } from "./stage-estimate.tsx";
import { companionEstimate, stageTotals, type StageCompanion } from "../../../shared/estimator/stage.ts";
import { pointEstimate } from "../../../shared/estimator/converter.ts";
import { namedPart } from "../../../shared/estimator/stage-loss.ts";
import "../../styles/estimator.css";
import { WithSubscripts } from "../../components/param-name.tsx";

export interface ComparedPart {
  partNumber: string;
  loss: LossData | null;
}

const items = ["conduction", "switching", "diodeConduction", "diodeSwitching", "total"] as const;
const itemLabels: Record<(typeof items)[number], string> = {
  conduction: "breakdown.conductionIgbt",
  switching: "breakdown.switching",
  diodeConduction: "breakdown.diodeConduction",
  diodeSwitching: "breakdown.diodeRecovery",
  total: "breakdown.total",
};

/** `companion`: the part `with=` names for the stage's other device (docs/decisions/043-line-frequency-and-slow-leg.md). */
export function CompareLosses({ parts, op, companion = null }: { parts: ComparedPart[]; op: OperatingPoint; companion?: StageCompanion | null }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const warningText = sentences(t, language, true);
  // Parts the estimator refuses at this point (refusal.ts) get the reason in a line of their own, no column.
  const refused = parts.flatMap((part) => {
    const refusal = part.loss ? refusalOf(part.loss, op) : null;
    return refusal ? [{ partNumber: part.partNumber, refusal }] : [];
  });
  // With a heat sink's R_th (`rs`) every column is the whole converter that part builds (decision 029): the same
  // fixed point as the detail page's, the named part (`with=`) on the sink where it fills a device the column's part
  // leaves, and the column's single-part rows those of its hottest part at the solved sink temperature
  // (hottestPartView), so its T_j is the converter's rather than the ambient read as a case temperature.
  // pointEstimate says so (sinkOver) where a junction on the sink fails that the part's own figures do not show.
  const onSink = namedPart(companion, op);
  const all = parts.flatMap((part) => (part.loss && !refusalOf(part.loss, op) ? [{ ...part, loss: part.loss, ...pointEstimate(part.loss, op, onSink) }] : []));
  const suitable = (part: { result: Estimate }) => isSuitable(part.result);
  const refusals = refused.length ? (
    <ul className="estimate-unsuitable" data-estimate="refused">
      {refused.map((part) => (
        <li key={part.partNumber}>
          <WithSubscripts text={`${part.partNumber}: ${t("judged.refused")} ${warningText(part.refusal)}`} />
        </li>
      ))}
    </ul>
  ) : null;
  if (!all.length) return refusals;
  // Every suitable part before every unsuitable one, each group in the order the visitor chose.
  const estimated = [...all.filter(suitable), ...all.filter((part) => !suitable(part))];
  // With rs the converter's loss is what a column costs; without, the part's own.
  const best = lowestLossPerType(estimated.map((part) => ({ kind: part.loss.kind, result: part.result, converter: part.converter })));
  // Parts of one kind get that kind's own labels (and only its items); a mixed set the labels that fit all.
  const first = estimated[0]!;
  const sameKind = estimated.every((part) => part.loss.kind === first.loss.kind);
  const ownLabels = sameKind ? new Map(lossRows(first.loss, first.result).map((row) => [row.key, row.label])) : null;
  const label = (key: (typeof items)[number]) =>
    key === "total"
      ? t("breakdown.total")
      : ownLabels
        ? t(ownLabels.get(key)!)
        : key === "conduction"
          ? `${t("breakdown.conductionMosfet")} / ${t("breakdown.conductionIgbt")}`
          : t(itemLabels[key]);
  const shownItems = items.filter((key) => key === "total" || (ownLabels ? ownLabels.has(key) : estimated.some((part) => part.result.losses[key] > 0)));
  const elsewhere = estimated.map((part) => inSwitchRow(part.loss, part.result));
  // Each part's total at its datasheet maximum values, where its data state them.
  const worst = estimated.map((part) => part.result.worstCase);
  // The hottest peak over the output (or line) period, where the estimate has one (inverter and PFC parts with a Z_th network).
  const peakOf = (result: Estimate) => {
    const peaks = result.junctions.filter((junction) => junction.peak !== undefined).map((junction) => junction.peak as number | null);
    if (!peaks.length) return undefined;
    return peaks.includes(null) ? null : Math.max(...(peaks as number[]));
  };
  const peaks = estimated.map((part) => peakOf(part.result));
  // A PFC or DC/DC point: the devices of the stage each part fills, their loss and the stage's efficiency (stage.ts),
  // with the part with= names where it fills a device that column's part leaves (each column is an alternative, the
  // named part the same beside each).
  const other = companion && "loss" in companion && op.mode !== "inverter" ? companion : null;
  const otherRefusal = other ? refusalOf(other.loss, op) : null;
  // With rs the converter's rows below stand for the stage (its loss and efficiency count every position on the sink).
  const stages = estimated.map((part) =>
    part.converter
      ? null
      : stageTotals(part.loss, op, part.result, other && !otherRefusal ? { data: other.loss, result: companionEstimate(part.loss, other.loss, op) } : null),
  );
  const converters = estimated.map((part) => part.converter);
  const withConverter = converters.some(Boolean);
  const withNote = !companion
    ? null
    : "error" in companion
      ? t(`stage.with_${companion.error}`, { part: companion.partNumber })
      : otherRefusal
        ? `${companion.partNumber}: ${t("judged.refused")} ${warningText(otherRefusal)}`
        : stages.some(Boolean) || converters.some((converter) => converter?.companion)
          ? t("compare.with", { part: companion.partNumber })
          : null;
  const elsewhereLabel = elsewhere.find((row) => row !== null)?.label;
  const hottestText = (result: Estimate) => tjText(result.tj, result.junctions.find((junction) => junction.beyond)?.beyond, t, language);
  const dash = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("finder.none")}</span>
    </>
  );
  return (
    <div className="estimate estimate--compare">
      <ScrollRegion label={t("compare.caption")} className="estimate-scroll--compare">
        <table className="estimate-table estimate-table--compare">
          <caption>{t("compare.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("breakdown.item")} (W)</th>
              {estimated.map((part) => (
                <th key={part.partNumber} scope="col" className="is-numeric">
                  {part.partNumber} {/* What this column's figures cover: a diode, a switch position or a DC/DC leg. */}
                  <small className="estimate-table__scope">{t(`scope.${lossScope(part.loss.kind, op.mode)}`)}</small>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownItems.map((key) => (
              <tr key={key} className={key === "total" ? "estimate-table__total" : undefined}>
                <th scope="row">
                  <WithSubscripts text={label(key)} />
                </th>
                {estimated.map((part, index) => (
                  <td key={part.partNumber} className={`is-numeric${key === "total" && !withConverter && best.has(index) ? " is-best" : ""}`}>
                    {formatWatts(part.result.losses[key], language)}
                    {key === "total" && !withConverter && best.has(index) ? <span className="visually-hidden">{` (${t("compare.best")})`}</span> : null}
                  </td>
                ))}
              </tr>
            ))}
            {worst.some(Boolean) ? (
              <tr className="estimate-table__elsewhere">
                <th scope="row">{t("compare.totalWorst")}</th>
                {estimated.map((part, index) => (
                  <td key={part.partNumber} className="is-numeric" data-estimate="total-worst">
                    {worst[index] ? formatWatts(worst[index].losses.total, language) : dash}
                  </td>
                ))}
              </tr>
            ) : null}
            {stages.some(Boolean) ? (
              <>
                <tr className="estimate-table__elsewhere">
                  <th scope="row">{t("stage.compareLoss")}</th>
                  {estimated.map((part, index) => (
                    <td key={part.partNumber} className="is-numeric" data-estimate="stage-loss">
                      {stages[index] ? stageLossText(stages[index], language) : dash}
                      {/* The named part fills nothing this column's part leaves: not counted here. */}
                      {stages[index]?.mismatch && companion ? (
                        <small className="estimate-table__scope">{t("compare.withMismatch", { part: companion.partNumber })}</small>
                      ) : null}
                    </td>
                  ))}
                </tr>
                <tr className="estimate-table__elsewhere">
                  <th scope="row">{t("stage.compareEfficiency")}</th>
                  {estimated.map((part, index) => (
                    <td key={part.partNumber} className="is-numeric" data-estimate="stage-efficiency">
                      {stages[index] ? stageEfficiencyText(stages[index], t) : dash}
                    </td>
                  ))}
                </tr>
              </>
            ) : null}
            {withConverter ? (
              // The whole converter each column's part builds: its loss (the highlighted one, the lowest among the
              // suitable columns of a device type), its efficiency and its heat sink's temperature (converter.ts).
              <>
                <tr className="estimate-table__elsewhere">
                  <th scope="row">{t("converter.totalLoss")}</th>
                  {converters.map((converter, index) => (
                    <td key={estimated[index]!.partNumber} className={`is-numeric${best.has(index) ? " is-best" : ""}`} data-estimate="converter-loss">
                      {converter ? formatWatts(converter.totalLoss, language) : dash}
                      {best.has(index) ? <span className="visually-hidden">{` (${t("compare.best")})`}</span> : null}
                    </td>
                  ))}
                </tr>
                <tr className="estimate-table__elsewhere">
                  <th scope="row">{t("converter.efficiency")}</th>
                  {converters.map((converter, index) => (
                    <td key={estimated[index]!.partNumber} className="is-numeric" data-estimate="converter-efficiency">
                      {converter?.efficiency == null
                        ? dash
                        : converter.missing.length
                          ? t("stage.atMost", { value: (converter.efficiency * 100).toFixed(2) })
                          : (converter.efficiency * 100).toFixed(2)}
                    </td>
                  ))}
                </tr>
                <tr className="estimate-table__elsewhere">
                  <th scope="row">
                    <WithSubscripts text={t("converter.sink")} />
                  </th>
                  {converters.map((converter, index) => (
                    <td key={estimated[index]!.partNumber} className="is-numeric" data-estimate="converter-sink">
                      {converter ? tjText(converter.sink, "aboveData", t, language) : dash}
                    </td>
                  ))}
                </tr>
              </>
            ) : null}
            {elsewhereLabel ? (
              <tr className="estimate-table__elsewhere">
                <th scope="row">
                  <WithSubscripts text={t(elsewhereLabel)} />
                </th>
                {estimated.map((part, index) => (
                  <td key={part.partNumber} className="is-numeric">
                    {elsewhere[index] ? formatWatts(elsewhere[index].value, language) : dash}
                  </td>
                ))}
              </tr>
            ) : null}
            <tr>
              <th scope="row">
                <WithSubscripts text={t("breakdown.tj")} />
              </th>
              {estimated.map((part) => (
                <td
                  key={part.partNumber}
                  className={`is-numeric${part.result.unsuitable.some((reason) => reason.code === "tjOverMax" || reason.code === "thermalRunaway" || reason.code === "aboveData") ? " is-over" : ""}`}
                >
                  {hottestText(part.result)}
                </td>
              ))}
            </tr>
            {peaks.some((peak) => peak !== undefined) ? (
              <tr>
                <th scope="row">
                  <WithSubscripts text={t("judged.tjPeak")} />
                </th>
                {estimated.map((part, index) => {
                  const peak = peaks[index];
                  return (
                    <td key={part.partNumber} className={`is-numeric${peak === null || (peak ?? 0) > part.loss.ratings.tjMax ? " is-over" : ""}`} data-estimate="tj-peak">
                      {peak === undefined ? dash : tjText(peak, undefined, t, language)}
                    </td>
                  );
                })}
              </tr>
            ) : null}
            <tr>
              <th scope="row">{t("compare.suitable")}</th>
              {estimated.map((part) => (
                <td key={part.partNumber} className={`estimate-table__warnings${suitable(part) ? "" : " is-over"}`} data-suitable={suitable(part)}>
                  <WithSubscripts
                    text={
                      suitable(part)
                        ? [t("compare.yes"), ...part.result.warnings.map((warning) => `${t("warnings.cautions")} ${warningText(warning)}`)].join(" ")
                        : t("finder.notSuitableBecause", { reasons: part.result.unsuitable.map((reason) => warningText(reason)).join(" ") })
                    }
                  />
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      {refusals}
      {withNote ? (
        <p className={`estimate__scope${other && !otherRefusal ? "" : " estimate-unsuitable"}`} data-estimate="compare-with">
          <WithSubscripts text={withNote} />
        </p>
      ) : null}
      <p className="estimate__scope">
        <WithSubscripts text={t("compare.legend")} />
      </p>
      <EstimateAssumptions data={estimated[0]!.loss} op={op} parts={estimated.map((part) => ({ partNumber: part.partNumber, data: part.loss }))} />
    </div>
  );
}
