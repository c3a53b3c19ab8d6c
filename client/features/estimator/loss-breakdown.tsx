// One part's estimate at the operating point: the losses item by item, the junction temperatures against
// T_j,max, the limits crossed and the assumptions (product detail page).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import {
  estimate,
  formatNumber,
  lossScope,
  rippleFrequency,
  type Estimate,
  type JunctionEstimate,
  type LossBreakdown as Losses,
  type OperatingPoint,
} from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { EstimateAssumptions, EstimateWarnings } from "./estimate-notes.tsx";
import { formatWatts, tjText } from "./format.ts";
import { ScrollRegion } from "./scroll-region.tsx";
import { StageEstimate } from "./stage-estimate.tsx";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import "../../styles/estimator.css";
import { WithSubscripts } from "../../components/param-name.tsx";

/** The loss items a part has (labels depend on the kind and mode), with their values. */
export function lossRows(data: LossData, result: Pick<Estimate, "mode" | "losses">): Array<{ key: string; label: string; value: number }> {
  const rows: Array<{ key: keyof Losses; label: string }> = [];
  if (data.kind === "mosfet") {
    rows.push(
      { key: "conduction", label: "breakdown.conductionMosfet" },
      { key: "switching", label: "breakdown.switching" },
      { key: "diodeConduction", label: result.mode === "inverter" ? "breakdown.diodeConductionMosfetInverter" : "breakdown.diodeConductionMosfetDcdc" },
    );
  } else if (data.kind === "igbt") {
    rows.push(
      { key: "conduction", label: "breakdown.conductionIgbt" },
      { key: "switching", label: "breakdown.switching" },
      { key: "diodeConduction", label: "breakdown.diodeConduction" },
      { key: "diodeSwitching", label: "breakdown.diodeRecovery" },
    );
  } else {
    // The capacitive charge heats the switch, not the diode: shown after the total (inSwitchRow), never in it.
    rows.push({ key: "diodeConduction", label: "breakdown.diodeConduction" });
  }
  return rows.map((row) => ({ key: row.key, label: row.label, value: result.losses[row.key] }));
}

/** The loss a part causes in another device (a Schottky diode's capacitive charge, in the switch), or null. */
export function inSwitchRow(data: LossData, result: Estimate): { label: string; value: number } | null {
  return data.kind === "diode" ? { label: "breakdown.diodeCapacitive", value: result.losses.inSwitch } : null;
}

function scopeKey(data: LossData, result: Estimate): string {
  // A PFC stage's devices are no half-bridge positions: each says which of the stage's devices it is (stage.ts).
  // A MOSFET the point puts in a totem-pole's slow leg (result.slowLeg, decision 049) is no fast-leg device.
  if (result.slowLeg) return "breakdown.scope_totempole_slow";
  if (result.mode === "boostpfc" || result.mode === "totempole") return `breakdown.scope_${result.mode}_${data.kind === "diode" ? "diode" : "switch"}`;
  if (data.kind === "diode") return "breakdown.scopeDiode";
  return result.scope === "leg" ? "breakdown.scopeLeg" : "breakdown.scopePosition";
}

/**
 * `stage`: the stage's totals, with the part named for its other device (`with=`); false for one part of a whole
 * converter, whose totals are the converter's.
 */
