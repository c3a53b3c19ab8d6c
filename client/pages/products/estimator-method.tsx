// /productAndService/estimator/method: how the loss estimate is made, for every estimate to link to. The
// equations of shared/estimator (equations.ts, modulation.ts, estimate.ts) written with real sub- and
// superscripts, what they assume, where the data holds and the published sources; prose in both languages.
import type { ReactNode } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { PUBLISHED_EXAMPLES, relativeDifference, type PublishedExample } from "../../../shared/estimator/published-examples.ts";
import { DATASHEET_MAXIMA, excessRange, maxExcess, ruleValue, type MaxKind } from "../../../shared/estimator/max-value-basis.ts";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { lossDataBounds } from "../../../shared/contract/loss-data-bounds.ts";
import { htmlLang } from "../../../shared/languages.ts";
import { useLanguage } from "../../hooks.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { productsPath, estimatorMethodPath } from "../../../shared/paths.ts";
import "../../styles/product.css";
import "../../styles/estimator.css";

const Ipk = () => (
  <>
    I<sub>pk</sub>
  </>
);
const V0 = () => (
  <>
    V<sub>0</sub>
  </>
);
const fsw = (
  <>
    f<sub>sw</sub>
  </>
);

/** One displayed equation: a figure with the formula and, for screen readers, nothing hidden (it is plain text). */
function Equation({ children }: { children: ReactNode }) {
  return <p className="method-equation">{children}</p>;
}

/** A loss in mW to four significant digits ("375.0"): the published figures print to 0.1 mW. */
const milliwatts = (watts: number) => (watts * 1000).toPrecision(4);

/** A loss in the example's own unit to four significant digits: milliwatts for the DC/DC notes, watts for the PFC notes. */
const inUnit = (watts: number, unit: PublishedExample["unit"]) => (unit === "mW" ? milliwatts(watts) : watts.toPrecision(4));

/** A signed percentage with two decimals and a real minus sign ("−0.11 %"). */
const percent = (ratio: number) => `${ratio < 0 ? "−" : ""}${Math.abs(ratio * 100).toFixed(2)} %`;

