// The estimator's components rendered to HTML as the server does: the chart is an accessible picture with
// its numbers in the description and a table, the breakdown shows the model's numbers, limits and
// assumptions, compare marks the coolest part, and the panel shows bad input with localized messages.
import { renderToString } from "react-dom/server";
import { I18nProvider } from "../../client/i18n-react.tsx";
import { MemoryRouter } from "react-router-dom";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { loadResources } from "../../server/i18n.ts";
import { createClientI18n } from "../../client/i18n.ts";
import type { Language } from "../../shared/languages.ts";
import type { LossData } from "../../shared/contract/loss-data.ts";
import { estimate, frequencySweep, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { LossChart } from "../../client/components/estimator/loss-chart.tsx";
import { LossBreakdown } from "../../client/components/estimator/loss-breakdown.tsx";
import { CompareLosses } from "../../client/components/estimator/compare-losses.tsx";
import { OperatingPointPanel } from "../../client/components/estimator/operating-point-panel.tsx";

const resources = loadResources();
function render(node: ReactNode, language: Language = "en", url = "/en/x") {
  return renderToString(
    <I18nProvider i18n={createClientI18n(language, resources[language])}>
      <MemoryRouter initialEntries={[url]}>{node}</MemoryRouter>
    </I18nProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

const mosfet: LossData = {
  kind: "mosfet",
  ratings: { v: 1200, i: 44, tc: 100, tjMax: 175 },
  rthRef: "case",
  rth: 0.55,
  channel: { tHot: 175, v0: [0, 0], r: [40, 70] },
  eOn: 0.31,
  eOff: 0.075,
  switchingRef: { v: 800, i: 20, rg: 2.5, tj: 25 },
  kv: 1.3,
  bodyDiode: { tHot: 175, v0: [2.9, 2.55], r: [110, 127], vSd: 4, iSd: 10, qrr: 180 },
};
const small: LossData = { ...mosfet, rth: 1.3, channel: { tHot: 175, v0: [0, 0], r: [160, 280] }, ratings: { ...mosfet.ratings, i: 14 } };
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
    // 20.5 W at 50 kHz is the hand-worked value of test/unit/estimator-model.test.ts.
    expect(desc).toContain("at the operating point, 50 kHz, it is 20.5 W");
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
    expect(html).toMatch(/data-estimate="total">20\.5</);
    expect(html).toMatch(/data-estimate="tj">91</);
    const words = text(html);
    expect(words).toContain("No limit exceeded at this operating point.");
    expect(words).toContain("Synchronous rectification");
    expect(words).toContain("250 ns dead time");
    expect(words).toMatch(/the datasheet's characteristics and limits govern/);
  });

  it("states every limit crossed", () => {
    const words = text(render(<LossBreakdown data={mosfet} op={point("1000,60,100k,0.9,100")} partNumber="QCM040120K4" />));
    expect(words).toMatch(/Switch: T_j \d+ °C is above T_j,max 175 °C\./);
    expect(words).toContain("Bus voltage 1000 V is above 80 % of the rated 1200 V (960 V).");
    expect(words).toMatch(/Peak device current 84\.9 A is above the rating of 44 A at T_c 100 °C\./);
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
    expect(html).toContain(">BIG</th>");
    expect(html).toContain(">SMALL</th>");
    expect(html).not.toContain("DRIVER");
    // The 40 mΩ part (20.5 W) beats the 160 mΩ one at 20 A rms.
    expect(estimate(small, op).losses.total).toBeGreaterThan(estimate(mosfet, op).losses.total);
    expect(html).toContain('class="is-numeric is-best">20.5</td>');
    expect(html.match(/is-best/g)).toHaveLength(1);
    expect(text(html)).toContain("Peak device current");
  });
});

describe("operating-point panel", () => {
  it("is a GET form that names its fields for the server and shows bad input beside them", () => {
    const parsed = parseOperatingPoint("800,abc,50k,0.9,80");
    const html = render(<OperatingPointPanel parsed={parsed} suggestion={op} keep={[["q", "K4"], ["op", "x"], ["page", "2"]]} />, "zh", "/zh/productAndService/products/120");
    expect(html).toContain('<form class="op-form" action="/zh/productAndService/products/120" method="get">');
    for (const name of ["opMode", "opV", "opI", "opIk", "opF", "opPf", "opD", "opTc", "opM"]) expect(html).toContain(`name="${name}"`);
    // Other state rides along; op and page are the form's to replace.
    expect(html).toContain('<input type="hidden" name="q" value="K4"/>');
    expect(html).not.toContain('name="page"');
    expect(html).toMatch(/<input id="op-current"[^>]*aria-invalid="true"[^>]*aria-describedby="op-current-e op-current-h"[^>]*value="abc"/);
    expect(text(html)).toContain("请以安培为单位输入电流数值。");
    expect(html).toContain('role="alert"');
  });
});
