// The estimator's components rendered to HTML as the server does: the chart is an accessible picture with
// its numbers in the description and a table, the breakdown shows the model's numbers, limits and
// assumptions, compare marks the coolest part, and the panel shows bad input with localized messages.
import { renderToString } from "react-dom/server";
import { I18nProvider } from "../../client/runtime/i18n-react.tsx";
import { MemoryRouter } from "react-router-dom";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { loadResources } from "../../server/http/i18n.ts";
import { createClientI18n } from "../../client/runtime/i18n.ts";
import type { Language } from "../../shared/languages.ts";
import type { LossData } from "../../shared/contract/loss-data.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";
import { estimate, frequencySweep, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { LossChart } from "../../client/features/estimator/loss-chart.tsx";
import { LossBreakdown } from "../../client/features/estimator/loss-breakdown.tsx";
import { CompareLosses } from "../../client/features/estimator/compare-losses.tsx";
import { OperatingPointPanel } from "../../client/features/estimator/operating-point-panel.tsx";

const resources = loadResources();
function render(node: ReactNode, language: Language = "en", url = "/en/x") {
  return renderToString(
    <I18nProvider i18n={createClientI18n(language, resources[language])}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </I18nProvider>,
  );
}
// Symbols read as V_bus only when rendered with a real <sub> (the renderer's bare <span>s join their text).
const text = (html: string) =>
  html
    .replace(/<sub>([^<]*)<\/sub>/g, "_$1")
    .replace(/<\/?span>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

// The hand-worked part, with the two-point E(R_G) these figures were read with.
const mosfet: LossData = { ...handWorkedMosfet, gate: { rg: [2.5, 25], eOn: [0.31, 1.077], eOff: [0.075, 0.3112] } };
const small: LossData = { ...mosfet, rth: 1.3, channel: { t: [25, 175], v0: [0, 0], r: [160, 280] }, ratings: { ...mosfet.ratings, i: 14 } };
function point(textForm: string): OperatingPoint {
  const parsed = parseOperatingPoint(textForm);
  if (!parsed?.ok) throw new Error(textForm);
  return parsed.value;
}
const op = point("800,20,50k,0.9,80");

describe("loss chart", () => {
  it("is an SVG picture with a title, a description stating its numbers and a data table", () => {
    const html = render(<LossChart data={mosfet} op={op} partNumber="QCM040120K4" />);
    const svg = /<svg[^>]*>/.exec(html)![0];
    expect(svg).toContain('role="img"');
    const labelled = /aria-labelledby="([^"]+)"/.exec(svg)![1];
    const described = /aria-describedby="([^"]+)"/.exec(svg)![1];
    expect(html).toContain(`<title id="${labelled}">Estimated loss of QCM040120K4 from 5 to 200 kHz</title>`);
    const desc = new RegExp(`<desc id="${described}">([^<]+)</desc>`).exec(html)![1]!;
    // 20.3 W at 50 kHz is the hand-worked value of test/unit/estimator-model.test.ts.
    expect(desc).toContain("at the operating point, 50 kHz, it is 20.3 W");
    // The axis and the table say what the figures cover.
    expect(text(html)).toContain("Loss (W, per switch position)");
    expect(text(html)).toContain("Total (W, per switch position)");
    // Three curves of 25 points each, and the operating point marked.
    const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]!);
    expect(paths).toHaveLength(3);
    for (const d of paths) expect(d.split(/[ML]/).filter(Boolean)).toHaveLength(frequencySweep(50_000).length);
    expect(html).toContain('class="loss-chart__point"');
    expect(html).not.toMatch(/NaN|Infinity/);
    // The same numbers as a table (every third frequency).
    expect([...html.matchAll(/<tr><th scope="row">/g)]).toHaveLength(9);
  });

  it("speaks Chinese on a Chinese page", () => {
    const html = render(<LossChart data={mosfet} op={op} partNumber="QCM040120K4" />, "zh", "/zh/x");
    expect(html).toContain("QCM040120K4 在 5 至 200 kHz 的估算损耗");
    expect(html).toContain("以表格显示数值");
  });
});

