// One figure of the HTML datasheet as SVG drawn on the server (no chart library, nothing to run in the browser): linear
// axes, or logarithmic ones for a curve over decades (the transient thermal impedance), a legend in HTML and the
// figure's numbers in tables for a screen reader, a crawler or anyone who wants the values rather than the picture.
// The axis and symbol helpers are the validation page's (model-validation.tsx), so both pages draw alike.
import { useId } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { figure, plain, Sym, SvgSym, ticks } from "../../components/chart-text.tsx";

/** The HTML datasheet's strings: the product namespace's "datasheetPage" part (the page is a view of the product route). */
export type DatasheetText = (key: string, options?: Record<string, unknown>) => string;
export function useDatasheetText(): DatasheetText {
  const { t } = useTranslation("product");
  return (key, options) => String(t(`datasheetPage.${key}`, options as never));
}

export interface ChartSeries {
  key: string;
  /** Underscore notation ("E_on, T_j = 25 °C"), subscripted where it is shown. */
  label: string;
  points: Array<[number, number]>;
  colour: string;
  dash: string | undefined;
  marker: "circle" | "square" | "triangle" | null;
}

export interface ChartAxis {
  /** "V_DS (V)": underscore notation. */
  label: string;
  log: boolean;
}

const W = 440;
const H = 300;
// The right margin holds half of the last decade label ("10¹") of a logarithmic axis.
const M = { left: 60, right: 24, top: 14, bottom: 52 };

const superscripts: Record<string, string> = { "-": "⁻", "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹" };
/** A decade's tick as engineers write it: 10⁻⁶ … 10¹. */
const decade = (exponent: number) => `10${String(exponent).replace(/./g, (character) => superscripts[character] ?? character)}`;
const minus = (text: string) => text.replace("-", "−");

interface Scale {
  at: (value: number) => number;
  ticks: Array<{ value: number; label: string }>;
}

/** An axis from its values to [from, to] in the SVG's units: decades when logarithmic, round steps with 4 % headroom when linear. */
function scale(values: number[], log: boolean, from: number, to: number): Scale {
  if (log) {
    const positive = values.filter((value) => value > 0);
    const low = Math.floor(Math.log10(Math.min(...positive)));
    const high = Math.ceil(Math.log10(Math.max(...positive)));
    const span = Math.max(high - low, 1);
    return {
      at: (value) => from + ((Math.log10(value) - low) / span) * (to - from),
      ticks: Array.from({ length: span + 1 }, (_, index) => ({ value: 10 ** (low + index), label: decade(low + index) })),
    };
  }
  const low = Math.min(0, ...values);
  const list = ticks(low, Math.max(...values) * 1.04);
  const start = Math.min(low, list[0]!);
  const end = Math.max(list[list.length - 1]!, ...values.map((value) => value * 1.04));
  return {
    at: (value) => from + ((value - start) / (end - start)) * (to - from),
    ticks: list.map((value) => ({ value, label: minus(String(value)) })),
  };
}

function Marker({ shape, x, y, colour }: { shape: NonNullable<ChartSeries["marker"]>; x: number; y: number; colour: string }) {
  if (shape === "circle") return <circle cx={x} cy={y} r={3.5} fill="#fff" stroke={colour} strokeWidth={1.75} />;
  if (shape === "square") return <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill={colour} />;
  return <path d={`M${x} ${y - 4.5}L${x + 4.5} ${y + 3.5}H${x - 4.5}Z`} fill={colour} />;
}

