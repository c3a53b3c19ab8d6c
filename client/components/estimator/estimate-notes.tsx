// What every estimate says beside its numbers: the limits it crosses and the assumptions it rests on,
// ending with the datasheet governing (issue 10 §4).
import { useTranslation } from "../../i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { assumptionsOf, formatNumber, type Estimate, type EstimateWarning, type OperatingPoint } from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { formatCelsius } from "./format.ts";

export function useWarningText() {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  return (warning: EstimateWarning): string => {
    switch (warning.code) {
      case "thermalRunaway":
        return t("warnings.thermalRunaway");
      case "tjOverMax":
        return t("warnings.tjOverMax", { junction: t(`breakdown.${warning.junction}`), tj: formatCelsius(warning.tj, language), tjMax: warning.tjMax });
      case "voltageOver80":
        return t("warnings.voltageOver80", { vBus: formatNumber(warning.vBus), vRated: warning.vRated, limit: formatNumber(warning.limit) });
      case "currentOverRating":
        return t("warnings.currentOverRating", { current: formatNumber(Number(warning.current.toFixed(1))), rating: formatNumber(Number(warning.rating.toFixed(1))), tc: formatNumber(warning.tc) });
    }
  };
}

export function EstimateWarnings({ result }: { result: Estimate }) {
  const { t } = useTranslation("estimator");
  const text = useWarningText();
  if (!result.warnings.length) return <p className="estimate-ok">{t("warnings.none")}</p>;
  return (
    <ul className="estimate-warnings" aria-label={t("warnings.heading")}>
      {result.warnings.map((warning, index) => (
        <li key={index}>
          <span aria-hidden="true">⚠ </span>
          {text(warning)}
        </li>
      ))}
    </ul>
  );
}

export function EstimateAssumptions({ data, op, headingLevel = 3 }: { data: LossData; op: OperatingPoint; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation("estimator");
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="estimate-assumptions">
      <Heading>{t("assumptions.heading")}</Heading>
      <ul>
        {assumptionsOf(data, op).map((item) => (
          <li key={item.key} className={item.key === "datasheetGoverns" ? "estimate-assumptions__governs" : undefined}>
            {t(`assumptions.${item.key}`, item.values ?? {})}
          </li>
        ))}
      </ul>
    </div>
  );
}
