// The load cycle on a product's detail page (`cycle=` beside `op=`): T_j of the hottest junction over the cycle from
// the part's Foster network (shared/estimator/mission.ts), its peak judged against T_j,max, each step's figures in
// a table and the trace as plain SVG (role="img", its numbers in the title and the table).
import { useId } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { MODEL_TJ_RANGE } from "../../../shared/estimator/equations.ts";
import { missionProfile, parseLoadCycle } from "../../../shared/estimator/mission.ts";
import { formatNumber } from "../../../shared/estimator/format-number.ts";
import type { OperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { formatWatts, tjText } from "./format.ts";
import { ScrollRegion } from "./scroll-region.tsx";

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 48, right: 12, top: 10, bottom: 28 };

export function LoadCycle({ data, op, text }: { data: LossData; op: OperatingPoint; text: string | null }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const id = useId();
  const parsed = parseLoadCycle(text, op.mode, op.fsw);
  if (!parsed) return null;
  if (!parsed.ok)
    return (
      <p className="estimate-unsuitable" role="alert" data-estimate="cycle-error">
        {t(parsed.message, parsed.values)}
      </p>
    );
  const result = missionProfile(data, op, parsed.steps);
  if (!result)
    return (
      <p className="estimate__scope" data-estimate="cycle-none">
        {t("mission.none")}
      </p>
    );
  const top = Math.max(result.tjMax, ...result.trace.map((point) => Math.min(point.tj, MODEL_TJ_RANGE.max)));
  const bottom = Math.min(op.tc, ...result.trace.map((point) => point.tj));
  const end = result.trace.at(-1)!.t;
  const x = (time: number) => PAD.left + ((WIDTH - PAD.left - PAD.right) * time) / end;
  const y = (tj: number) => PAD.top + ((HEIGHT - PAD.top - PAD.bottom) * (top - Math.min(tj, MODEL_TJ_RANGE.max))) / Math.max(1, top - bottom);
  const path = result.trace.map((point, index) => `${index ? "L" : "M"}${x(point.t).toFixed(1)},${y(point.tj).toFixed(1)}`).join("");
  const peak = tjText(result.peak, undefined, t, language);
  const verdict = result.peak === null ? "mission.outside" : result.suitable ? "mission.within" : "mission.over";
  return (
    <section className="load-cycle" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("mission.heading")}</h3>
      <p className={result.suitable ? "estimate-ok" : "estimate-unsuitable"} data-estimate="cycle-verdict">
        <WithSubscripts
          text={t(verdict, {
            peak,
            junction: t(`breakdown.${result.junction}`),
            at: formatNumber(Number(result.at.toPrecision(3))),
            tjMax: result.tjMax,
            limit: MODEL_TJ_RANGE.max,
          })}
        />
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t`} className="loss-chart__svg">
        <title id={`${id}-t`}>{t("mission.chart", { peak, end: formatNumber(Number(end.toPrecision(3))) })}</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(result.tjMax)} y2={y(result.tjMax)} stroke="#c0392b" strokeDasharray="4 3" />
        <text x={PAD.left + 4} y={y(result.tjMax) - 3} fontSize="11" fill="#c0392b">
          {`T_j,max ${result.tjMax} °C`}
        </text>
        <path d={path} fill="none" stroke="#1f4e8c" strokeWidth="1.5" />
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11">
          0 s
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} fontSize="11" textAnchor="end">
          {`${formatNumber(Number(end.toPrecision(3)))} s`}
        </text>
      </svg>
      <ScrollRegion label={t("mission.heading")}>
        <table className="estimate-table">
          <caption>{t("mission.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("mission.step")}</th>
              <th scope="col" className="is-numeric">
                {t("mission.duration")}
              </th>
              <th scope="col" className="is-numeric">
                {t("mission.current")}
              </th>
              <th scope="col" className="is-numeric">
                {/* A PFC point's steps give the line frequency (mission.ts). */}
                <WithSubscripts text={t(op.mode === "inverter" ? "mission.fo" : "mission.line")} />
              </th>
              <th scope="col" className="is-numeric">
                {t("mission.power")}
              </th>
              <th scope="col" className="is-numeric">
                <WithSubscripts text={t("mission.peak")} />
              </th>
            </tr>
          </thead>
          <tbody>
            {result.steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one cycle, in order, never reordered.
              <tr key={index} className={step.peak === null || step.peak > result.tjMax ? "is-over" : undefined}>
                <th scope="row">{index + 1}</th>
                <td className="is-numeric">{formatNumber(step.duration)}</td>
                <td className="is-numeric">{formatNumber(step.current)}</td>
                <td className="is-numeric">{formatNumber(step.fo)}</td>
                <td className="is-numeric">{formatWatts(Math.max(...step.powers), language)}</td>
                <td className="is-numeric" data-estimate="cycle-step-peak">
                  {tjText(step.peak, undefined, t, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="estimate__scope">
        <WithSubscripts text={t("mission.note")} />
      </p>
    </section>
  );
}
