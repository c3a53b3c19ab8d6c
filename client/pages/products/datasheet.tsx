// /productAndService/productDetail/{part}/datasheet: a part's datasheet as a web page, for whoever cannot or will not
// open the PDF (WeChat's browser blocks downloads; a crawler reads HTML): the part's header (description, package,
// lifecycle state, the datasheet's revision), its key parameters, the absolute maximum ratings, the electrical and
// thermal characteristics with their test conditions (the product page's tables, from the same content), and the
// characteristic curves as SVG drawn on the server from the part's published curves CSV (queryModelCurves). It needs no
// JavaScript and prints to A4 (styles/datasheet.css). It is a view of the product page's route and an island of it:
// its code shares the modules the product page loads first and is not in any page's first load
// (docs/decisions/054-html-datasheet.md). Its data (datasheetLoader) is in the same chunk: the product page's loader
// imports it for the datasheet view, so both come in one file.
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import type { ProductPage } from "../../../shared/contract/index.ts";
import { queryModelCurves, type ModelCurves } from "../../../shared/contract/model-curves.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { withOwnDocuments } from "../../../shared/catalog/document-products.ts";
import { productPageOf } from "./product-page-call.ts";
import { pageClient } from "../../api/loader-context.ts";
import { useAtomValue } from "jotai";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import type { CurveConditions, PartCurve } from "../../../shared/contract/model-curves.ts";
import type { CharacteristicRow } from "../../../shared/contract/part-data.ts";
import { htmlLang, localizePath } from "../../../shared/languages.ts";
import { productDetailPath, productsPath, categoryPath } from "../../../shared/paths.ts";
import { datasheetPagePath } from "../../../shared/datasheet-path.ts";
import { packageDrawing } from "../../../shared/catalog/product-facts.ts";
import { productLd } from "../../../shared/seo/product-ld.ts";
import { absoluteUrl } from "../../../shared/seo/seo.ts";
import { API_BASE } from "../../features/document-download/download-memory.ts";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { ProseText } from "../../components/prose-text.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { publicOriginAtom } from "../../state/atoms.ts";
import { LifecycleBadge } from "./lifecycle-badge.tsx";
import { CharacteristicTable, OrderingSection, OutlineSection } from "./part-datasheet.tsx";
import { hasSymbol, ParamSymbol, valueText } from "./param-label.tsx";
import { figure, Sym } from "../../components/chart-text.tsx";
import { DatasheetChart, useDatasheetText, type ChartSeries, type DatasheetText } from "./datasheet-chart.tsx";

export interface DatasheetPageData {
  datasheetPage: Pick<ProductPage, "paramTable" | "breadcrumb"> & { product: NonNullable<ProductPage["product"]> };
  /** The curves of the part's published curves CSV; null for a part without model files. */
  curves: ModelCurves | null;
}

/** The datasheet view's data; `name` is the part number of the URL, already checked against the product page's pattern. */
export async function datasheetLoader({ context, pattern }: LoaderFunctionArgs, name: string): Promise<DatasheetPageData> {
  const language = routeLanguage(pattern);
  const api = pageClient(context, language);
  const { page, product } = await productPageOf(api, name);
  if (product.partNumber !== name) throw redirect(localizePath(datasheetPagePath(product.partNumber), language), 301);
  // Only a part with a curves file is asked for its curves: a module or a gate driver has none, and that is no error.
  const curves = product.models.some((file) => file.kind === "csv") ? await api.call(queryModelCurves, undefined, { partNumber: product.partNumber }) : null;
  return { datasheetPage: { product: withOwnDocuments(product), paramTable: page.paramTable, breadcrumb: page.breadcrumb }, curves };
}

/** The thermal lines of the characteristics: thermal resistances and impedances, which a datasheet tables apart. */
const isThermal = (row: CharacteristicRow) => /^[RZ]_th/.test(row.symbol);

