// /support/models/{part}: a part's model validation page, the evidence that its SPICE model matches its datasheet:
// each ngspice check with its conditions, reference, simulated value, deviation, tolerance and result (in words),
// the switching energies reported but not validated, and the curves drawn as SVG on the server (no chart library).
// It rides on the support route's splat as the document pages do (docs/decisions/040-document-revisions.md), so
// no route is added to the table every page's first load carries; the figures are the published report
// (content/models/validation/, docs/decisions/027-model-topology.md). An unknown part or one without a report is
// the 404 page.
import { useId } from "react";
import { data, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import {
  queryModelValidation,
  validationPartPattern,
  type ModelValidation,
  type ValidationCheck,
  type ValidationConditions,
  type ValidationCurve,
} from "../../../shared/contract/model-validation.ts";
import type { Language } from "../../../shared/languages.ts";
import { productDetailPath, supportPagePath, supportPath } from "../../../shared/paths.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { API_BASE } from "../../features/document-download/download-memory.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { useLocalize } from "../../hooks.ts";
import { figure, plain, Sym, SvgSym, ticks } from "../../components/chart-text.tsx";
import "../../styles/model-validation.css";
import { withMinusSign } from "../../../shared/text/minus.ts";

export interface ModelValidationPageData {
  validation: ModelValidation;
}

const pagePath = /\/support\/models\/([^/]+)$/;

/** The page's data; the support route's loader (support-loader.ts) calls it for /support/models/…. */
export async function modelValidationLoader(request: Request, context: LoaderFunctionArgs["context"], language: Language): Promise<ModelValidationPageData> {
  const { pathname } = new URL(request.url);
  const match = pagePath.exec(pathname);
  const part = match ? decodeURIComponent(match[1]!) : "";
  if (!validationPartPattern.test(part)) throw data(null, { status: 404 });
  try {
    return { validation: await pageClient(context, language).call(queryModelValidation, undefined, { partNumber: part }) };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}

/** A number for the text, with the machine-readable value kept (the HTML data element). */
const Value = ({ value, unit }: { value: number; unit: string }) => (
  <data value={value}>
    {withMinusSign(figure(value))}
    {"\u00a0"}
    {unit}
  </data>
);
const percent = (value: number, digits = 2) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value * 100).toFixed(digits)}\u00a0%`;

/** The conditions as the datasheet writes them ("T_j = 25 °C, V_GS = 18 V, I_D = 20 A"). */
function conditionList(conditions: ValidationConditions): string[] {
  const items: string[] = [];
  const add = (symbol: string, value: number | undefined, unit: string) => {
    if (value !== undefined) items.push(`${symbol}\u00a0=\u00a0${withMinusSign(String(value))}\u00a0${unit}`);
  };
  add("T_j", conditions.tj, "°C");
  add("T_C", conditions.tc, "°C");
  add("V_GS", conditions.vgs, "V");
  if (conditions.vgsOff !== undefined && conditions.vgsOn !== undefined)
    items.push(`V_GS\u00a0=\u00a0${withMinusSign(String(conditions.vgsOff))}/+${conditions.vgsOn}\u00a0V`);
  add("V_GE", conditions.vge, "V");
  if (conditions.vgeOff !== undefined && conditions.vgeOn !== undefined)
    items.push(`V_GE\u00a0=\u00a0${withMinusSign(String(conditions.vgeOff))}/+${conditions.vgeOn}\u00a0V`);
  add("V_DS", conditions.vds, "V");
  add("V_DD", conditions.vdd, "V");
  add("V_CC", conditions.vcc, "V");
  add("V_R", conditions.vr, "V");
  add("I_D", conditions.id, "A");
  add("I_C", conditions.ic, "A");
  add("I_F", conditions.if, "A");
  add("R_G(ext)", conditions.rg, "Ω");
  return items;
}

function Conditions({ conditions }: { conditions: ValidationConditions }) {
  const { t } = useTranslation("models");
  return <Sym text={conditionList(conditions).join(t("conditionsSeparator"))} />;
}

/**
 * The words for an IGBT module's checks where a MOSFET's would misstate them (its gate, its collector, its own
 * double-pulse rule): the same keys under "…Igbt" (docs/decisions/053-module-models.md).
 */
const igbtWords = new Set([
  "checks.firstPulse",
  "checks.secondPulse",
  "referenceNotes.firstPulse",
  "referenceNotes.secondPulse",
  "groupIntro.conduction",
  "groupIntro.charge",
  "groupIntro.robustness",
]);
const wordsFor = (kind: ModelValidation["kind"], key: string) => (kind === "igbtModule" && igbtWords.has(key) ? key.replace(/^(\w+)\./, "$1Igbt.") : key);

function CheckTable({ group, checks, kind }: { group: ValidationCheck["group"]; checks: ValidationCheck[]; kind: ModelValidation["kind"] }) {
  const { t } = useTranslation("models");
  const { t: tc } = useTranslation();
  const headingId = `checks-${group}`;
  const key = (name: string) => wordsFor(kind, name);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`groups.${group}`)}</h2>
      <p>
        <Sym text={t(kind === "diode" && group === "charge" ? "groupIntro.chargeDiode" : key(`groupIntro.${group}`))} />
      </p>
      <ScrollBox className="table-scroll validation-scroll" label={tc("tableRegion", { name: t(`groups.${group}`) })}>
        <table className="validation-table">
          <thead>
            <tr>
              <th scope="col">{t("columns.check")}</th>
              <th scope="col">{t("columns.conditions")}</th>
              <th scope="col">{t("columns.reference")}</th>
              <th scope="col">{t("columns.simulated")}</th>
              <th scope="col">{t("columns.deviation")}</th>
              <th scope="col">{t("columns.tolerance")}</th>
              <th scope="col">{t("columns.result")}</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.id} data-check={check.id}>
                <th scope="row">
                  {t(key(`checks.${check.id}`))} (<Sym text={check.symbol} />)
                </th>
                <td className="validation-table__conditions">
                  <Conditions conditions={check.conditions} />
                </td>
                <td className="is-numeric">
                  <Value value={check.expected} unit={check.unit} />
                  <span className="validation-table__source">
                    {t(`references.${check.reference}`)}
                    {check.reference === "datasheet" ? null : (
                      <>
                        {": "}
                        <Sym text={t(key(`referenceNotes.${check.id}`))} />
                      </>
                    )}
                  </span>
                </td>
                <td className="is-numeric">
                  <Value value={check.simulated} unit={check.unit} />
                </td>
                <td className="is-numeric">
                  <data value={check.deviation}>{percent(check.deviation)}</data>
                </td>
                <td className="is-numeric">
                  <data value={check.tolerance}>±{check.tolerance * 100}&nbsp;%</data>
                </td>
                <td className={check.pass ? "validation-result validation-result--pass" : "validation-result validation-result--fail"}>
                  <span aria-hidden="true">{check.pass ? "✓ " : "✗ "}</span>
                  {check.pass ? t("pass") : t("fail")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

function SwitchingEnergies({ switching, kind }: { switching: NonNullable<ModelValidation["switching"]>; kind: ModelValidation["kind"] }) {
  const { t } = useTranslation("models");
  const { t: tc } = useTranslation();
  const rows = [
    ["E_on", switching.eOn],
    ["E_off", switching.eOff],
  ] as const;
  return (
    <section aria-labelledby="switching" className="validation-switching">
      <h2 id="switching">{t("switching.title")}</h2>
      <p>
        <Sym text={t(kind === "igbtModule" ? "switching.textIgbt" : "switching.text")} />
      </p>
      <p>
        <Sym text={t("switching.conditions", { conditions: conditionList(switching.conditions).join(t("conditionsSeparator")) })} />
      </p>
      <ScrollBox className="table-scroll validation-scroll" label={tc("tableRegion", { name: t("switching.title") })}>
        <table className="validation-table">
          <thead>
            <tr>
              <th scope="col">{t("switching.quantity")}</th>
              <th scope="col">{t("switching.datasheet")}</th>
              <th scope="col">{t("columns.simulated")}</th>
              <th scope="col">{t("columns.deviation")}</th>
              <th scope="col">{t("columns.result")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([symbol, energy]) => (
              <tr key={symbol} data-energy={symbol}>
                <th scope="row">
                  <Sym text={symbol} />
                </th>
                <td className="is-numeric">
                  <Value value={energy.expected} unit="mJ" />
                </td>
                <td className="is-numeric">
                  <Value value={energy.simulated} unit="mJ" />
                </td>
                <td className="is-numeric">{percent(energy.simulated / energy.expected - 1, 0)}</td>
                <td className="validation-result validation-result--unchecked">{t("switching.notChecked")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

/** The chart's drawing area in the SVG's own units; the SVG scales to its box, the text stays legible at phone width. */
const W = 440;
const H = 300;
const M = { left: 56, right: 16, top: 14, bottom: 52 };

/** Colour and dash by temperature and source: 25 °C blue, hot red; the reference dashed. Shape and dash differ too, not colour alone. */
const seriesColour = (tj: number) => (tj <= 25 ? "#1f5fa8" : "#b3261e");

/** The values a chart's title names: the conditions of its curve. */
const curveTitleValues = (curve: ValidationCurve) => ({
  vgs: curve.conditions.vgs,
  vds: curve.conditions.vds,
  id: curve.conditions.id,
  vge: curve.conditions.vge,
  vcc: curve.conditions.vcc,
  ic: curve.conditions.ic,
});

function Chart({ curve, part }: { curve: ValidationCurve; part: string }) {
  const { t } = useTranslation("models");
  const id = useId();
  const all = [...curve.series.flatMap((series) => series.points), ...curve.marks.map((mark) => [mark.x, mark.y] as [number, number])];
  const xMin = Math.min(0, ...all.map(([x]) => x));
  const yMin = Math.min(0, ...all.map(([, y]) => y));
  // 4 % headroom, so a datasheet dot at the largest value is not cut by the plot's edge.
  const xTicks = ticks(xMin, Math.max(...all.map(([x]) => x)) * 1.04);
  const yTicks = ticks(yMin, Math.max(...all.map(([, y]) => y)) * 1.04);
  const x0 = Math.min(xMin, xTicks[0]!);
  const x1 = Math.max(xTicks[xTicks.length - 1]!, ...all.map(([x]) => x * 1.04));
  const y0 = Math.min(yMin, yTicks[0]!);
  const y1 = Math.max(yTicks[yTicks.length - 1]!, ...all.map(([, y]) => y * 1.04));
  const sx = (x: number) => M.left + ((x - x0) / (x1 - x0)) * (W - M.left - M.right);
  const sy = (y: number) => H - M.bottom - ((y - y0) / (y1 - y0)) * (H - M.top - M.bottom);
  const temperatures = [...new Set(curve.series.map((series) => series.tj))].map((tj) => `${tj} °C`).join(t("conditionsSeparator"));
  const check = curve.marks[0];
  const title = plain(t(`curves.${curve.id}`, curveTitleValues(curve)));
  const desc = plain(
    t(`curves.desc.${curve.id}`, {
      temperatures,
      id: check?.y,
      ic: check?.y,
      if: check?.y,
      qg: check?.x,
      vgs: check?.y,
      vge: check?.y,
    }),
  );
  const axisLabel = (axis: ValidationCurve["x"]) => `${axis.symbol} (${axis.unit})`;
  const legend = curve.series.map((series) => ({
    key: `${series.source}-${series.tj}`,
    label: t(`curves.series.${series.source}`, { tj: series.tj }),
    colour: seriesColour(series.tj),
    dashed: series.source !== "simulated",
  }));
  return (
    <figure className="validation-chart" data-curve={curve.id}>
      <figcaption>
        <Sym text={t(`curves.${curve.id}`, curveTitleValues(curve))} />
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="validation-chart__svg">
        <title id={`${id}-title`}>{`${part}: ${title}`}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        <g className="validation-chart__grid">
          {xTicks.map((value) => (
            <line key={`x${value}`} x1={sx(value)} x2={sx(value)} y1={M.top} y2={H - M.bottom} />
          ))}
          {yTicks.map((value) => (
            <line key={`y${value}`} x1={M.left} x2={W - M.right} y1={sy(value)} y2={sy(value)} />
          ))}
        </g>
        <g className="validation-chart__axis">
          <line x1={M.left} x2={W - M.right} y1={H - M.bottom} y2={H - M.bottom} />
          <line x1={M.left} x2={M.left} y1={M.top} y2={H - M.bottom} />
          {xTicks.map((value) => (
            <text key={`xl${value}`} x={sx(value)} y={H - M.bottom + 19} textAnchor="middle">
              {withMinusSign(String(value))}
            </text>
          ))}
          {yTicks.map((value) => (
            <text key={`yl${value}`} x={M.left - 6} y={sy(value) + 4} textAnchor="end">
              {withMinusSign(String(value))}
            </text>
          ))}
          <text x={(M.left + W - M.right) / 2} y={H - 8} textAnchor="middle" className="validation-chart__label">
            <SvgSym text={axisLabel(curve.x)} />
          </text>
          <text x={16} y={(M.top + H - M.bottom) / 2} textAnchor="middle" transform={`rotate(-90 16 ${(M.top + H - M.bottom) / 2})`} className="validation-chart__label">
            <SvgSym text={axisLabel(curve.y)} />
          </text>
        </g>
        {curve.series.map((series) => (
          <polyline
            key={`${series.source}-${series.tj}`}
            points={series.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(" ")}
            fill="none"
            stroke={seriesColour(series.tj)}
            strokeWidth={series.source === "simulated" ? 2.5 : 1.5}
            strokeDasharray={series.source === "simulated" ? undefined : "6 4"}
          />
        ))}
        {curve.marks.map((mark) => (
          <circle key={`${mark.tj}-${mark.x}`} cx={sx(mark.x)} cy={sy(mark.y)} r={5} fill="#fff" stroke={seriesColour(mark.tj)} strokeWidth={2} />
        ))}
      </svg>
      <ul className="validation-chart__legend">
        {legend.map((entry) => (
          <li key={entry.key}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line x1="1" x2="27" y1="5" y2="5" stroke={entry.colour} strokeWidth={entry.dashed ? 1.5 : 2.5} strokeDasharray={entry.dashed ? "6 4" : undefined} />
            </svg>
            <span>
              <Sym text={entry.label} />
            </span>
          </li>
        ))}
        <li>
          <svg width="28" height="12" aria-hidden="true" focusable="false">
            <circle cx="14" cy="6" r="4.5" fill="#fff" stroke="#444" strokeWidth="2" />
          </svg>
          <span>{t("curves.mark")}</span>
        </li>
      </ul>
      <details className="validation-chart__data">
        <summary>{t("curves.data")}</summary>
        {curve.series
          .filter((series) => series.source === "simulated")
          .map((series) => (
            <table key={series.tj} className="validation-table validation-table--points">
              <caption>{t("curves.seriesTable", { tj: series.tj })}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Sym text={axisLabel(curve.x)} />
                  </th>
                  <th scope="col">
                    <Sym text={axisLabel(curve.y)} />
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.points.map(([x, y]) => (
                  <tr key={`${x}-${y}`}>
                    <td className="is-numeric">
                      <data value={x}>{withMinusSign(figure(x))}</data>
                    </td>
                    <td className="is-numeric">
                      <data value={y}>{withMinusSign(figure(y))}</data>
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

export function ModelValidationPage({ page }: { page: ModelValidationPageData }) {
  const { t } = useTranslation("models");
  const { t: ts } = useTranslation("support");
  const localize = useLocalize();
  const report = page.validation;
  const part = report.partNumber;
  const title = t("title", { part });
  const passed = report.checks.filter((check) => check.pass).length;
  const groups = (["conduction", "charge", "robustness", "switching"] as const).filter((group) => report.checks.some((check) => check.group === group));
  return (
    <main id="main" className="main model-validation">
      {/* The canonical URL is this page's own path (PageMeta's default): the path builder
          (shared/model-validation-path.ts) stays in the product page's chunk, which links here. */}
      <PageMeta title={title} description={t("description", { part, version: report.version })} />
      <Breadcrumbs
        items={[
          { label: ts("nav.label"), to: supportPath },
          { label: ts("nav.simulation-models"), to: supportPagePath("simulation-models") },
          { label: t("crumb", { part }) },
        ]}
      />
      <div className="page-body">
        <h1>{title}</h1>
        <p>{t("intro", { simulator: report.simulator })}</p>
        <p className="validation-version">
          {t("version", { version: report.version, date: report.date })} · <Link to={localize(productDetailPath(part))}>{t("product", { part })}</Link>
        </p>
        <section aria-labelledby="validation-files">
          <h2 id="validation-files">{t("files")}</h2>
          <ul className="validation-files">
            {report.files.map((file) => (
              <li key={file.fileName}>
                <a href={`${API_BASE}${file.downloadPath}`} download="" rel="nofollow">
                  {file.fileName}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <p className="validation-summary">
          <strong>{t("summary", { passed, total: report.checks.length })}</strong>
        </p>
        {groups.map((group) => (
          <CheckTable key={group} group={group} checks={report.checks.filter((check) => check.group === group)} kind={report.kind} />
        ))}
        {report.switching ? <SwitchingEnergies switching={report.switching} kind={report.kind} /> : null}
        <section aria-labelledby="curves">
          <h2 id="curves">{t("curves.title")}</h2>
          <div className="validation-charts">
            {report.curves.map((curve) => (
              <Chart key={curve.id} curve={curve} part={part} />
            ))}
          </div>
        </section>
        <section aria-labelledby="validation-limits">
          <h2 id="validation-limits">{t("limits.title")}</h2>
          <p>
            <Sym text={t(report.kind === "diode" ? "limits.textDiode" : report.kind === "igbtModule" ? "limits.textIgbt" : "limits.text")} />
          </p>
        </section>
      </div>
    </main>
  );
}