describe("loss breakdown", () => {
  it("shows the model's losses and junction temperature, the limits and the assumptions ending with the datasheet", () => {
    const html = render(<LossBreakdown data={mosfet} op={op} partNumber="QCM040120K4" />);
    expect(html).toMatch(/data-estimate="total">20\.3</);
    expect(html).toMatch(/data-estimate="tj">91</);
    const words = text(html);
    expect(words).toContain("No limit exceeded at this operating point.");
    expect(words).toContain("Synchronous rectification");
    expect(words).toContain("250 ns dead time");
    // Without a Z_th network, no ripple column; with one, the peak over the output period beside the mean.
    expect(html).not.toContain('data-estimate="tj-peak"');
    const withZth = {
      ...mosfet,
      zth: [
        { r: 0.2, tau: 0.005 },
        { r: 0.35, tau: 0.3 },
      ],
    } as LossData;
    const rippled = render(<LossBreakdown data={withZth} op={{ ...op, fo: 2 }} partNumber="QCM040120K4" />);
    expect(rippled.replace(/<\/?span>/g, "")).toMatch(/<th scope="col" class="is-numeric">T<sub>j<\/sub> peak \(°C\)<\/th>/);
    const peak = Number(/data-estimate="tj-peak">(\d+)</.exec(rippled)![1]);
    expect(peak).toBeGreaterThan(91);
    expect(text(rippled)).toContain("at f_o = 2 Hz");
    expect(words).toMatch(/the datasheet's characteristics and limits govern/);
  });

  it("says why a part is not suitable, apart from the cautions short of that", () => {
    const words = text(render(<LossBreakdown data={mosfet} op={point("1000,60,100k,0.9,100")} partNumber="QCM040120K4" />));
    expect(words).toMatch(/Not suitable at this operating point: ⚠ Switch: T_j \d+ °C is above T_j,max 175 °C\./);
    expect(words).toContain("Close to a limit: ⚠ Bus voltage 1000 V is above 80 % of the rated 1200 V (960 V).");
    // The 84.9 A peak is above the 44 A DC rating, but the DC rating does not judge a sine's peak.
    expect(words).not.toMatch(/84\.9 A/);
    expect(words).toContain("No pulsed-current rating in our data: the current is judged by the junction temperature alone");
    const above = text(render(<LossBreakdown data={mosfet} op={point("1250,10,20k,0.9,60")} partNumber="QCM040120K4" />, "zh", "/zh/x"));
    expect(above).toContain("不适用于该工作点： ⚠ 母线电压 1250 V 高于额定 1200 V。");
    expect(above).not.toContain("80%");
  });

  it("names thermal runaway by its loop gain", () => {
    const steep: LossData = { ...mosfet, rth: 8, channel: { t: [25, 175], v0: [0, 0], r: [40, 400] } };
    const result = estimate(steep, point("800,40,50k,0.9,80"));
    const gain = result.junctions[0]!.loopGain;
    expect(gain).toBeGreaterThan(1);
    const html = render(<LossBreakdown data={steep} op={point("800,40,50k,0.9,80")} partNumber="X" />);
    expect(text(html)).toContain(`Switch: thermal runaway. The loop gain R_th·dP/dT_j is ${Number(gain.toPrecision(3))}, 1 or more`);
    expect(html).toContain('data-estimate="tj">runaway<');
  });

  it("books a Schottky diode's capacitive charge to the switch, after the diode's total", () => {
    const diode: LossData = {
      kind: "diode",
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175, iPulse: 80 },
      rthRef: "case",
      rth: 1.5,
      forward: { t: [25, 175], v0: [0.92, 0.8], r: [46, 104] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    // The hand-worked boost point of test/unit/estimator-model.test.ts: 5.92 W in the diode, 0.468 W in the switch.
    const html = render(<LossBreakdown data={diode} op={point("400,8,65k,d0.5,100")} partNumber="QCD10065T2" />);
    expect(html).toMatch(/data-estimate="total">5\.92</);
    expect(html).toMatch(/data-estimate="in-switch">0\.468</);
    expect(html.indexOf('data-estimate="total"')).toBeLessThan(html.indexOf('data-estimate="in-switch"'));
    expect(text(html)).toContain("Capacitive charge ⅔·Q_C·V, caused in the switch that charges the diode (not in this diode's total)");
    expect(text(html)).toContain("surge current I_FSM");
  });
});

describe("compare losses", () => {
  it("puts the parts side by side at one point, marks the coolest and leaves out parts without data", () => {
    const html = render(
      <CompareLosses
        parts={[
          { partNumber: "BIG", loss: mosfet },
          { partNumber: "SMALL", loss: small },
          { partNumber: "DRIVER", loss: null },
        ]}
        op={op}
      />,
    );
    expect(html).toMatch(/>BIG(<!-- -->)? <small/);
    expect(html).toMatch(/>SMALL(<!-- -->)? <small/);
    expect(html).not.toContain("DRIVER");
    // The 40 mΩ part (20.3 W) beats the 160 mΩ one at 20 A rms.
    expect(estimate(small, op).losses.total).toBeGreaterThan(estimate(mosfet, op).losses.total);
    expect(html).toContain('class="is-numeric is-best">20.3<span class="visually-hidden"> (lowest loss of its device type among the suitable parts)</span></td>');
    expect(html.match(/is-best/g)).toHaveLength(1);
    expect(text(html)).toContain("Suitable at this point Yes Yes");
  });

  it("marks what cannot stand the point not suitable, after the suitable parts, and never the lowest loss", () => {
    // A 650 V MOSFET and a 650 V diode at 800 V beside a 1200 V MOSFET: both have lower totals than the
    // 1200 V part, both are unsuitable, and the diode is not weighed against the switches anyway.
    const low: LossData = { ...mosfet, ratings: { ...mosfet.ratings, v: 650 }, channel: { t: [25, 175], v0: [0, 0], r: [25, 44] } };
    const diode: LossData = {
      kind: "diode",
      ratings: { v: 650, i: 6, tc: 135, tjMax: 175, iPulse: 49 },
      rthRef: "case",
      rth: 2.5,
      forward: { t: [25, 175], v0: [0.92, 0.8], r: [76.7, 173] },
      qc: 17,
      vQc: 400,
      kv: 1.5,
    };
    expect(estimate(low, op).losses.total).toBeLessThan(estimate(mosfet, op).losses.total);
    const parts = [
      { partNumber: "DIODE", loss: diode },
      { partNumber: "LOW", loss: low },
      { partNumber: "BIG", loss: mosfet },
    ];
    for (const language of ["en", "zh"] as const) {
      const html = render(<CompareLosses parts={parts} op={op} />, language, `/${language}/x`);
      const heads = [...html.matchAll(/<th scope="col" class="is-numeric">([^<]+?)(?:<!-- -->)? <small class="estimate-table__scope">([^<]+)<\/small><\/th>/g)].map(
        (match) => [match[1], match[2]],
      );
      // Each column says what its figures cover.
      expect(heads).toEqual(
        language === "en"
          ? [
              ["BIG", "per switch position"],
              ["DIODE", "per diode"],
              ["LOW", "per switch position"],
            ]
          : [
              ["BIG", "每开关位置"],
              ["DIODE", "每只二极管"],
              ["LOW", "每开关位置"],
            ],
      );
      // The 1200 V MOSFET is the only suitable switch, so the switches' lowest; the diode has no other diode to be
      // weighed against, and the unsuitable parts are never marked.
      expect(html.match(/is-best/g)).toHaveLength(1);
      expect(html).toMatch(/<td class="is-numeric is-best">20\.3<span/);
      const words = text(html);
      if (language === "en") {
        expect(words).toContain("Not suitable: Bus voltage 800 V is above the rated 650 V.");
        expect(words).toContain("Highlighted: the lowest total loss among the suitable parts of each device type");
      } else {
        expect(words).toContain("不适用：母线电压 800 V 高于额定 650 V。");
      }
      expect(html.match(/data-suitable="false"/g)).toHaveLength(2);
      // The assumptions of all three, those of some parts naming them.
      if (language === "en") {
        expect(words).toContain("DIODE: A Schottky diode has no reverse recovery.");
        expect(words).toContain("BIG, LOW: No pulsed-current rating in our data");
        expect(words).toContain("DIODE: The current is judged by the junction temperature and by the pulsed-current rating of 49 A");
        expect(words).toMatch(/ Steady state: average losses/);
        expect(words.trim()).toMatch(/your design must be verified by measurement\.$/);
      }
    }
  });
});

describe("operating-point panel", () => {
  it("is a GET form that names its fields for the server and shows bad input beside them", () => {
    const parsed = parseOperatingPoint("800,abc,50k,0.9,80");
    const html = render(
      <OperatingPointPanel
        parsed={parsed}
        suggestion={op}
        keep={[
          ["q", "K4"],
          ["op", "x"],
          ["page", "2"],
        ]}
      />,
      "zh",
      "/zh/productAndService/products/120",
    );
    expect(html).toContain('<form class="op-form" action="/zh/productAndService/products/120" method="get">');
    for (const name of ["opMode", "opV", "opI", "opIk", "opF", "opPf", "opD", "opTc", "opM"]) expect(html).toContain(`name="${name}"`);
    // Other state rides along; op and page are the form's to replace.
    expect(html).toContain('<input type="hidden" name="q" value="K4"/>');
    expect(html).not.toContain('name="page"');
    expect(html).toMatch(/<input id="op-current"[^>]*aria-invalid="true"[^>]*aria-describedby="op-current-e op-current-h"[^>]*value="abc"/);
    expect(text(html)).toContain("请以安培为单位输入电流数值。");
    expect(html).toContain('role="alert"');
  });

  it("offers the modulation as a field of the GET form and names a chosen one in the summary and the assumptions", () => {
    const parsed = parseOperatingPoint("800,20,50k,0.9,80,dpwm");
    const html = render(<OperatingPointPanel parsed={parsed} suggestion={op} />);
    expect(html).toMatch(/<select id="op-modulation" name="opMod">/);
    expect(html).toMatch(/<option value="dpwm" selected="">Discontinuous, 60° clamped \(DPWM1\)<\/option>/);
    expect(text(html)).toContain("Estimated at: inverter, 800 V, 20 A RMS, 50 kHz, cos φ 0.9, M 0.9, T_c 80 °C, DPWM1");
    const zh = render(<LossBreakdown data={mosfet} op={point("800,20,50k,0.9,80,svpwm")} partNumber="QCM040120K4" />, "zh", "/zh/x");
    expect(text(zh)).toContain("硬开关两电平半桥桥臂，SVPWM，正弦相电流");
    expect(text(zh)).toContain("空间矢量 PWM（最大-最小零序分量）");
  });

  it("writes its symbols with real subscripts, as the parameter tables do", () => {
    const bare = (html: string) => html.replace(/<\/?span>/g, "");
    const html = bare(render(<OperatingPointPanel parsed={parseOperatingPoint("800,20,50k,0.9,80")} suggestion={op} />));
    for (const symbol of ["V<sub>bus</sub>", "f<sub>sw</sub>", "T<sub>c</sub> (°C)", "T<sub>c</sub> 80 °C"]) expect(html).toContain(symbol);
    expect(html).not.toMatch(/[VfT]_[a-z]|&lt;/);
    const breakdown = bare(render(<LossBreakdown data={mosfet} op={op} partNumber="QCM040120K4" />));
    for (const symbol of ["R<sub>th</sub>", "T<sub>j,max</sub>", "E<sub>on</sub>", "V<sub>ref</sub>"]) expect(breakdown).toContain(symbol);
    expect(breakdown).not.toMatch(/[RTEV]_[a-z]|&lt;/);
  });

  it("has labelled dead-time and R_G fields, empty for each part's own values, filled from the URL", () => {
    for (const [language, dead, gate] of [
      ["en", "Dead time t<sub>dd</sub> (ns)", "Gate resistance R<sub>G</sub> (Ω)"],
      ["zh", "死区时间 t<sub>dd</sub>（ns）", "栅极电阻 R<sub>G</sub>（Ω）"],
    ] as const) {
      const empty = render(<OperatingPointPanel parsed={parseOperatingPoint("800,20,50k,0.9,80")} suggestion={op} />, language, `/${language}/x`).replace(
        /<\/?span>/g,
        "",
      );
      expect(empty).toContain(`<label for="op-deadTime">${dead}</label>`);
      expect(empty).toContain(`<label for="op-rg">${gate}</label>`);
      expect(empty).toMatch(/<input id="op-deadTime"[^>]*name="opDt"[^>]*value=""/);
      expect(empty).toMatch(/<input id="op-rg"[^>]*name="opRg"[^>]*value=""/);
    }
    const set = render(<OperatingPointPanel parsed={parseOperatingPoint("800,20,50k,0.9,80,dt150,rg4.7")} suggestion={op} />, "en", "/en/x");
    expect(set).toMatch(/<input id="op-deadTime"[^>]*value="150"/);
    expect(set).toMatch(/<input id="op-rg"[^>]*value="4.7"/);
    expect(text(set)).toContain("dead time 150 ns, R_G 4.7 Ω");
    // Where T_c is measured: three radio buttons, the URL's choice checked, and named in the summary.
    expect(set).toContain('<input type="radio" name="opRef" checked="" value="case"/>');
    const sink = render(<OperatingPointPanel parsed={parseOperatingPoint("800,20,50k,0.9,65h")} suggestion={op} />, "zh", "/zh/x");
    expect(sink).toContain('<input type="radio" name="opRef" checked="" value="heatsink"/>');
    expect(text(sink)).toContain("参考温度的测量位置 壳 散热器 冷却液");
    expect(text(sink)).toContain("T_c 65 °C（散热器）");
    const bad = render(<OperatingPointPanel parsed={parseOperatingPoint("800,20,50k,0.9,80,dt-1")} suggestion={op} />, "zh", "/zh/x");
    expect(text(bad)).toContain("死区时间须在 0 至 10000 ns 之间。");
  });
});