export function LossBreakdown({
  data,
  op,
  partNumber,
  stage = { companion: null },
}: {
  data: LossData;
  op: OperatingPoint;
  partNumber: string;
  stage?: false | { companion: StageCompanion | null };
}) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const result = estimate(data, op);
  const elsewhere = inSwitchRow(data, result);
  // The peak over the output (or a PFC stage's line) period beside the mean (parts with a Z_th network).
  const ripple = result.junctions.some((junction) => junction.peak !== undefined);
  // The same part at its datasheet maximum values, beside the typical figures (when the data state them).
  const worst = result.worstCase;
  const worstLosses = worst ? lossRows(data, { mode: result.mode, losses: worst.losses }) : [];
  return (
    <div className="estimate">
      <div className="estimate__tables">
        <ScrollRegion label={t("breakdown.caption", { part: partNumber })}>
          <table className="estimate-table">
            <caption>{t("breakdown.caption", { part: partNumber })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("breakdown.item")}</th>
                <th scope="col" className="is-numeric">
                  {t("breakdown.value", { scope: t(`scope.${lossScope(data.kind, op.mode)}`) })}
                </th>
                {worst ? (
                  <th scope="col" className="is-numeric">
                    <WithSubscripts text={t(`breakdown.worst${data.kind === "mosfet" ? "Mosfet" : data.kind === "igbt" ? "Igbt" : "Diode"}`)} />
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {lossRows(data, result).map((row, index) => (
                <tr key={row.key}>
                  <th scope="row">
                    <WithSubscripts text={t(row.label)} />
                  </th>
                  <td className="is-numeric">{formatWatts(row.value, language)}</td>
                  {worst ? <td className="is-numeric">{formatWatts(worstLosses[index]!.value, language)}</td> : null}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t("breakdown.total")}</th>
                <td className="is-numeric" data-estimate="total">
                  {formatWatts(result.losses.total, language)}
                </td>
                {worst ? (
                  <td className="is-numeric" data-estimate="total-worst">
                    {formatWatts(worst.losses.total, language)}
                  </td>
                ) : null}
              </tr>
              {elsewhere ? (
                <tr className="estimate-table__elsewhere">
                  <th scope="row">
                    <WithSubscripts text={t(elsewhere.label)} />
                  </th>
                  <td className="is-numeric" data-estimate="in-switch">
                    {formatWatts(elsewhere.value, language)}
                  </td>
                  {worst ? <td className="is-numeric">{formatWatts(worst.losses.inSwitch, language)}</td> : null}
                </tr>
              ) : null}
            </tfoot>
          </table>
        </ScrollRegion>
        <ScrollRegion label={t("breakdown.junctions")}>
          <table className="estimate-table">
            <caption>{t("breakdown.junctions")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("breakdown.junction")}</th>
                <th scope="col" className="is-numeric">
                  {t("breakdown.power")}
                </th>
                <th scope="col" className="is-numeric">
                  <WithSubscripts text={t("breakdown.rth")} />
                </th>
                <th scope="col" className="is-numeric">
                  <WithSubscripts text={t("breakdown.tj")} />
                </th>
                {ripple ? (
                  <th scope="col" className="is-numeric">
                    <WithSubscripts text={t("breakdown.tjPeak")} />
                  </th>
                ) : null}
                {worst ? (
                  <th scope="col" className="is-numeric">
                    <WithSubscripts text={t("breakdown.tjWorst")} />
                  </th>
                ) : null}
                <th scope="col" className="is-numeric">
                  <WithSubscripts text={t("breakdown.tjMax")} />
                </th>
              </tr>
            </thead>
            <tbody>
              {result.junctions.map((junction, index) => (
                <tr key={junction.name} className={isOver(junction) ? "is-over" : undefined}>
                  <th scope="row">{t(`breakdown.${junction.name}`)}</th>
                  <td className="is-numeric">{formatWatts(junction.power, language)}</td>
                  <td className="is-numeric">{junction.rth}</td>
                  <td className="is-numeric" data-estimate="tj">
                    {tjText(junction.tj, junction.beyond, t, language)}
                  </td>
                  {ripple ? (
                    <td className={`is-numeric${junction.peak === null || (junction.peak ?? 0) > junction.tjMax ? " is-over" : ""}`} data-estimate="tj-peak">
                      {junction.peak === undefined ? "–" : tjText(junction.peak, undefined, t, language)}
                    </td>
                  ) : null}
                  {worst ? <WorstTj junction={worst.junctions[index]!} /> : null}
                  <td className="is-numeric">{junction.tjMax}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      <p className="estimate__scope">{t(scopeKey(data, result))}</p>
      {ripple ? (
        <p className="estimate__scope">
          <WithSubscripts
            text={t(op.mode === "boostpfc" || op.mode === "totempole" ? "breakdown.tjPeakNoteLine" : "breakdown.tjPeakNote", { fo: formatNumber(rippleFrequency(op)) })}
          />
        </p>
      ) : null}
      {stage ? <StageEstimate data={data} op={op} result={result} partNumber={partNumber} companion={stage.companion} /> : null}
      <EstimateWarnings result={result} />
      <EstimateAssumptions data={data} op={op} />
    </div>
  );
}

const isOver = (junction: JunctionEstimate) => junction.tj === null || junction.tj > junction.tjMax;

/** A junction's temperature in the worst case, marked when it is over T_j,max or runs away. */
function WorstTj({ junction }: { junction: JunctionEstimate }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  return (
    <td className={`is-numeric${isOver(junction) ? " is-over" : ""}`} data-estimate="tj-worst">
      {tjText(junction.tj, junction.beyond, t, language)}
    </td>
  );
}
