// The whole converter on the detail page (`rs` in op=, shared/estimator/converter.ts): every part of one switch
// position with its share of the current, its loss and T_j; the heat sink's temperature; the converter's
// semiconductor loss and efficiency; and both over load (10–100 %) as a server-rendered SVG chart with its table. At a
// PFC or DC/DC point the positions are the stage's this part fills; a device another part fills is named, and the
// efficiency is then an upper bound (shared/estimator/stage.ts), unless the part that fills it is named (`with=`): its
// positions then go on the same sink (docs/decisions/043-line-frequency-and-slow-leg.md).
import { useId } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import type { TFunction } from "i18next";
import { loadSweep, solveConverter, type ConverterDevice, type ConverterResult } from "../../../shared/estimator/converter.ts";
import type { Language } from "../../../shared/languages.ts";
import { refusalOf } from "../../../shared/estimator/refusal.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import { formatNumber } from "../../../shared/estimator/format-number.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { formatWatts, tjText } from "./format.ts";
import { ScrollRegion } from "./scroll-region.tsx";
import { companionProblem } from "./warning-text.ts";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { left: 52, right: 52, top: 12, bottom: 30 };

/** An efficiency in per cent with two decimals (99.41 %): the figure converter designers compare. */
const percent = (value: number | null) => (value === null ? "–" : (value * 100).toFixed(2));

/**
 * The converter's verdict in one sentence: its hottest junction (which part, which junction) against that part's
 * T_j,max, or no steady solution. The detail page's converter block and compare's columns with `rs` say the same.
 * `other`: the part number of the part `with=` put on the sink, when the hottest junction may be one of its.
 */
function converterVerdict(t: TFunction<"estimator">, language: Language, result: ConverterResult, other: string | null): string {
  const verdict = !result.converged ? "converter.noSteady" : result.suitable ? "converter.within" : "converter.over";
  return t(verdict, {
    tj: tjText(result.hottest.tj, "aboveData", t, language),
    part: result.hottest.companion && other ? `${other} ${result.hottest.device}` : result.hottest.device,
    junction: t(`breakdown.${result.hottest.junction}`),
    tjMax: result.hottest.tjMax,
  });
}