/** One published worked example: its source, each printed result beside ours, its inputs and tolerance. */
function ExampleTable({ example }: { example: PublishedExample }) {
  const { t } = useTranslation("estimator");
  const captionId = `example-${example.id}`;
  return (
    <div className="method-example">
      <ScrollBox className="estimate-scroll method-table-scroll" labelledBy={captionId}>
        <table className="estimate-table">
          <caption id={captionId}>{example.source}</caption>
          <thead>
            <tr>
              <th scope="col">{t("method.validationQuantity")}</th>
              <th scope="col" className="is-numeric">
                {t("method.validationPublished", { unit: example.unit })}
              </th>
              <th scope="col" className="is-numeric">
                {t("method.validationOurs", { unit: example.unit })}
              </th>
              <th scope="col" className="is-numeric">
                {t("method.validationDifference")}
              </th>
            </tr>
          </thead>
          <tbody>
            {example.rows.map((row) => (
              <tr key={row.symbol}>
                <th scope="row">
                  <WithSubscripts text={row.symbol} />
                </th>
                <td className="is-numeric">{inUnit(row.published, example.unit)}</td>
                <td className="is-numeric">{inUnit(row.ours, example.unit)}</td>
                <td className="is-numeric">{percent(relativeDifference(row))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p>
        {t("method.validationInputs")}{" "}
        {example.inputs.map((input, index) => (
          <span key={input}>
            {index > 0 ? t("method.validationSeparator") : null}
            <WithSubscripts text={input} />
          </span>
        ))}
        {t("method.validationEnd")}
        {t("method.validationTolerance", { value: percent(example.tolerance) })}
      </p>
      <p>
        <WithSubscripts text={t(`method.validation${example.id}Note`, example.own === undefined ? {} : { own: milliwatts(example.own) })} />
      </p>
    </div>
  );
}

const MAX_CAPTION: Record<MaxKind, string> = { mosfet: "maxMosfetCaption", igbt: "maxIgbtCaption", diode: "maxDiodeCaption" };

/** The cited datasheets' typical and maximum on-state values at 25 °C for one device type, beside the site's rule. */
function MaxBasisTable({ kind }: { kind: MaxKind }) {
  const { t } = useTranslation("estimator");
  const range = excessRange(kind);
  // The IGBTs' rule adds volts, the others' multiply: each shown in its own terms.
  const excess = (value: number) => (kind === "igbt" ? `+${value.toFixed(2)} V` : `${value.toFixed(2)} ×`);
  const captionId = `max-${kind}`;
  return (
    <div className="method-example">
      <ScrollBox className="estimate-scroll method-table-scroll" labelledBy={captionId}>
        <table className="estimate-table">
          <caption id={captionId}>
            <WithSubscripts text={t(`method.${MAX_CAPTION[kind]}`)} />
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("method.maxDatasheet")}</th>
              <th scope="col">{t("method.maxCondition")}</th>
              <th scope="col" className="is-numeric">
                {t("method.maxTyp")}
              </th>
              <th scope="col" className="is-numeric">
                {t("method.maxMax")}
              </th>
              <th scope="col" className="is-numeric">
                {t(kind === "igbt" ? "method.maxOffset" : "method.maxRatio")}
              </th>
            </tr>
          </thead>
          <tbody>
            {DATASHEET_MAXIMA.filter((row) => row.kind === kind).map((row) => (
              <tr key={row.source}>
                <th scope="row">{row.source}</th>
                <td>
                  <WithSubscripts text={row.condition} />
                </td>
                <td className="is-numeric">{`${row.typ} ${row.unit}`}</td>
                <td className="is-numeric">{`${row.max} ${row.unit}`}</td>
                <td className="is-numeric">{excess(maxExcess(row))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p>{t("method.maxSpan", { rule: excess(ruleValue(kind)), min: excess(range.min), max: excess(range.max) })}</p>
    </div>
  );
}

/** The page has no data; a loader that says so keeps the hydration data (every route's, serialised) defined. */
/** The bounds every device-data field is checked against (lossDataBounds in the loss-data schema), as a table. */
function PlausibilitySection() {
  const { t } = useTranslation("estimator");
  const number = new Intl.NumberFormat(htmlLang[useLanguage()], { maximumSignificantDigits: 6 });
  return (
    <section className="method-section" aria-labelledby="method-plausibility">
      <h2 id="method-plausibility">{t("plausibility.heading")}</h2>
      <p>
        <WithSubscripts text={t("plausibility.intro")} />
      </p>
      <ScrollBox className="estimate-scroll method-table-scroll" labelledBy="method-plausibility">
        <table className="estimate-table">
          <thead>
            <tr>
              <th scope="col">{t("plausibility.quantity")}</th>
              <th scope="col" className="is-numeric">
                {t("plausibility.min")}
              </th>
              <th scope="col" className="is-numeric">
                {t("plausibility.max")}
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(lossDataBounds).map(([quantity, bounds]) => (
              <tr key={quantity}>
                <th scope="row">
                  <WithSubscripts text={t(`plausibility.q_${quantity}`)} />
                </th>
                <td className="is-numeric">{number.format(bounds.min)}</td>
                <td className="is-numeric">{number.format(bounds.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}

export function loader() {
  return null;
}

export function Component() {
  const { t } = useTranslation("estimator");
  const text = (key: string) => <WithSubscripts text={t(`method.${key}`)} />;
  const section = (key: string, body: ReactNode) => (
    <section className="method-section" aria-labelledby={`method-${key}`}>
      <h2 id={`method-${key}`}>{t(`method.${key}Heading`)}</h2>
      {body}
    </section>
  );
  return (
    <main id="main" className="main method-page">
      <PageMeta title={t("method.title")} description={t("method.description")} canonicalPath={estimatorMethodPath} />
      <Breadcrumbs items={[{ label: t("method.catalog"), to: productsPath }, { label: t("method.title") }]} />
      <div className="product-body method-body">
        <h1>{t("method.title")}</h1>
        <p>{text("intro")}</p>
        {section("scope", <p>{text("scopeText")}</p>)}
        {section(
          "conduction",
          <>
            <p>{text("conductionText")}</p>
            <Equation>
              P<sub>T</sub> = <V0 />·<Ipk />
              ·(1/(2π) + M·cos φ/8) + r·
              <Ipk />
              <sup>2</sup>·(1/8 + M·cos φ/(3π))
            </Equation>
            <Equation>
              P<sub>D</sub> = <V0 />·<Ipk />
              ·(1/(2π) − M·cos φ/8) + r·
              <Ipk />
              <sup>2</sup>·(1/8 − M·cos φ/(3π))
            </Equation>
            <p>{text("modulationText")}</p>
            <Equation>d(θ) = ½·(1 + M·sin θ + z(θ)), THIPWM: z = (M/6)·sin 3θ, SVPWM: z = −(max + min)/2</Equation>
            <Equation>
              THIPWM: ΔP<sub>T</sub> = −ΔP<sub>D</sub> = −r·
              <Ipk />
              <sup>2</sup>·M·cos 3φ/(90π)
            </Equation>
            <p>{text("dcdcText")}</p>
            <Equation>
              P = D·(
              <V0 />
              ·I + r·I<sup>2</sup>)
            </Equation>
            <p>{text("syncText")}</p>
            <Equation>
              buck: D = V<sub>out</sub>/V<sub>bus</sub>, boost: D = 1 − V<sub>in</sub>/V<sub>bus</sub>; P<sub>SR</sub> = r·I<sup>2</sup>·(1 − D − 2·t<sub>dd</sub>·{fsw})
            </Equation>
          </>,
        )}
        {section(
          "switching",
          <>
            <p>{text("switchingText")}</p>
            <Equation>
              P<sub>sw</sub> = {fsw}·E<sub>ref</sub>·(1/π)·(
              <Ipk />
              /I<sub>ref</sub>)·(V<sub>bus</sub>/V<sub>ref</sub>)<sup>k</sup>
            </Equation>
            <p>{text("dpwmText")}</p>
          </>,
        )}
        {section(
          "deadTime",
          <>
            <p>{text("deadTimeText")}</p>
            <Equation>
              P = 2·t<sub>dd</sub>·{fsw}·(
              <V0 />·<Ipk />
              /π + r·
              <Ipk />
              <sup>2</sup>/4)
            </Equation>
          </>,
        )}
        {section(
          "capacitive",
          <>
            <p>{text("capacitiveText")}</p>
            <Equation>
              E = V·Q(V)/k = ⅔·Q<sub>C</sub>·V (Q ∝ √V, k = 1.5)
            </Equation>
          </>,
        )}
        {section(
          "pfc",
          <>
            <p>{text("pfcText")}</p>
            <Equation>
              <Ipk /> = √2·I<sub>line</sub>, a = √2·V<sub>line</sub>/V<sub>bus</sub> &lt; 1, d(θ) = 1 − a·|sin θ|
            </Equation>
            <Equation>
              P<sub>T</sub> = <V0 />·<Ipk />
              ·(2/π − a/2) + r·
              <Ipk />
              <sup>2</sup>·(1/2 − 4a/(3π))
            </Equation>
            <Equation>
              P<sub>D</sub> = <V0 />·<Ipk />
              ·a/2 + r·
              <Ipk />
              <sup>2</sup>·4a/(3π)
            </Equation>
            <Equation>
              P<sub>sw</sub> = {fsw}·⟨E(
              <Ipk />
              ·|sin θ|)⟩·(V<sub>bus</sub>/V<sub>ref</sub>)<sup>k</sup>
            </Equation>
            <p>{text("totemPoleText")}</p>
            <Equation>
              P<sub>fast</sub> = ½·[P<sub>T</sub> + P<sub>SR</sub>(a, δ) + P<sub>sw</sub>] + ½·δ·(
              <V0 />
              ·<Ipk />
              ·2/π + r·
              <Ipk />
              <sup>2</sup>/2), δ = 2·t<sub>dd</sub>·{fsw}
            </Equation>
            <Equation>
              P<sub>slow</sub> = ½·(
              <V0 />
              ·<Ipk />
              ·2/π + r·
              <Ipk />
              <sup>2</sup>/2)
            </Equation>
            <p>{text("pfcLimitsText")}</p>
            <p>{text("stageText")}</p>
          </>,
        )}
        {section(
          "thermal",
          <>
            <p>{text("thermalText")}</p>
            <Equation>
              T<sub>j</sub> = T<sub>c</sub> + P(T<sub>j</sub>)·R<sub>th</sub>, G = R<sub>th</sub>·dP/dT<sub>j</sub> ≥ 1 ⇒ runaway
            </Equation>
          </>,
        )}
        <section className="method-section" aria-labelledby="method-converter">
          <h2 id="method-converter">{t("converter.methodHeading")}</h2>
          <p>
            <WithSubscripts text={t("converter.methodText")} />
          </p>
          <Equation>
            i<sub>k</sub> = I·(1/R<sub>k</sub>(T<sub>j,k</sub>)) / Σ<sub>n</sub> 1/R<sub>n</sub>(T<sub>j,n</sub>), R = V<sub>on</sub>(I<sub>pk</sub>/N)/(I<sub>pk</sub>/N)
          </Equation>
          <Equation>
            T<sub>s</sub> = T<sub>a</sub> + R<sub>th,sa</sub>·Σ P, T<sub>j</sub> = T<sub>s</sub> + P<sub>j</sub>·(R<sub>th(j-c)</sub> + R<sub>th(c-s)</sub>)
          </Equation>
          <Equation>
            η = P<sub>out</sub>/(P<sub>out</sub> + P<sub>loss</sub>), P<sub>out</sub> = 3·(M·V<sub>bus</sub>/(2√2))·I<sub>rms</sub>·cos φ
          </Equation>
          <Equation>
            η = (P<sub>in</sub> − P<sub>loss</sub>)/P<sub>in</sub>, P<sub>in</sub> = V<sub>line</sub>·I (PFC), V<sub>in</sub>·I (boost)
          </Equation>
          <p>
            <WithSubscripts text={t("converter.methodInterface")} />
          </p>
          <p>
            <WithSubscripts text={t("converter.methodLimits")} />
          </p>
        </section>
        {section("limits", <p>{text("limitsText")}</p>)}
        <PlausibilitySection />
        {section(
          "validity",
          <ul>
            {["validityTemperature", "validitySwitching", "validityTypical", "validityIgnored"].map((key) => (
              <li key={key}>{text(key)}</li>
            ))}
          </ul>,
        )}
        {section(
          "validation",
          <>
            <p>{text("validationIntro")}</p>
            {PUBLISHED_EXAMPLES.map((example) => (
              <ExampleTable key={example.id} example={example} />
            ))}
            <p>{text("validationInverters")}</p>
          </>,
        )}
        {section(
          "max",
          <>
            <p>
              <WithSubscripts text={t("method.maxText", { mosfet: ruleValue("mosfet"), igbt: ruleValue("igbt"), diode: ruleValue("diode") })} />
            </p>
            {(["mosfet", "igbt", "diode"] as const).map((kind) => (
              <MaxBasisTable key={kind} kind={kind} />
            ))}
          </>,
        )}
        {section(
          "references",
          <ol className="method-references">
            <li>F. Casanellas, “Losses in PWM inverters using IGBTs”, IEE Proc.-Electr. Power Appl. 141(5), 1994, pp. 235–239.</li>
            <li>A. Wintrich, U. Nicolai, W. Tursky, T. Reimann, Application Manual Power Semiconductors, 2nd ed., Semikron, 2015, ch. 5.</li>
            <li>
              A. M. Hava, R. J. Kerkman, T. A. Lipo, “Simple analytical and graphical methods for carrier-based PWM-VSI drives”, IEEE Trans. Power Electron. 14(1), 1999,
              pp. 49–61.
            </li>
          </ol>,
        )}
        <p className="estimate-assumptions__governs">{t("assumptions.datasheetGoverns")}</p>
      </div>
    </main>
  );
}