/** The CSV's condition columns as the datasheet writes them. */
const conditionSymbols: Array<[keyof CurveConditions, string, string]> = [
  ["v_gs_V", "V_GS", "V"],
  ["v_dd_V", "V_DD", "V"],
  ["i_d_A", "I_D", "A"],
  ["r_g_ohm", "R_G(ext)", "Ω"],
  ["t_j_degC", "T_j", "°C"],
];
/** The CSV writes units in ASCII (ohm, uJ, degC); the page prints their symbols. */
const unitText = (unit: string) => ({ ohm: "Ω", uJ: "µJ", degC: "°C" })[unit] ?? unit;
const numberText = (value: number) => figure(value).replace("-", "−");
const conditionText = ([, symbol, unit]: (typeof conditionSymbols)[number], value: number) => `${symbol} = ${numberText(value)} ${unit}`.replace(/ /g, "\u00a0");

/** The figures the page knows by name (their x quantity and y unit, as the CSV writes them); another gets a generic title. */
const figureNames: Record<string, string> = {
  "V_DS|A": "output",
  "V_SD|A": "bodyDiode",
  "V_F|A": "forward",
  "I_D|mJ": "energyCurrent",
  "R_G(ext)|mJ": "energyGate",
  "t_p|K/W": "thermalImpedance",
  "V_DS|A|soa": "soa",
  "V_GS|A": "transfer",
  "V_DS|pF": "capacitance",
  "V_DS|nC": "outputCharge",
  "V_DS|uJ": "outputEnergy",
  "Q_G|V": "gateCharge",
  "V_R|pF": "junctionCapacitance",
  "V_R|nC": "capacitiveCharge",
  "V_R|uJ": "capacitiveEnergy",
};

/**
 * Curves with the same axes that are still drawn apart (the characterisation dataset's, decision 055): the safe
 * operating area beside the output characteristic, and the output curves at several gate voltages one figure per
 * junction temperature, as datasheets draw them.
 */
function familyOf(curve: PartCurve): string {
  if (curve.curve.startsWith("safe operating area")) return "soa";
  if (curve.curve === "output characteristic at several gate voltages") return `outputGate${curve.conditions.t_j_degC ?? 25}`;
  return "";
}

/** Colour and dash by the curve's temperature rank (blue for the coolest, red for the hottest), so print in grey still tells them apart. */
const palette: Array<[string, string | undefined]> = [
  ["#1f5fa8", undefined],
  ["#0f766e", "10 4"],
  ["#6d28d9", "4 3"],
  ["#9a4a06", "10 3 2 3"],
  ["#b3261e", "2 2.5"],
];
const markers = ["circle", "square", "triangle"] as const;

interface Figure {
  id: string;
  title: string;
  caption: string;
  x: { label: string; log: boolean };
  y: { label: string; log: boolean };
  series: ChartSeries[];
}

/**
 * The CSV's curves as figures: the curves with the same x quantity and y unit share one (E_on and E_off against
 * current), the conditions all of them share go to the caption, those that differ (T_j) and the quantity (where
 * there are several) name each curve. The Foster network is a table, not a figure.
 */