/** `companion`: the part `with=` names for the stage's other device (product-detail-loader.ts). */
export function ConverterEstimate({ data, op, companion = null }: { data: LossData; op: OperatingPoint; companion?: StageCompanion | null }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const id = useId();
  // The named part goes on the sink when it has data the estimator takes at the point (refusal.ts).
  const other = companion && "loss" in companion ? companion : null;
  const refusal = other ? refusalOf(other.loss, op) : null;
  const otherData = other && !refusal ? other.loss : null;
  const result = solveConverter(data, op, otherData);
  if (!result)
    return (
      <p className="estimate__scope" data-estimate="converter-none">
        {t("converter.none")}
      </p>
    );
  const sweep = loadSweep(data, op, otherData)!;
  const role = (name: string) => t(`stage.role_${name}`);
  const problem = companionProblem(t, language, companion, refusal, result);
  // Chart: loss (left axis, W) and efficiency (right axis, %) against load.
  const lossTop = Math.max(...sweep.map((point) => point.totalLoss)) * 1.1 || 1;
  const efficiencies = sweep.map((point) => point.efficiency ?? 0);
  const effLow = Math.floor(Math.min(...efficiencies) * 100 - 0.5);
  const effHigh = Math.ceil(Math.max(...efficiencies) * 100 + 0.1);
  const x = (load: number) => PAD.left + ((WIDTH - PAD.left - PAD.right) * (load - 0.1)) / 0.9;
  const yLoss = (loss: number) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - loss / lossTop);
  const yEff = (eff: number) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - (eff * 100 - effLow) / Math.max(0.1, effHigh - effLow));
  const lossPath = sweep.map((point, index) => `${index ? "L" : "M"}${x(point.load).toFixed(1)},${yLoss(point.totalLoss).toFixed(1)}`).join("");
  const effPath = sweep
    .filter((point) => point.efficiency !== null)
    .map((point, index) => `${index ? "L" : "M"}${x(point.load).toFixed(1)},${yEff(point.efficiency!).toFixed(1)}`)
    .join("");
  return (
    <section className="converter-estimate" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("converter.heading")}</h3>
      <p className="estimate__scope">
        <WithSubscripts
          text={t("converter.scope", {
            positions: result.positions,
            parallel: result.parallel,
            rsa: formatNumber(result.rsa),
            ambient: formatNumber(result.ambient),
          })}
        />
      </p>
      <p className={result.suitable ? "estimate-ok" : "estimate-unsuitable"} data-estimate="converter-verdict">
        <WithSubscripts text={converterVerdict(t, language, result, other?.partNumber ?? null)} />
      </p>
      <dl className="converter-estimate__totals">
        <div>
          <dt>
            <WithSubscripts text={t("converter.sink")} />
          </dt>
          <dd data-estimate="converter-sink">{tjText(result.sink, "aboveData", t, language)}</dd>
        </div>
        <div>
          <dt>{t("converter.totalLoss")}</dt>
          <dd data-estimate="converter-loss">{formatWatts(result.totalLoss, language)}</dd>
        </div>
        <div>
          <dt>{t("converter.outputPower")}</dt>
          <dd data-estimate="converter-output">{formatWatts(Math.abs(result.outputPower), language)}</dd>
        </div>
        <div>
          <dt>{t("converter.efficiency")}</dt>
          <dd data-estimate="converter-efficiency">{result.missing.length ? t("stage.atMost", { value: percent(result.efficiency) }) : percent(result.efficiency)}</dd>
        </div>
      </dl>
      {result.companion && other ? (
        <p className="estimate__scope" data-estimate="converter-with">
          {t("converter.with", { count: result.companion.positions, role: role(result.companion.role), part: other.partNumber })}
        </p>
      ) : null}
      {problem ? (
        <p className="estimate-unsuitable" role="alert" data-estimate="stage-with-problem">
          <WithSubscripts text={problem} />
        </p>
      ) : null}
      {result.missing.length ? (
        <p className="estimate__scope" data-estimate="converter-missing">
          {t("stage.missing", { roles: result.missing.map((role) => t(`stage.role_${role}`)).join(", ") })}
        </p>
      ) : null}
      <PartsTable devices={result.devices} caption={t("converter.parts")} />
      {result.companion && other ? (
        <PartsTable devices={result.companion.devices} caption={t("converter.partsWith", { part: other.partNumber, role: role(result.companion.role) })} companion />
      ) : null}
      <h4>{t("converter.sweepHeading")}</h4>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t`} className="loss-chart__svg" data-estimate="converter-chart">
        <title id={`${id}-t`}>
          {t("converter.chart", {
            first: formatWatts(sweep[0]!.totalLoss, language),
            last: formatWatts(sweep.at(-1)!.totalLoss, language),
            effFirst: percent(sweep[0]!.efficiency),
            effLast: percent(sweep.at(-1)!.efficiency),
          })}
        </title>
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#888" />
        <line x1={WIDTH - PAD.right} x2={WIDTH - PAD.right} y1={PAD.top} y2={HEIGHT - PAD.bottom} stroke="#888" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} stroke="#888" />
        <path d={lossPath} fill="none" stroke="#c0392b" strokeWidth="1.5" />
        <path d={effPath} fill="none" stroke="#1f4e8c" strokeWidth="1.5" />
        <text x={PAD.left - 4} y={PAD.top + 10} fontSize="11" textAnchor="end" fill="#c0392b">
          {`${formatNumber(Number(lossTop.toPrecision(2)))} W`}
        </text>
        <text x={PAD.left - 4} y={HEIGHT - PAD.bottom} fontSize="11" textAnchor="end" fill="#c0392b">
          0 W
        </text>
        <text x={WIDTH - PAD.right + 4} y={PAD.top + 10} fontSize="11" fill="#1f4e8c">
          {`${effHigh} %`}
        </text>
        <text x={WIDTH - PAD.right + 4} y={HEIGHT - PAD.bottom} fontSize="11" fill="#1f4e8c">
          {`${effLow} %`}
        </text>
        <text x={PAD.left} y={HEIGHT - 10} fontSize="11">
          10 %
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 10} fontSize="11" textAnchor="end">
          100 %
        </text>
      </svg>
      <ScrollRegion label={t("converter.sweepHeading")}>
        <table className="estimate-table">
          <caption>{t("converter.sweepCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("converter.load")}</th>
              <th scope="col" className="is-numeric">
                {t("converter.totalLoss")}
              </th>
              <th scope="col" className="is-numeric">
                {t("converter.efficiency")}
              </th>
              <th scope="col" className="is-numeric">
                <WithSubscripts text={t("converter.tjHottest")} />
              </th>
            </tr>
          </thead>
          <tbody>
            {sweep.map((point) => (
              <tr key={point.load} data-estimate="converter-load">
                <th scope="row">{`${Math.round(point.load * 100)} %`}</th>
                <td className="is-numeric">{formatWatts(point.totalLoss, language)}</td>
                <td className="is-numeric">{percent(point.efficiency)}</td>
                <td className="is-numeric">{tjText(point.tj, "aboveData", t, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="estimate__scope">
        <WithSubscripts text={t("converter.note")} />
      </p>
    </section>
  );
}

/** The parallel parts of one position: current and share, loss, each junction's T_j. */
function PartsTable({ devices, caption, companion = false }: { devices: ConverterDevice[]; caption: string; companion?: boolean }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  return (
    <ScrollRegion label={caption}>
      <table className="estimate-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("converter.part")}</th>
            <th scope="col" className="is-numeric">
              {t("converter.current")}
            </th>
            <th scope="col" className="is-numeric">
              {t("converter.loss")}
            </th>
            {devices[0]!.junctions.map((junction) => (
              <th scope="col" className="is-numeric" key={junction.name}>
                <WithSubscripts text={t("converter.tj", { junction: t(`breakdown.${junction.name}`) })} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {devices.map((device) => (
            <tr key={device.index} data-estimate={companion ? "converter-with-part" : "converter-part"}>
              <th scope="row">{device.atMax ? t("converter.partAtMax", { index: device.index }) : device.index}</th>
              <td className="is-numeric">{`${formatNumber(Number(device.current.toPrecision(3)))} (${Math.round(device.share * 100)} %)`}</td>
              <td className="is-numeric">{formatWatts(device.loss, language)}</td>
              {device.junctions.map((junction) => (
                <td className="is-numeric" key={junction.name}>
                  {tjText(junction.tj, "aboveData", t, language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
