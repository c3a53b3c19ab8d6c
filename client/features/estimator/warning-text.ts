// The sentence of a reason a part cannot stand the operating point, or of a caution, in the page's language:
// one wording for the detail page, compare and the finder's cells.
import type { TFunction } from "i18next";
import { MODEL_TJ_RANGE } from "../../../shared/estimator/equations.ts";
import type { EstimateWarning, Unsuitability } from "../../../shared/estimator/estimate.ts";
import { formatNumber } from "../../../shared/estimator/format-number.ts";
import type { Refusal } from "../../../shared/estimator/refusal.ts";
import type { StageCompanion, StageRole } from "../../../shared/estimator/stage.ts";
import type { Language } from "../../../shared/languages.ts";
import { formatCelsius } from "./format.ts";

const amperes = (value: number) => formatNumber(Number(value.toFixed(1)));

/** `short`: one clause per reason, for table cells (the detail page explains runaway in full). */
export function warningText(t: TFunction<"estimator">, language: Language, short = false) {
  return (warning: Unsuitability | EstimateWarning | Refusal): string => {
    switch (warning.code) {
      case "voltageOverRating":
        return t("warnings.voltageOverRating", { vBus: formatNumber(warning.vBus), vRated: warning.vRated });
      case "currentOverPulse":
        return t("warnings.currentOverPulse", { current: amperes(warning.current), rating: amperes(warning.rating) });
      case "thermalRunaway":
        return t(short ? "warnings.thermalRunawayShort" : "warnings.thermalRunaway", {
          junction: t(`breakdown.${warning.junction}`),
          gain: formatNumber(Number(warning.loopGain.toPrecision(3))),
        });
      case "tjOverMax":
        return t("warnings.tjOverMax", { junction: t(`breakdown.${warning.junction}`), tj: formatCelsius(warning.tj, language), tjMax: warning.tjMax });
      case "aboveData":
        return t(short ? "judged.aboveDataShort" : "judged.aboveData", { junction: t(`breakdown.${warning.junction}`), limit: warning.limit });
      case "peakOverMax":
        // A PFC stage's peak is over the line period (its own wording, "Line" keys).
        return warning.tj === null
          ? t(warning.line ? "judged.peakAboveDataLine" : "judged.peakAboveData", {
              junction: t(`breakdown.${warning.junction}`),
              limit: MODEL_TJ_RANGE.max,
              fo: formatNumber(warning.fo),
              tjMax: warning.tjMax,
            })
          : t(warning.line ? "judged.peakOverMaxLine" : "judged.peakOverMax", {
              junction: t(`breakdown.${warning.junction}`),
              tj: formatCelsius(warning.tj, language),
              fo: formatNumber(warning.fo),
              tjMax: warning.tjMax,
            });
      case "worstOverMax":
        return warning.tj === null
          ? t("judged.worstAboveData", { junction: t(`breakdown.${warning.junction}`), limit: MODEL_TJ_RANGE.max, tjMax: warning.tjMax })
          : t("judged.worstOverMax", { junction: t(`breakdown.${warning.junction}`), tj: formatCelsius(warning.tj, language), tjMax: warning.tjMax });
      case "threeLevel":
        return t("judged.threeLevel");
      case "slowLegIgbt":
        return t("judged.slowLegIgbt");
      case "sinkOver":
        return warning.tj === null
          ? t("judged.sinkNoSteady")
          : t(warning.companion ? "judged.sinkOverWith" : "judged.sinkOver", { tj: formatCelsius(warning.tj, language), tjMax: warning.tjMax });
      case "referenceUnavailable":
        return t("warnings.referenceUnavailable", { reference: t(`warnings.reference_${warning.reference}`) });
      case "voltageOver80":
        return t("warnings.voltageOver80", { vBus: formatNumber(warning.vBus), vRated: warning.vRated, limit: formatNumber(warning.limit) });
    }
  };
}

/**
 * Why the part named with `with=` is not counted beside this one, or null when it is: not a part, no data, refused
 * at this point, or not the device the stage still needs (`mismatch`, with what is `missing`). The stage block and
 * the whole-converter block say it alike.
 */
export function companionProblem(
  t: TFunction<"estimator">,
  language: Language,
  companion: StageCompanion | null,
  refusal: Refusal | null,
  fit: { mismatch?: StageRole | undefined; missing: StageRole[] },
): string | null {
  if (!companion) return null;
  if ("error" in companion) return t(`stage.with_${companion.error}`, { part: companion.partNumber });
  if (refusal) return `${companion.partNumber}: ${t("judged.refused")} ${warningText(t, language)(refusal)}`;
  const role = (name: StageRole) => t(`stage.role_${name}`);
  return fit.mismatch
    ? t("stage.withMismatch", { part: companion.partNumber, role: role(fit.mismatch), missing: fit.missing.map(role).join(", ") || t("stage.nothing") })
    : null;
}