function figuresOf(curves: PartCurve[], t: DatasheetText): Figure[] {
  const groups = new Map<string, PartCurve[]>();
  for (const curve of curves) {
    if (curve.x.quantity === "tau_i") continue;
    const family = familyOf(curve);
    const key = `${curve.x.quantity}|${curve.y.unit}${family ? `|${family}` : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), curve]);
  }
  return [...groups].map(([key, list]) => {
    const first = list[0]!;
    const shared = conditionSymbols.filter(([name]) => list.every((curve) => curve.conditions[name] !== undefined && curve.conditions[name] === first.conditions[name]));
    const varying = conditionSymbols.filter((entry) => !shared.includes(entry) && list.some((curve) => curve.conditions[entry[0]] !== undefined));
    const quantities = [...new Set(list.map((curve) => curve.y.quantity))];
    const temperatures = [...new Set(list.map((curve) => curve.conditions.t_j_degC ?? 25))].sort((a, b) => a - b);
    const named = figureNames[key] ?? (familyOf(first).startsWith("outputGate") ? "outputGate" : undefined);
    const title = named ? t(`figure.${named}`) : t("figure.other", { y: quantities.join(" / "), x: first.x.quantity });
    const sharedText = shared.map((entry) => conditionText(entry, first.conditions[entry[0]]!)).join(t("conditionsSeparator"));
    // Over decades and never zero (the thermal impedance over pulse lengths): logarithmic axes, as datasheets draw it.
    const xs = list.flatMap((curve) => curve.points.map(([x]) => x));
    const ys = list.flatMap((curve) => curve.points.map(([, y]) => y));
    const decades = (values: number[]) => Math.min(...values) > 0 && Math.max(...values) / Math.min(...values) >= 1000;
    // Each axis on its own: the capacitances span decades over a V_DS that starts at 0 (a logarithmic C axis, as
    // datasheets draw C–V), the thermal impedance and the safe operating area over both.
    const logX = decades(xs);
    const logY = decades(ys);
    return {
      id: familyOf(first).startsWith("outputGate") ? familyOf(first) : (named ?? key),
      title,
      caption: sharedText ? t("figureCaption", { title, conditions: sharedText }) : title,
      x: { label: `${first.x.quantity} (${unitText(first.x.unit)})`, log: logX },
      // Several quantities on one axis share their symbol's letter: E for E_on and E_off, C for C_iss, C_oss, C_rss.
      y: {
        label: `${new Set(quantities.map((quantity) => quantity.split("_")[0])).size === 1 ? first.y.quantity.split("_")[0] : quantities.join(" / ")} (${unitText(first.y.unit)})`,
        log: logY,
      },
      series: list.map((curve, index) => {
        // By temperature where the curves differ in it; else (the output curves of one temperature at several gate
        // voltages) each curve its own colour and dash, so the legend tells them apart.
        const rank = temperatures.length === 1 ? (list.length === 1 ? 0 : index) : temperatures.indexOf(curve.conditions.t_j_degC ?? 25);
        const ranks = temperatures.length === 1 ? list.length : temperatures.length;
        const [colour, dash] = palette[ranks === 1 ? 0 : Math.round((rank * (palette.length - 1)) / (ranks - 1))]!;
        const label = [
          quantities.length > 1 ? curve.y.quantity : null,
          ...varying.map((entry) => (curve.conditions[entry[0]] === undefined ? null : conditionText(entry, curve.conditions[entry[0]]!))),
        ]
          .filter(Boolean)
          .join(t("conditionsSeparator"));
        return {
          key: `${index}`,
          label: label || curve.y.quantity,
          points: curve.points,
          colour,
          dash,
          marker: quantities.length > 1 ? markers[quantities.indexOf(curve.y.quantity) % markers.length]! : null,
        };
      }),
    };
  });
}

export function DatasheetPage({ page }: { page: DatasheetPageData }) {
  const t = useDatasheetText();
  const { t: tp } = useTranslation("product");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const origin = useAtomValue(publicOriginAtom) || "http://localhost";
  const { product, paramTable, breadcrumb } = page.datasheetPage;
  const part = product.partNumber;
  const categories = breadcrumb.filter((item) => item.partNumber === null);
  const pdf = product.datasheet ?? product.documents.find((document) => document.type === "datasheet") ?? null;
  const ratings = product.characteristics.filter((row) => row.group === "ratings");
  const electrical = product.characteristics.filter((row) => row.group === "characteristics" && !isThermal(row));
  const thermal = product.characteristics.filter((row) => row.group === "characteristics" && isThermal(row));
  const foster = page.curves?.curves.find((curve) => curve.x.quantity === "tau_i") ?? null;
  const figures = page.curves ? figuresOf(page.curves.curves, t) : [];
  const stated = paramTable.filter((column) => valueText(product.params[column.fieldId], column.unit) !== null);
  const title = t("title", { part });
  const url = absoluteUrl(origin, localizePath(datasheetPagePath(part), language));
  const packageName = product.params.package;
  const { lifecycle } = product;
  const ld = productLd(origin, language, product, paramTable, {
    brand: tc("companyShort"),
    category: categories.map((item) => item.name).join(" > "),
    image: packageDrawing(packageName),
    lifecycleName: tp("lifecycle.heading"),
    replacementName: tp("lifecycle.replacement"),
    sinceName: tp("lifecycle.sinceWord"),
  });
  const { "@context": _context, ...about } = ld;

  return (
    <main id="main" className="main datasheet-page">
      <PageMeta title={title} description={t("description", { part, summary: product.summary })} type="article" />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "TechArticle",
          "@id": `${url}#datasheet`,
          url,
          headline: title,
          inLanguage: htmlLang[language],
          ...(pdf ? { version: pdf.version, dateModified: pdf.date } : {}),
          publisher: { "@type": "Organization", name: tc("company") },
          about,
        }}
      />
      <Breadcrumbs
        className="datasheet-page__crumbs"
        items={[
          { label: tp("detail.catalog"), to: productsPath },
          ...categories.map((item) => ({ label: item.name, to: categoryPath(item.id) })),
          { label: part, to: productDetailPath(part) },
          { label: t("crumb") },
        ]}
      />
      <article className="datasheet-sheet" aria-labelledby="datasheet-title">
        <header className="datasheet-head">
          <p className="datasheet-head__kicker">
            {tc("company")} · {t("kicker")}
          </p>
          <h1 id="datasheet-title">{part}</h1>
          <p className="datasheet-head__summary">
            <ProseText text={product.summary} />
          </p>
          <dl className="datasheet-facts" aria-label={t("facts")}>
            {packageName ? (
              <div>
                <dt>{t("package")}</dt>
                <dd>{String(packageName)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t("lifecycle")}</dt>
              <dd>
                <LifecycleBadge lifecycle={lifecycle} />
                {lifecycle.since ? ` ${t("lifecycleSince", { state: tp(`lifecycle.state.${lifecycle.state}`), date: lifecycle.since })}` : null}
                {lifecycle.replacement ? (
                  <>
                    {" · "}
                    <Link to={localize(datasheetPagePath(lifecycle.replacement))}>{t("replacement", { part: lifecycle.replacement })}</Link>
                  </>
                ) : null}
              </dd>
            </div>
            {pdf ? (
              <div>
                <dt>{t("revision")}</dt>
                <dd>{t("revisionValue", { version: pdf.version, date: pdf.date })}</dd>
              </div>
            ) : null}
            {page.curves ? (
              <div>
                <dt>{t("curvesSource")}</dt>
                <dd>{t("curvesSourceValue", { version: page.curves.version, date: page.curves.date })}</dd>
              </div>
            ) : null}
          </dl>
          <nav className="datasheet-links" aria-label={t("links")}>
            <ul>
              {pdf ? (
                <li>
                  <DocumentDownloadLink document={pdf} className="datasheet-links__pdf">
                    {t("pdf")}
                  </DocumentDownloadLink>
                </li>
              ) : null}
              <li>
                <Link to={localize(productDetailPath(part))}>{t("product", { part })}</Link>
              </li>
              {page.curves ? (
                <li>
                  <a href={`${API_BASE}${page.curves.file.downloadPath}`} download="" rel="nofollow">
                    {t("curvesCsv", { file: page.curves.file.fileName })}
                  </a>
                </li>
              ) : null}
            </ul>
            <p className="datasheet-links__print">{t("print")}</p>
          </nav>
        </header>

        {stated.length ? (
          <section className="datasheet-section" aria-labelledby="ds-key">
            <h2 id="ds-key">{t("keyParameters")}</h2>
            <dl className="datasheet-key">
              {stated.map((column) => (
                <div key={column.fieldId}>
                  <dt>
                    {column.screenName ?? <ParamSymbol column={column} />}
                    {column.screenName && hasSymbol(column) ? (
                      <>
                        {" "}
                        <span className="datasheet-key__symbol">
                          <ParamSymbol column={column} />
                        </span>
                      </>
                    ) : null}
                  </dt>
                  <dd>{valueText(product.params[column.fieldId], column.unit)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

        {product.features.length || product.applications.length ? (
          <div className="datasheet-columns">
            {product.features.length ? (
              <section className="datasheet-section" aria-labelledby="ds-features">
                <h2 id="ds-features">{t("features")}</h2>
                <ul>
                  {product.features.map((feature) => (
                    <li key={feature}>
                      <ProseText text={feature} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {product.applications.length ? (
              <section className="datasheet-section" aria-labelledby="ds-applications">
                <h2 id="ds-applications">{t("applications")}</h2>
                <ul>
                  {product.applications.map((application) => (
                    <li key={application}>{application}</li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        ) : null}

        {ratings.length ? (
          <section className="datasheet-section" aria-labelledby="ds-ratings">
            <h2 id="ds-ratings">{t("ratings")}</h2>
            <CharacteristicTable caption={t("ratings")} rows={ratings} />
          </section>
        ) : null}
        {electrical.length ? (
          <section className="datasheet-section" aria-labelledby="ds-electrical">
            <h2 id="ds-electrical">{t("electrical")}</h2>
            <CharacteristicTable caption={t("electrical")} rows={electrical} />
            <p className="datasheet-note">{t("conditionsNote")}</p>
          </section>
        ) : null}
        {thermal.length || foster ? (
          <section className="datasheet-section" aria-labelledby="ds-thermal">
            <h2 id="ds-thermal">{t("thermal")}</h2>
            {thermal.length ? <CharacteristicTable caption={t("thermal")} rows={thermal} /> : null}
            {foster ? <FosterTable curve={foster} /> : null}
          </section>
        ) : null}

        <section className="datasheet-section datasheet-curves" aria-labelledby="ds-curves">
          <h2 id="ds-curves">{t("curves")}</h2>
          {page.curves && figures.length ? (
            <>
              <p className="datasheet-note">{t("curvesIntro", { version: page.curves.version })}</p>
              <div className="datasheet-charts">
                {figures.map((entry) => (
                  <DatasheetChart key={entry.id} id={entry.id} part={part} title={entry.title} caption={entry.caption} x={entry.x} y={entry.y} series={entry.series} />
                ))}
              </div>
            </>
          ) : (
            <p>{t("noCurves")}</p>
          )}
        </section>

        {product.ordering ? <OrderingSection product={product} ordering={product.ordering} /> : null}
        {product.outline ? <OutlineSection outline={product.outline} /> : null}

        <footer className="datasheet-footer">
          <p>{t("footer", { company: tc("company"), part, version: pdf?.version ?? "—", date: pdf?.date ?? "—", url })}</p>
        </footer>
      </article>
    </main>
  );
}

/** The Foster network of Z_th(j-c), one row per element, from the curves file's network. */
function FosterTable({ curve }: { curve: PartCurve }) {
  const t = useDatasheetText();
  const { t: tc } = useTranslation();
  return (
    <>
      <ScrollBox className="table-scroll" label={tc("tableRegion", { name: t("foster").replace(/_/g, "") })}>
        <table className="param-table part-data__table datasheet-foster">
          <caption>
            <Sym text={t("foster")} />
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("fosterIndex")}</th>
              <th scope="col" className="part-data__number">
                <Sym text="R_i (K/W)" />
              </th>
              <th scope="col" className="part-data__number">
                τ<sub>i</sub> (s)
              </th>
            </tr>
          </thead>
          <tbody>
            {curve.points.map(([tau, r], index) => (
              <tr key={`${tau}-${r}`}>
                <th scope="row">{index + 1}</th>
                <td className="part-data__number">
                  <data value={r}>{numberText(r)}</data>
                </td>
                <td className="part-data__number">
                  <data value={tau}>{numberText(tau)}</data>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {/* The formula is the same in every language; the sentence after it is not. */}
      <p className="datasheet-note">
        <span className="datasheet-formula">
          Z<sub>th</sub>(t) = Σ R<sub>i</sub> · (1 − e
          <sup>
            −t/τ<sub>i</sub>
          </sup>
          )
        </span>{" "}
        <Sym text={t("fosterIntro")} />
      </p>
    </>
  );
}
