// The stage around the part at a PFC or DC/DC point (shared/estimator/stage.ts, docs/decisions/041-stage-totals.md):
// the devices of the stage the part fills, their loss, the stage's power and efficiency, and which device another
// part fills (its loss not counted, the efficiency then an upper bound) unless the visitor names that part (`with=`):
// then it is estimated at the same point, judged, and counted. Server-rendered on the detail page.
import type { TFunction } from "i18next";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import type { Estimate } from "../../../shared/estimator/estimate-types.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { companionEstimate, stageTotals, type StageCompanion, type StageRole, type StageTotals } from "../../../shared/estimator/stage.ts";
import { refusalOf } from "../../../shared/estimator/refusal.ts";
import type { Language } from "../../../shared/languages.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { formatWatts, tjText } from "./format.ts";
import { companionProblem, warningText } from "./warning-text.ts";

/** An efficiency in per cent with two decimals (98.72 %), as the whole converter's; "at most" where it is a bound. */
export function stageEfficiencyText(stage: StageTotals, t: TFunction<"estimator">): string {
  if (stage.efficiency === null) return "–";
  const value = (stage.efficiency * 100).toFixed(2);
  return stage.bound ? t("stage.atMost", { value }) : value;
}

/** "2 × 5.10 W = 10.2 W" (or the one device's loss), "2 × 5.10 W + 2 × 1.20 W = 12.6 W" with the named part counted. */
export function stageLossText(stage: StageTotals, language: Language): string {
  const terms = [{ count: stage.count, each: stage.perDevice }, ...(stage.companion ? [{ count: stage.companion.count, each: stage.companion.perDevice }] : [])];
  if (terms.length === 1 && stage.count === 1) return formatWatts(stage.loss, language);
  return `${terms.map((term) => `${term.count} × ${formatWatts(term.each, language)}`).join(" + ")} = ${formatWatts(stage.loss, language)}`;
}

export function StageEstimate({
  data,
  op,
  result,
  partNumber,
  companion = null,
}: {
  data: LossData;
  op: OperatingPoint;
  result: Estimate;
  partNumber: string;
  companion?: StageCompanion | null;
}) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  // The part named for the stage's other device, estimated at the same point when it can be (refusal.ts).
  const other = companion && "loss" in companion ? companion : null;
  const refusal = other ? refusalOf(other.loss, op) : null;
  const otherResult = other && !refusal ? companionEstimate(data, other.loss, op) : null;
  const stage = stageTotals(data, op, result, other && otherResult ? { data: other.loss, result: otherResult } : null);
  if (!stage) return null;
  const role = (name: StageRole) => t(`stage.role_${name}`);
  const problem = companionProblem(t, language, companion, refusal, stage);
  return (
    <section className="converter-estimate" aria-labelledby="stage-heading" data-estimate="stage">
      <h3 id="stage-heading">{t("stage.heading")}</h3>
      <p className="estimate__scope">
        {t("stage.counted", { count: stage.count, role: role(stage.role), each: formatWatts(stage.perDevice, language), part: partNumber })}
        {stage.companion && other && otherResult ? (
          <>
            {" "}
            <span data-estimate="stage-with">
              <WithSubscripts
                text={t("stage.countedWith", {
                  count: stage.companion.count,
                  role: role(stage.companion.role),
                  part: other.partNumber,
                  each: formatWatts(stage.companion.perDevice, language),
                  tj: tjText(otherResult.tj, otherResult.junctions.find((junction) => junction.beyond)?.beyond, t, language),
                })}
              />
            </span>{" "}
            <span className={otherResult.unsuitable.length ? "estimate-unsuitable" : undefined} data-suitable={otherResult.unsuitable.length === 0}>
              <WithSubscripts
                text={
                  otherResult.unsuitable.length
                    ? t("finder.notSuitableBecause", { reasons: otherResult.unsuitable.map(warningText(t, language, true)).join(" ") })
                    : t("stage.withSuitable", { part: other.partNumber })
                }
              />
            </span>
          </>
        ) : null}
        {stage.missing.length ? ` ${t("stage.missing", { roles: stage.missing.map(role).join(", ") })}` : ""}
      </p>
      {problem ? (
        <p className="estimate-unsuitable" role="alert" data-estimate="stage-with-problem">
          <WithSubscripts text={problem} />
        </p>
      ) : null}
      <dl className="converter-estimate__totals">
        <div>
          <dt>{t("stage.loss")}</dt>
          <dd data-estimate="stage-loss">{stage.companion ? formatWatts(stage.loss, language) : stageLossText(stage, language)}</dd>
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
