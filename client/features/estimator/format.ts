// Number formatting of the estimator's results: the same text on the server and in the browser (explicit
// locale), three significant digits for losses (down to milliwatts), whole degrees for temperatures.
import type { TFunction } from "i18next";
import { MODEL_TJ_RANGE } from "../../../shared/estimator/equations.ts";
import { formatNumber } from "../../../shared/estimator/format-number.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { DEFAULT_MODULATION, modulationAcronyms } from "../../../shared/estimator/modulation-names.ts";
import { htmlLang, type Language } from "../../../shared/languages.ts";

/**
 * Three significant digits, trailing zeros kept (9.2 → "9.20", 19 → "19.0"), never finer than a milliwatt (0.004 →
 * "0.004", 0.01234 → "0.012"); from 1 kW on, whole watts (1234.5 → "1,235"). Rounded here, so server and browser
 * print the same digits.
 */
export function formatWatts(value: number, language: Language): string {
  if (Math.abs(value) >= 1000) return new Intl.NumberFormat(htmlLang[language], { maximumFractionDigits: 0 }).format(Math.round(value));
  const rounded = Number(value.toPrecision(3));
  // Decimals that give three significant digits of the rounded value, at most three (a milliwatt).
  const decimals = rounded === 0 ? 0 : Math.min(3, Math.max(0, 2 - Math.floor(Math.log10(Math.abs(rounded)))));
  const shown = Number(rounded.toFixed(decimals));
  return new Intl.NumberFormat(htmlLang[language], { minimumFractionDigits: shown === 0 ? 0 : decimals, maximumFractionDigits: decimals }).format(shown);
}

export function formatCelsius(value: number, language: Language): string {
  return new Intl.NumberFormat(htmlLang[language], { maximumFractionDigits: 0 }).format(value);
}

/**
 * A junction temperature as every table shows it: whole degrees; "runaway", or "above 250 °C (outside the data)"
 * where the estimate has no number (`beyond`; a null peak is always above the data).
 */
export function tjText(value: number | null | undefined, beyond: "runaway" | "aboveData" | undefined, t: TFunction<"estimator">, language: Language): string {
  if (value !== null && value !== undefined) return formatCelsius(value, language);
  return beyond === "runaway" ? t("breakdown.runaway") : t("judged.outside", { limit: MODEL_TJ_RANGE.max });
}

/** kHz without trailing zeros: 50 000 → "50", 12 500 → "12.5". */
export function formatKilohertz(fsw: number): string {
  return formatNumber(Number((fsw / 1000).toPrecision(4)));
}

/** One line naming the operating point, for captions and the finder's note. */
export function operatingPointSummary(op: OperatingPoint, t: TFunction<"estimator">): string {
  // At a heat-sink point (rsa) the temperature is the ambient's, or the coolant inlet's: not the case's.
  const temperature =
    op.rsa === undefined
      ? t("panel.summaryCase", { tc: formatNumber(op.tc) })
      : t(op.tcRef === "coolant" ? "panel.summaryInlet" : "panel.summaryAmbient", { tc: formatNumber(op.tc), rsa: formatNumber(op.rsa) });
  const common = { vBus: formatNumber(op.vBus), current: formatNumber(op.current), fsw: formatKilohertz(op.fsw), temperature };
  const base =
    op.mode === "inverter"
      ? t("panel.summaryInverter", { ...common, kind: t(op.currentKind === "peak" ? "panel.peak" : "panel.rms"), pf: formatNumber(op.pf), m: formatNumber(op.m) })
      : t(`panel.summary_${op.mode}`, { ...common, duty: formatNumber(op.duty), vOther: formatNumber(op.vOther ?? 0) });
  // The modulation is named when it is not the sine-triangle every older link meant.
  const modulation =
    op.mode === "inverter" && op.modulation && op.modulation !== DEFAULT_MODULATION ? t("panel.summaryModulation", { name: modulationAcronyms[op.modulation] }) : "";
  // Where T_c was measured, when not at the case; dead time and R_G only when the visitor set them (otherwise
  // each part's own applies).
  const reference = op.rsa !== undefined ? "" : op.tcRef === "heatsink" ? t("panel.summaryHeatsink") : op.tcRef === "coolant" ? t("panel.summaryCoolant") : "";
  const parallel =
    op.parallel === undefined || op.parallel === 1 ? "" : t(op.parallelMismatch ? "panel.summaryParallelMismatch" : "panel.summaryParallel", { n: op.parallel });
  const deadTime = op.deadTime === undefined ? "" : t("panel.summaryDeadTime", { deadTime: formatNumber(op.deadTime) });
  const rg = op.rg === undefined ? "" : t("panel.summaryRg", { rg: formatNumber(op.rg) });
  // Only the inverter's and a PFC stage's points have one: the output frequency or the line's.
  const fo = op.fo === undefined ? "" : t(op.mode === "inverter" ? "panel.summaryFo" : "panel.summaryLine", { fo: formatNumber(op.fo) });
  const slow = op.slowLeg && op.mode === "totempole" ? t("panel.summarySlowLeg") : "";
  return base + modulation + reference + parallel + deadTime + rg + fo + slow;
}
