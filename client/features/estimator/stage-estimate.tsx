// The stage around the part at a PFC or DC/DC point (shared/estimator/stage.ts, docs/decisions/041-stage-totals.md):
// the devices of the stage the part fills, their loss, the stage's power and efficiency, and which device another
// part fills (its loss not counted, the efficiency then an upper bound). Server-rendered on the detail page.
import type { TFunction } from "i18next";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import type { Estimate } from "../../../shared/estimator/estimate-types.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { stageTotals, type StageTotals } from "../../../shared/estimator/stage.ts";
import type { Language } from "../../../shared/languages.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { formatWatts } from "./format.ts";

/** An efficiency in per cent with two decimals (98.72 %), as the whole converter's; "at most" where it is a bound. */
export function stageEfficiencyText(stage: StageTotals, t: TFunction<"estimator">): string {
  if (stage.efficiency === null) return "–";
  const value = (stage.efficiency * 100).toFixed(2);
  return stage.bound ? t("stage.atMost", { value }) : value;
}

/** "2 × 5.10 W = 10.2 W" (or the one device's loss). */
export function stageLossText(stage: StageTotals, language: Language): string {
  return stage.count > 1 ? `${stage.count} × ${formatWatts(stage.perDevice, language)} = ${formatWatts(stage.loss, language)}` : formatWatts(stage.loss, language);
}

export function StageEstimate({ data, op, result }: { data: LossData; op: OperatingPoint; result: Estimate }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const stage = stageTotals(data, op, result);
  if (!stage) return null;
  return (
    <section className="converter-estimate" aria-labelledby="stage-heading" data-estimate="stage">
      <h3 id="stage-heading">{t("stage.heading")}</h3>
      <p className="estimate__scope">
        {t("stage.counted", { count: stage.count, role: t(`stage.role_${stage.role}`), each: formatWatts(stage.perDevice, language) })}
        {stage.missing.length ? ` ${t("stage.missing", { roles: stage.missing.map((role) => t(`stage.role_${role}`)).join(", ") })}` : ""}
      </p>
      <dl className="converter-estimate__totals">
        <div>
          <dt>{t("stage.loss")}</dt>
          <dd data-estimate="stage-loss">{stageLossText(stage, language)}</dd>
        </div>
        <div>
          <dt>{t("stage.input")}</dt>
          <dd data-estimate="stage-input">{formatWatts(stage.inputPower, language)}</dd>
        </div>
        <div>
          <dt>{t("stage.output")}</dt>
          <dd data-estimate="stage-output">{formatWatts(stage.outputPower, language)}</dd>
        </div>
        <div>
          <dt>{t("stage.efficiency")}</dt>
          <dd data-estimate="stage-efficiency">{stageEfficiencyText(stage, t)}</dd>
        </div>
      </dl>
      <p className="estimate__scope">
        <WithSubscripts text={t("stage.note")} />
      </p>
    </section>
  );
}
