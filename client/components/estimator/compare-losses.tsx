// Compare: the loss breakdown of every compared part side by side at one operating point, so the coolest
// part of the set is one glance away. Parts without loss data (gate drivers) are left out.
import { useTranslation } from "../../i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { estimate, type Estimate, type OperatingPoint } from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { EstimateAssumptions, useWarningText } from "./estimate-notes.tsx";
import { formatCelsius, formatWatts } from "./format.ts";
import { lossRows } from "./loss-breakdown.tsx";
import { ScrollRegion } from "./scroll-region.tsx";
import "../../styles/estimator.css";

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

export function CompareLosses({ parts, op }: { parts: ComparedPart[]; op: OperatingPoint }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const warningText = useWarningText();
  const estimated = parts.flatMap((part) => (part.loss ? [{ ...part, loss: part.loss, result: estimate(part.loss, op) }] : []));
  if (!estimated.length) return null;
  const best = Math.min(...estimated.map((part) => part.result.losses.total));
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
          : key === "diodeSwitching"
            ? `${t("breakdown.diodeRecovery")} / ${t("breakdown.diodeCapacitive")}`
            : t(itemLabels[key]);
  const shownItems = items.filter((key) => key === "total" || (ownLabels ? ownLabels.has(key) : estimated.some((part) => part.result.losses[key] > 0)));
  const tjText = (result: Estimate) => (result.tj === null ? t("breakdown.runaway") : formatCelsius(result.tj, language));
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
                  {part.partNumber}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shownItems.map((key) => (
              <tr key={key} className={key === "total" ? "estimate-table__total" : undefined}>
                <th scope="row">{label(key)}</th>
                {estimated.map((part) => (
                  <td key={part.partNumber} className={`is-numeric${key === "total" && part.result.losses.total === best ? " is-best" : ""}`}>
                    {formatWatts(part.result.losses[key], language)}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{t("breakdown.tj")}</th>
              {estimated.map((part) => (
                <td key={part.partNumber} className={`is-numeric${part.result.warnings.length ? " is-over" : ""}`}>
                  {tjText(part.result)}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">{t("warnings.heading")}</th>
              {estimated.map((part) => (
                <td key={part.partNumber} className="estimate-table__warnings">
                  {part.result.warnings.length ? part.result.warnings.map((warning) => warningText(warning)).join(" ") : t("warnings.none")}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <EstimateAssumptions data={estimated[0]!.loss} op={op} />
    </div>
  );
}
