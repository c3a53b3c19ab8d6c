// Loss against switching frequency as plain SVG (no charting library: a few paths are lighter than any
// bundle). The picture is role="img" with a title and a description that state its numbers, and the same
// values are available as a table.
import { useId } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { estimate, lossScope, lossVsFrequency, type OperatingPoint, type SweepPoint } from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { formatCelsius, formatKilohertz, formatWatts } from "./format.ts";
import { ScrollRegion } from "./scroll-region.tsx";
import "../../styles/estimator.css";
import { WithSubscripts } from "../../components/param-name.tsx";

const WIDTH = 640;
const HEIGHT = 300;
const M = { left: 56, right: 16, top: 16, bottom: 46 };

/** 1–2–5 steps of each decade inside [low, high]. */
function logTicks(low: number, high: number): number[] {
  const ticks: number[] = [];
  for (let decade = 10 ** Math.floor(Math.log10(low)); decade <= high; decade *= 10) {
    for (const step of [1, 2, 5]) {
      const value = step * decade;
      if (value >= low * 0.999 && value <= high * 1.001) ticks.push(value);
    }
  }
  return ticks;
}

/** A round upper bound and step for the loss axis: about five gridlines. */
function linearTicks(max: number): number[] {
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let value = 0; value <= max + step * 0.999; value += step) ticks.push(Number(value.toPrecision(6)));
  return ticks;
}

const conduction = (point: SweepPoint) => point.losses.conduction + point.losses.diodeConduction;
const switching = (point: SweepPoint) => point.losses.switching + point.losses.diodeSwitching;

export function LossChart({ data, op, partNumber }: { data: LossData; op: OperatingPoint; partNumber: string }) {
  const { t } = useTranslation("estimator");
  const language = useLanguage();
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, "");
  const sweep = lossVsFrequency(data, op);
  const at = estimate(data, op);
  // The unit with what the figures cover (per switch position, leg or diode), on the axis and in the table.
  const unit = t("chart.unit", { scope: t(`scope.${lossScope(data.kind, op.mode)}`) });
  const low = sweep[0]!.fsw;
  const high = sweep.at(-1)!.fsw;
  const yTicks = linearTicks(Math.max(...sweep.map((point) => point.losses.total)) * 1.05);
  const yMax = yTicks.at(-1)!;
  const x = (fsw: number) => M.left + ((Math.log(fsw) - Math.log(low)) / (Math.log(high) - Math.log(low))) * (WIDTH - M.left - M.right);
  const y = (watts: number) => HEIGHT - M.bottom - (watts / yMax) * (HEIGHT - M.top - M.bottom);
  const path = (value: (point: SweepPoint) => number) =>
    sweep.map((point, index) => `${index ? "L" : "M"}${x(point.fsw).toFixed(1)},${y(value(point)).toFixed(1)}`).join(" ");
  const series = [
    { key: "total", value: (point: SweepPoint) => point.losses.total, className: "loss-chart__total" },
    { key: "conduction", value: conduction, className: "loss-chart__conduction" },
    { key: "switching", value: switching, className: "loss-chart__switching" },
  ];
  const watts = (value: number) => formatWatts(value, language);
  const description = t("chart.desc", {
    first: watts(sweep[0]!.losses.total),
    last: watts(sweep.at(-1)!.losses.total),
    from: formatKilohertz(low),
    to: formatKilohertz(high),
    fsw: formatKilohertz(op.fsw),
    at: watts(at.losses.total),
    conduction: watts(at.losses.conduction + at.losses.diodeConduction),
    switching: watts(at.losses.switching + at.losses.diodeSwitching),
  });
  // Every third point in the table keeps it readable; the operating point's row is the estimate itself.
  const rows = sweep.filter((_, index) => index % 3 === 0);

  return (
    <figure className="loss-chart" data-chart="loss-vs-fsw">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`} className="loss-chart__svg">
        <title id={`${id}-t`}>{t("chart.title", { part: partNumber, from: formatKilohertz(low), to: formatKilohertz(high) })}</title>
        <desc id={`${id}-d`}>{description}</desc>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group of lines and labels takes no focus; hidden because the description and the table say it. */}
        <g className="loss-chart__grid" aria-hidden="true">
          {yTicks.map((tick) => (
            <g key={`y${tick}`}>
              <line x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} />
              <text x={M.left - 6} y={y(tick) + 4} textAnchor="end">
                {watts(tick)}
              </text>
            </g>
          ))}
          {logTicks(low, high).map((tick) => (
            <g key={`x${tick}`}>
              <line x1={x(tick)} x2={x(tick)} y1={M.top} y2={HEIGHT - M.bottom} />
              <text x={x(tick)} y={HEIGHT - M.bottom + 16} textAnchor="middle">
                {formatKilohertz(tick)}
              </text>
            </g>
          ))}
          <text x={(M.left + WIDTH - M.right) / 2} y={HEIGHT - 8} textAnchor="middle" className="loss-chart__axis">
            {t("chart.xAxis")}
          </text>
          <text
            x={14}
            y={(M.top + HEIGHT - M.bottom) / 2}
            textAnchor="middle"
            className="loss-chart__axis"
            transform={`rotate(-90 14 ${(M.top + HEIGHT - M.bottom) / 2})`}
          >
            {t("chart.yAxis", { unit })}
          </text>
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group of paths takes no focus; hidden because the description and the table say it. */}
        <g aria-hidden="true">
          {series.map((line) => (
            <path key={line.key} d={path(line.value)} className={line.className} fill="none" />
          ))}
          <line x1={x(op.fsw)} x2={x(op.fsw)} y1={M.top} y2={HEIGHT - M.bottom} className="loss-chart__marker" />
          <circle cx={x(op.fsw)} cy={y(at.losses.total)} r={5} className="loss-chart__point" />
        </g>
      </svg>
      <figcaption>
        <ul className="loss-chart__legend">
          {series.map((line) => (
            <li key={line.key}>
              <span className={`loss-chart__swatch ${line.className}`} aria-hidden="true" />
              {t(`chart.${line.key}`)}
            </li>
          ))}
          <li>
            <span className="loss-chart__swatch loss-chart__marker" aria-hidden="true" />
            {t("chart.operatingPoint")} ({formatKilohertz(op.fsw)} kHz)
          </li>
        </ul>
        <details className="loss-chart__data">
          <summary>{t("chart.table")}</summary>
          <ScrollRegion label={t("chart.heading")}>
            <table className="estimate-table">
              <thead>
                <tr>
                  <th scope="col">
                    <WithSubscripts text={t("chart.fsw")} />
                  </th>
                  <th scope="col" className="is-numeric">
                    {`${t("chart.total")} (${unit})`}
                  </th>
                  <th scope="col" className="is-numeric">
                    {`${t("chart.conduction")} (${unit})`}
                  </th>
                  <th scope="col" className="is-numeric">
                    {`${t("chart.switching")} (${unit})`}
                  </th>
                  <th scope="col" className="is-numeric">
                    <WithSubscripts text={t("chart.tj")} />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((point) => (
                  <tr key={point.fsw}>
                    <th scope="row">{formatKilohertz(point.fsw)}</th>
                    <td className="is-numeric">{watts(point.losses.total)}</td>
                    <td className="is-numeric">{watts(conduction(point))}</td>
                    <td className="is-numeric">{watts(switching(point))}</td>
                    <td className="is-numeric">{point.tj === null ? t("breakdown.runaway") : formatCelsius(point.tj, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </figcaption>
    </figure>
  );
}
