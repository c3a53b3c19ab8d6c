// /productAndService/estimator/method: how the loss estimate is made, for every estimate to link to. The
// equations of shared/estimator (equations.ts, modulation.ts, estimate.ts) written with real sub- and
// superscripts, what they assume, where the data holds and the published sources; prose in both languages.
import type { ReactNode } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { METHOD_PATH } from "../../../shared/estimator/method-path.ts";
import { WithSubscripts } from "./param-label.tsx";
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

/** The page has no data; a loader that says so keeps the hydration data (every route's, serialised) defined. */
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
      <PageMeta title={t("method.title")} description={t("method.description")} canonicalPath={METHOD_PATH} />
      <Breadcrumbs items={[{ label: t("method.catalog"), to: "/productAndService/products" }, { label: t("method.title") }]} />
      <div className="product-body method-body">
        <h1>{t("method.title")}</h1>
        <p>{text("intro")}</p>
        {section("scope", <p>{text("scopeText")}</p>)}
        {section(
          "conduction",
          <>
            <p>{text("conductionText")}</p>
            <Equation>
              P<sub>T</sub> = <V0 />·<Ipk />·(1/(2π) + M·cos φ/8) + r·<Ipk />
              <sup>2</sup>·(1/8 + M·cos φ/(3π))
            </Equation>
            <Equation>
              P<sub>D</sub> = <V0 />·<Ipk />·(1/(2π) − M·cos φ/8) + r·<Ipk />
              <sup>2</sup>·(1/8 − M·cos φ/(3π))
            </Equation>
            <p>{text("modulationText")}</p>
            <Equation>
              d(θ) = ½·(1 + M·sin θ + z(θ)), THIPWM: z = (M/6)·sin 3θ, SVPWM: z = −(max + min)/2
            </Equation>
            <Equation>
              THIPWM: ΔP<sub>T</sub> = −ΔP<sub>D</sub> = −r·<Ipk />
              <sup>2</sup>·M·cos 3φ/(90π)
            </Equation>
            <p>{text("dcdcText")}</p>
            <Equation>
              P = D·(<V0 />·I + r·I<sup>2</sup>)
            </Equation>
          </>,
        )}
        {section(
          "switching",
          <>
            <p>{text("switchingText")}</p>
            <Equation>
              P<sub>sw</sub> = {fsw}·E<sub>ref</sub>·(1/π)·(<Ipk />/I<sub>ref</sub>)·(V<sub>bus</sub>/V<sub>ref</sub>)<sup>k</sup>
            </Equation>
            <p>{text("dpwmText")}</p>
          </>,
        )}
        {section(
          "deadTime",
          <>
            <p>{text("deadTimeText")}</p>
            <Equation>
              P = 2·t<sub>dd</sub>·{fsw}·(<V0 />·<Ipk />/π + r·<Ipk />
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
          "thermal",
          <>
            <p>{text("thermalText")}</p>
            <Equation>
              T<sub>j</sub> = T<sub>c</sub> + P(T<sub>j</sub>)·R<sub>th</sub>, G = R<sub>th</sub>·dP/dT<sub>j</sub> ≥ 1 ⇒ runaway
            </Equation>
          </>,
        )}
        {section("limits", <p>{text("limitsText")}</p>)}
        {section(
          "validity",
          <ul>
            {["validityTemperature", "validitySwitching", "validityTypical", "validityIgnored"].map((key) => (
              <li key={key}>{text(key)}</li>
            ))}
          </ul>,
        )}
        {section(
          "references",
          <ol className="method-references">
            <li>F. Casanellas, “Losses in PWM inverters using IGBTs”, IEE Proc.-Electr. Power Appl. 141(5), 1994, pp. 235–239.</li>
            <li>A. Wintrich, U. Nicolai, W. Tursky, T. Reimann, Application Manual Power Semiconductors, 2nd ed., Semikron, 2015, ch. 5.</li>
            <li>A. M. Hava, R. J. Kerkman, T. A. Lipo, “Simple analytical and graphical methods for carrier-based PWM-VSI drives”, IEEE Trans. Power Electron. 14(1), 1999, pp. 49–61.</li>
          </ol>,
        )}
        <p className="estimate-assumptions__governs">{t("assumptions.datasheetGoverns")}</p>
      </div>
    </main>
  );
}
