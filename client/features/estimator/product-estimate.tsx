// The estimator on a product's detail page: the panel, the loss breakdown at the operating point (or at the
// suggested one until the visitor sets theirs) and the chart of loss against switching frequency.
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { refusalOf, suggestOperatingPoint, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { LossBreakdown } from "./loss-breakdown.tsx";
import { LossChart } from "./loss-chart.tsx";
import { LoadCycle } from "./load-cycle.tsx";
import { DetailFields } from "./detail-fields.tsx";
import { ConverterEstimate } from "./converter-estimate.tsx";
import { hottestPartView, solveConverter } from "../../../shared/estimator/converter.ts";
import { formatNumber } from "../../../shared/estimator/format-number.ts";
import { OperatingPointPanel } from "./operating-point-panel.tsx";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import { operatingPointSummary } from "./format.ts";
import { warningText } from "./warning-text.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";

/** `parsed`: the URL's operating point as the page's loader validated it (load-operating-point.ts). */
export function ProductEstimate({
  loss,
  partNumber,
  parsed,
  companion = null,
}: {
  loss: LossData | null;
  partNumber: string;
  parsed: ParsedOperatingPoint | null;
  /** The part `with=` names for the stage's other device (product-detail-loader.ts). */
  companion?: StageCompanion | null;
}) {
  const { t } = useTranslation("estimator");
  const { search } = useLocation();
  const language = useLanguage();
  if (!loss) return null;
  const query = new URLSearchParams(search);
  const suggestion = suggestOperatingPoint(loss);
  // Until a valid point is set, the part's own typical design point is estimated (and said to be).
  const op = parsed?.ok ? parsed.value : suggestion;
  const refusal = refusalOf(loss, op);
  // A whole-converter point: the single-part figures are those of its hottest part at the solved sink temperature.
  // The part `with=` names goes on the same sink where the estimator takes it at the point (converter.ts).
  const onSink = companion && "loss" in companion && !refusalOf(companion.loss, op) ? companion.loss : null;
  const converter = op.rsa === undefined ? null : solveConverter(loss, op, onSink);
  const view = converter ? hottestPartView(loss, op, converter) : null;
  const shown = view ?? { data: loss, op };
  return (
    <div className="product-estimate">
      <OperatingPointPanel
        parsed={parsed}
        suggestion={suggestion}
        keep={[...query]}
        intro="panel.introOne"
        extra={<DetailFields parsed={parsed} cycle={query.get("cycle")} companion={query.get("with")} />}
        carries={["cycle", "with"]}
      />
      <section className="product-estimate__result" aria-labelledby="estimate-heading">
        <h2 id="estimate-heading">{t("breakdown.heading")}</h2>
        {parsed?.ok ? null : (
          <p className="op-panel__active">
            <WithSubscripts text={t("panel.suggested", { summary: operatingPointSummary(op, t) })} />
          </p>
        )}
        {refusal ? (
          <p className="estimate-unsuitable" data-estimate="refused">
            <WithSubscripts text={`${t("judged.refused")} ${warningText(t, language)(refusal)}`} />
          </p>
        ) : (
          <>
            {op.rsa === undefined ? null : <ConverterEstimate data={loss} op={op} companion={companion} />}
            {view && converter ? (
              <p className="op-panel__active" data-estimate="converter-view">
                <WithSubscripts
                  text={t("converter.view", {
                    part: converter.hottest.device,
                    current: formatNumber(Number(view.op.current.toPrecision(3))),
                    sink: formatNumber(Math.round(view.op.tc)),
                  })}
                />
              </p>
            ) : null}
            {/* With a converter the stage's totals are the converter's (above): the hottest part's share is not the stage. */}
            <LossBreakdown data={shown.data} op={shown.op} partNumber={partNumber} stage={view ? false : { companion }} />
            <LoadCycle data={shown.data} op={shown.op} text={query.get("cycle")} />
            <h3>{t("chart.heading")}</h3>
            <LossChart data={shown.data} op={shown.op} partNumber={partNumber} />
          </>
        )}
      </section>
    </div>
  );
}