export function DatasheetChart({
  id,
  part,
  title,
  caption,
  x,
  y,
  series,
}: {
  id: string;
  part: string;
  /** The figure's title in underscore notation, and its caption (the title with the conditions all its curves share). */
  title: string;
  caption: string;
  x: ChartAxis;
  y: ChartAxis;
  series: ChartSeries[];
}) {
  const t = useDatasheetText();
  const svgId = useId();
  // A logarithmic axis cannot show zero or a negative value: such points are left out of the drawing (not of the tables).
  const drawn = series.map((entry) => ({ ...entry, points: entry.points.filter(([px, py]) => (!x.log || px > 0) && (!y.log || py > 0)) }));
  const all = drawn.flatMap((entry) => entry.points);
  const sx = scale(
    all.map(([px]) => px),
    x.log,
    M.left,
    W - M.right,
  );
  const sy = scale(
    all.map(([, py]) => py),
    y.log,
    H - M.bottom,
    M.top,
  );
  const desc = plain(
    t("figureDesc", { title: caption, series: series.map((entry) => entry.label).join(t("seriesSeparator")) }) +
      (x.log && y.log ? ` ${t("logAxes")}` : y.log ? ` ${t("logY")}` : x.log ? ` ${t("logX")}` : ""),
  );
  return (
    <figure className="datasheet-chart" data-figure={id}>
      <figcaption>
        <Sym text={caption} />
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${svgId}-title ${svgId}-desc`} className="datasheet-chart__svg">
        <title id={`${svgId}-title`}>{`${part}: ${plain(title)}`}</title>
        <desc id={`${svgId}-desc`}>{desc}</desc>
        <g className="datasheet-chart__grid">
          {sx.ticks.map((tick) => (
            <line key={`x${tick.value}`} x1={sx.at(tick.value)} x2={sx.at(tick.value)} y1={M.top} y2={H - M.bottom} />
          ))}
          {sy.ticks.map((tick) => (
            <line key={`y${tick.value}`} x1={M.left} x2={W - M.right} y1={sy.at(tick.value)} y2={sy.at(tick.value)} />
          ))}
        </g>
        <g className="datasheet-chart__axis">
          <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} />
          <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} />
          {sx.ticks.map((tick) => (
            <text key={`xl${tick.value}`} x={sx.at(tick.value)} y={H - M.bottom + 19} textAnchor="middle">
              {tick.label}
            </text>
          ))}
          {sy.ticks.map((tick) => (
            <text key={`yl${tick.value}`} x={M.left - 6} y={sy.at(tick.value) + 5} textAnchor="end">
              {tick.label}
            </text>
          ))}
          <text x={(M.left + W - M.right) / 2} y={H - 8} textAnchor="middle" className="datasheet-chart__label">
            <SvgSym text={x.label} />
          </text>
          <text x={16} y={(M.top + H - M.bottom) / 2} textAnchor="middle" transform={`rotate(-90 16 ${(M.top + H - M.bottom) / 2})`} className="datasheet-chart__label">
            <SvgSym text={y.label} />
          </text>
        </g>
        {drawn.map((entry) => (
          <g key={entry.key}>
            <polyline
              points={entry.points.map(([px, py]) => `${sx.at(px).toFixed(1)},${sy.at(py).toFixed(1)}`).join(" ")}
              fill="none"
              stroke={entry.colour}
              strokeWidth={2}
              strokeDasharray={entry.dash}
            />
            {entry.marker ? entry.points.map(([px, py]) => <Marker key={`${px}-${py}`} shape={entry.marker!} x={sx.at(px)} y={sy.at(py)} colour={entry.colour} />) : null}
          </g>
        ))}
      </svg>
      <ul className="datasheet-chart__legend">
        {series.map((entry) => (
          <li key={entry.key}>
            <svg width="30" height="12" aria-hidden="true" focusable="false">
              <line x1="1" x2="29" y1="6" y2="6" stroke={entry.colour} strokeWidth={2} strokeDasharray={entry.dash} />
              {entry.marker ? <Marker shape={entry.marker} x={15} y={6} colour={entry.colour} /> : null}
            </svg>
            <span>
              <Sym text={entry.label} />
            </span>
          </li>
        ))}
      </ul>
      <details className="datasheet-chart__data">
        <summary>{t("data")}</summary>
        {series.map((entry) => (
          <table key={entry.key} className="datasheet-table datasheet-table--points">
            <caption>
              <Sym text={entry.label} />
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Sym text={x.label} />
                </th>
                <th scope="col">
                  <Sym text={y.label} />
                </th>
              </tr>
            </thead>
            <tbody>
              {entry.points.map(([px, py]) => (
                <tr key={`${px}-${py}`}>
                  <td className="is-numeric">
                    <data value={px}>{minus(figure(px))}</data>
                  </td>
                  <td className="is-numeric">
                    <data value={py}>{minus(figure(py))}</data>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </details>
    </figure>
  );
}
