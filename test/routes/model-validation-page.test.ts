// A part's model validation page (/support/models/{part}), server-rendered in both languages from the published
// report (content/models/validation/, docs/decisions/027-model-topology.md): a table per kind of check whose numbers
// are the report's, results in words, the double-pulse energies as checks (decision 051), one SVG chart per curve with
// its title and description; the 404 page for a part without a report; the link from the product detail; the
// sitemap entry beside the document pages.
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { modelValidationFile } from "../../server/upstream/content/schema.ts";
import { MODEL_DATE, MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { validationReportPath } from "../../server/upstream/models/validation.ts";
import type { PartValidation } from "../../shared/contract/model-validation.ts";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const report = modelValidationFile.parse(JSON.parse(readFileSync(validationReportPath(MODEL_VERSION, shippedContentDir), "utf8")));
const partOf = (part: string) => report.parts.find((entry) => entry.partNumber === part)!;

/** The HTML of one table row, from the attribute that names it to the row's end. */
function rowOf(html: string, attribute: string): string {
  const start = html.indexOf(attribute);
  expect(start, attribute).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</tr>", start));
}

/** Every check of the part is a row holding the report's reference and simulated values, deviation, tolerance and result in words. */
function expectChecks(html: string, part: PartValidation, pass: string) {
  for (const check of part.checks) {
    const row = rowOf(html, `data-check="${check.id}"`);
    for (const value of [check.expected, check.simulated, check.deviation, check.tolerance]) expect(row, `${check.id} ${value}`).toContain(`<data value="${value}">`);
    expect(textOf(row), check.id).toContain(pass);
  }
}

describe("/support/models/{part}", () => {
  it("shows a MOSFET's checks, its switching energies among them, and its curves in English", async () => {
    const part = partOf("QCM040120K4");
    const en = await get("/en/support/models/QCM040120K4");
    expect(en.status).toBe(200);
    expect(en.text).toContain("<title>Model validation: QCM040120K4 | ");
    expect(en.text).toMatch(/<link rel="canonical" href="[^"]*\/en\/support\/models\/QCM040120K4"/);
    expect(en.text).not.toContain("noindex");
    const text = textOf(en.text);
    expect(text).toContain(`Model version ${MODEL_VERSION}, published ${MODEL_DATE}`);
    expect(text).toContain(`in ${report.simulator} (batch mode`);
    expect(text).toContain(`${part.checks.length} of ${part.checks.length} checks within tolerance.`);
    for (const heading of ["On-state", "Charges", "Robustness", "Switching energies"]) expect(en.text).toContain(`>${heading}</h2>`);
    // From pack 1.4 the energies are checks (their rows below); the unchecked table of older reports is gone.
    expect(part.switching).toBeNull();
    expect(part.checks.map((check) => check.id)).toEqual(expect.arrayContaining(["eOn", "eOff"]));
    expect(en.text).not.toContain("data-energy=");
    expectChecks(en.text, part, "Pass");
    for (const file of ["QCM040120K4.lib", "QCM040120K4.ltspice.lib", "QCM040120K4.plecs.xml", "QCM040120K4.tdb.json"])
      expect(en.text).toContain(`href="/api/front/models/QCM040120K4/${MODEL_VERSION}/${file}"`);
    expect(text).toContain("recovers its stored charge");
    // One chart per curve, named for assistive technology, its simulated points in a table.
    const svgs = en.text.match(/<svg viewBox="0 0 440 300" role="img" aria-labelledby="[^"]+"[^>]*><title[^>]*>[^<]+<\/title><desc[^>]*>[^<]+<\/desc>/g) ?? [];
    expect(svgs.length).toBe(part.curves.length);
    // An SVG title has no markup (V_GS is written VGS there); the axes lower their subscripts with a tspan.
    expect(svgs[0]).toContain("QCM040120K4: Output characteristic at VGS = 18 V");
    expect(en.text).toContain('class="validation-chart__label">V<tspan dy="4" font-size="0.75em">DS</tspan><tspan dy="-4"></tspan> (V)</text>');
    expect(en.text).toContain("I<sub>D</sub> (A)");
    const output = part.curves.find((curve) => curve.id === "output")!;
    const simulated = output.series.find((series) => series.source === "simulated")!;
    for (const [x, y] of simulated.points) {
      expect(en.text).toContain(`<data value="${x}">`);
      expect(en.text).toContain(`<data value="${y}">`);
    }
  });

  // A failed check's rendering: test/unit/models-validation-page.test.tsx (the shipped report has none).
  it("shows the switching checks of the part whose data were corrected (PCN-2026-007) as passed", async () => {
    const part = partOf("QCM750170K3");
    const switching = part.checks.filter((check) => check.group === "switching");
    expect(switching.map((check) => [check.id, check.expected, check.pass])).toEqual([
      ["eOn", 0.03, true],
      ["eOff", 0.001, true],
    ]);
    const en = await get("/en/support/models/QCM750170K3");
    expect(en.status).toBe(200);
    expect(textOf(en.text)).toContain(`${part.checks.length} of ${part.checks.length} checks within tolerance.`);
    for (const check of switching) expect(textOf(rowOf(en.text, `data-check="${check.id}"`))).toContain("Pass");
  });

  it("shows a diode's checks and forward curve in Chinese", async () => {
    const part = partOf("QCD10065T2");
    const zh = await get("/zh/support/models/QCD10065T2");
    expect(zh.status).toBe(200);
    expect(zh.text).toContain("<title>模型验证：QCD10065T2 | ");
    const text = textOf(zh.text);
    expect(text).toContain(`模型版本 ${MODEL_VERSION}，发布于 ${MODEL_DATE}`);
    expect(text).toContain(`${part.checks.length} 项检查中有 ${part.checks.length} 项在容差范围内。`);
    expectChecks(zh.text, part, "通过");
    expect(zh.text).not.toContain('<h2 id="switching"');
    expect(zh.text.match(/<svg viewBox="0 0 440 300" role="img"/g)?.length).toBe(1);
    expect(text).toContain("正向特性：仿真与损耗数据的正向曲线对比");
    // A diode's page names a diode's limits, not a MOSFET's threshold.
    expect(text).toContain("模型不包含反向漏电流、雪崩和浪涌电流特性");
    expect(text).not.toContain("V GS(th)");
  });

  it("shows an IGBT module's checks in an IGBT's words (V_GE, I_C, V_CC, its own leg) in both languages (decision 053)", async () => {
    const part = partOf("QIM150065NP2");
    expect(part.kind).toBe("igbtModule");
    const en = await get("/en/support/models/QIM150065NP2");
    expect(en.status).toBe(200);
    const text = textOf(en.text);
    expectChecks(en.text, part, "Pass");
    for (const words of [
      "Collector–emitter saturation voltage, hot",
      "Diode forward voltage",
      "Collector current 1 µs into the second pulse (the module",
      "the current freewheeling through the clamp diode D5",
      "The datasheet states V F at 25 °C only",
      "no tail current",
    ])
      expect(text, words).toContain(words);
    // An IGBT's conditions and chart titles, not a MOSFET's.
    expect(rowOf(en.text, 'data-check="vceSat25"')).toContain("V<sub>GE</sub>");
    expect(rowOf(en.text, 'data-check="qg"')).toContain("V<sub>CC</sub>");
    expect(text).not.toContain("Drain current at the end of the first pulse");
    const svgs = en.text.match(/<svg viewBox="0 0 440 300" role="img"[^>]*><title[^>]*>[^<]+<\/title>/g) ?? [];
    expect(svgs.length).toBe(3);
    expect(svgs[0]).toContain("QIM150065NP2: Output characteristic at VGE = 15 V");
    const zh = await get("/zh/support/models/QIM150065NP2");
    expect(zh.status).toBe(200);
    expectChecks(zh.text, part, "通过");
    const zhText = textOf(zh.text);
    for (const words of ["集电极-发射极饱和压降", "第二个脉冲开始 1 µs 时的集电极电流（模块自身桥臂）", "IGBT 没有拖尾电流"]) expect(zhText, words).toContain(words);
  });

  it("shows a SiC module's checks, its energies at the module datasheet's switching temperature, in both languages (decision 053)", async () => {
    const part = partOf("QSM300120H62");
    expect(part.kind).toBe("sicModule");
    const energies = part.checks.filter((check) => check.group === "switching");
    expect(energies.map((check) => [check.id, check.conditions.tj])).toEqual([
      ["eOn", 175],
      ["eOff", 175],
    ]);
    for (const [language, pass] of [
      ["en", "Pass"],
      ["zh", "通过"],
    ] as const) {
      const page = await get(`/${language}/support/models/QSM300120H62`);
      expect(page.status).toBe(200);
      expectChecks(page.text, part, pass);
      expect(textOf(rowOf(page.text, 'data-check="eOn"'))).toContain("175 °C");
    }
  });

  it("is the 404 page for an unknown part, a part without a report, a malformed part number or a deeper path", async () => {
    for (const url of [
      "/en/support/models/QCM999120K4",
      "/zh/support/models/QGD1S10W8",
      "/en/support/models/qcm040120k4",
      "/en/support/models/QCM040120K4/more",
      "/en/support/models",
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
    }
  });

  it("is linked from the product detail's models section of a part with a report, not from one without", async () => {
    for (const [language, label] of [
      ["en", "Validation against the datasheet (ngspice)"],
      ["zh", "与数据手册的对比验证（ngspice）"],
    ] as const) {
      const detail = await get(`/${language}/productAndService/productDetail/QCM040120K4`);
      expect(detail.status).toBe(200);
      expect(detail.text).toContain(`<a href="/${language}/support/models/QCM040120K4">${label}</a>`);
    }
    const driver = await get("/en/productAndService/productDetail/QGD1S10W8");
    expect(driver.status).toBe(200);
    expect(driver.text).not.toContain("/support/models/");
  });

  it("is in the sitemap of each language beside the document pages, dated by its model version", async () => {
    for (const language of ["zh", "en"]) {
      const pages = await get(`/sitemap-pages-${language}.xml`);
      expect(pages.status).toBe(200);
      for (const part of report.parts)
        expect(pages.text, part.partNumber).toMatch(new RegExp(`<loc>[^<]*/${language}/support/models/${part.partNumber}</loc><lastmod>${MODEL_DATE}</lastmod>`));
    }
  });
});
