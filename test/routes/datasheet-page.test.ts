// A part's HTML datasheet (/productAndService/productDetail/{part}/datasheet, docs/decisions/054-html-datasheet.md), server-rendered in both
// languages for every part with a product page: the header (part, description, package, lifecycle, the PDF's
// revision), the ratings, electrical and thermal tables as the product page states them, the Foster network, and the
// curves as SVG whose every point is a row of the part's published curves CSV (read here from the file, line by line).
// A part without model files still has its page, without curves; an unknown, hidden or malformed part is the 404
// page; another spelling redirects. The product page links it, the sitemap lists it, its head has the canonical URL,
// the language alternates and a TechArticle about the Product.
import { readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { MODEL_VERSION } from "../../server/upstream/models/pack.ts";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const content = (file: string) => JSON.parse(readFileSync(path.join(shippedContentDir, file), "utf8"));
const characteristics = content("catalog/characteristics.json") as Record<string, Array<{ group: string; symbol: string; name: { en: string; zh: string } }>>;
const lossData = content("catalog/loss-data.json") as Array<{ partNumber: string; zth?: Array<{ r: number; tau: number }> }>;

/** A section's HTML, by the id of its heading. */
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
/** The first cell (row header) of each body row of the tables in the HTML. */
const rowNames = (html: string) =>
  [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) =>
    [...body[1]!.matchAll(/<tr>\s*<th scope="row">([\s\S]*?)<\/th>/g)].map((row) => textOf(row[1]!).trim()),
  );
/** One figure's HTML. */
const figureOf = (html: string, id: string) => new RegExp(`<figure class="datasheet-chart" data-figure="${id}">[\\s\\S]*?</figure>`).exec(html)?.[0] ?? "";

/** The published curves CSV's points, by curve name: [x, y] as the file writes them. */
function csvPoints(part: string): Map<string, Array<[string, string]>> {
  const text = readFileSync(path.join(shippedContentDir, "models", part, MODEL_VERSION, `${part}.curves.csv`), "ascii");
  const points = new Map<string, Array<[string, string]>>();
  for (const line of text.trimEnd().split("\r\n").slice(1)) {
    const [, quoted, rest] = /^("(?:[^"]|"")*"|[^,]*),(.*)$/.exec(line)!;
    const name = quoted!.startsWith('"') ? quoted!.slice(1, -1) : quoted!;
    const fields = rest!.split(",");
    points.set(name, [...(points.get(name) ?? []), [fields[2]!, fields[5]!]]);
  }
  return points;
}

/** Every point of the named curves is in the figure's tables, as a machine-readable value. */
function expectPoints(figure: string, points: Array<[string, string]>) {
  expect(points.length).toBeGreaterThan(3);
  for (const [x, y] of points) {
    expect(figure, `${x}`).toContain(`<data value="${Number(x)}">`);
    expect(figure, `${y}`).toContain(`<data value="${Number(y)}">`);
  }
}

describe("/productAndService/productDetail/{part}/datasheet", () => {
  it("is a MOSFET's datasheet in English: header, tables, the Foster network and the curves of its CSV", async () => {
    const response = await get("/en/productAndService/productDetail/QCM040120K4/datasheet");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain("<title>QCM040120K4 datasheet | ");
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/en\/productAndService\/productDetail\/QCM040120K4\/datasheet"\/>/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="zh-CN" href="[^"]*\/zh\/productAndService\/productDetail\/QCM040120K4\/datasheet"\/>/);
    expect(html).not.toContain("noindex");
    const text = textOf(html);
    expect(html).toContain('<h1 id="datasheet-title">QCM040120K4</h1>');
    for (const fact of ["Package TO-247-4", "Lifecycle Active", "Datasheet revision 1.1, 2026-01-15", `Curves model pack ${MODEL_VERSION}`]) expect(text).toContain(fact);
    // The links to the other forms: the PDF (through the download flow), the product page, the CSV the curves are from.
    expect(html).toContain('href="/api/front/attach/download/ds-qcm040120k4"');
    expect(html).toContain('href="/en/productAndService/productDetail/QCM040120K4"');
    expect(html).toContain(`href="/api/front/models/QCM040120K4/${MODEL_VERSION}/QCM040120K4.curves.csv"`);

    // The tables hold the content's lines, the thermal ones apart from the electrical ones.
    const lines = characteristics.QCM040120K4!;
    expect(rowNames(section(html, "ds-ratings"))).toEqual(lines.filter((line) => line.group === "ratings").map((line) => line.name.en));
    const thermal = lines.filter((line) => line.symbol.startsWith("R_th"));
    expect(thermal.length).toBeGreaterThan(0);
    expect(rowNames(section(html, "ds-electrical"))).toEqual(
      lines.filter((line) => line.group === "characteristics" && !thermal.includes(line)).map((line) => line.name.en),
    );
    const thermalSection = section(html, "ds-thermal");
    expect(rowNames(thermalSection).slice(0, thermal.length)).toEqual(thermal.map((line) => line.name.en));
    expect(textOf(section(html, "ds-electrical"))).toContain("Drain–source on-state resistance R DS(on) V GS = 18 V, I D = 20 A, T j = 25 °C 40 52 mΩ");
    // The Foster network is the loss data's, element by element.
    const zth = lossData.find((entry) => entry.partNumber === "QCM040120K4")!.zth!;
    for (const { r, tau } of zth) expect(thermalSection).toMatch(new RegExp(`<data value="${r}">[^<]*</data></td><td class="part-data__number"><data value="${tau}">`));

    // One figure per quantity pair, each an SVG named for assistive technology, its points those of the CSV.
    // The characterisation dataset's curves (decision 055) after the loss data's: the output curves at several gate
    // voltages one figure per temperature, the safe operating area apart from the output characteristic.
    const figures = ["output", "bodyDiode", "energyCurrent", "energyGate", "thermalImpedance", "outputGate25", "outputGate175", "transfer"];
    figures.push("capacitance", "outputCharge", "outputEnergy", "gateCharge", "soa");
    expect([...html.matchAll(/data-figure="([^"]+)"/g)].map((match) => match[1])).toEqual(figures);
    expect(
      html.match(/<svg viewBox="0 0 440 300" role="img" aria-labelledby="[^"]+"[^>]*><title[^>]*>QCM040120K4: [^<]+<\/title><desc[^>]*>[^<]+<\/desc>/g),
    ).toHaveLength(figures.length);
    const csv = csvPoints("QCM040120K4");
    expectPoints(figureOf(html, "output"), csv.get("output characteristic")!);
    expectPoints(figureOf(html, "bodyDiode"), csv.get("body diode forward characteristic")!);
    expectPoints(figureOf(html, "energyCurrent"), [...csv.get("turn-on energy against drain current")!, ...csv.get("turn-off energy against drain current")!]);
    expectPoints(figureOf(html, "energyGate"), [
      ...csv.get("turn-on energy against external gate resistance")!,
      ...csv.get("turn-off energy against external gate resistance")!,
    ]);
    expectPoints(figureOf(html, "thermalImpedance"), csv.get("transient thermal impedance, single pulse")!);
    expectPoints(figureOf(html, "outputGate25") + figureOf(html, "outputGate175"), csv.get("output characteristic at several gate voltages")!);
    expectPoints(figureOf(html, "capacitance"), [
      ...csv.get("input capacitance against drain-source voltage")!,
      ...csv.get("output capacitance against drain-source voltage")!,
      ...csv.get("reverse transfer capacitance against drain-source voltage")!,
    ]);
    expectPoints(figureOf(html, "gateCharge"), csv.get("gate charge")!);
    expect(textOf(figureOf(html, "outputGate25"))).toContain("Output characteristics at several gate voltages");
    expect(textOf(figureOf(html, "soa"))).toContain("Safe operating area");
    // Conditions shared by a figure's curves go to its caption; the temperature names each curve.
    expect(textOf(figureOf(html, "energyCurrent"))).toContain("Switching energies against drain current ( V GS = 18 V, V DD = 800 V, R G(ext) = 2.5 Ω)");
    expect(textOf(figureOf(html, "energyCurrent"))).toContain("E off , T j = 175 °C");
    // The thermal impedance over decades: logarithmic axes with decade ticks.
    expect(figureOf(html, "thermalImpedance")).toContain(">10⁻⁶</text>");
    expect(figureOf(html, "thermalImpedance")).toContain("Both axes logarithmic.");

    // A TechArticle about the product, whose Product is the product page's.
    const article = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
      .find((data) => data["@type"] === "TechArticle")!;
    expect(article).toMatchObject({ headline: "QCM040120K4 datasheet", inLanguage: "en-US", version: "1.1", about: { "@type": "Product", mpn: "QCM040120K4" } });
    expect(String(article.url)).toMatch(/\/en\/productAndService\/productDetail\/QCM040120K4\/datasheet$/);
  });

  it("is a diode's datasheet in Chinese, with its forward curve and thermal impedance", async () => {
    const response = await get("/zh/productAndService/productDetail/QCD10065B2A/datasheet");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain("<title>QCD10065B2A 数据手册 | ");
    for (const heading of ["绝对最大额定值", "电气特性", "热特性", "特性曲线", "订购信息"]) expect(html).toContain(`>${heading}</h2>`);
    expect(rowNames(section(html, "ds-ratings"))).toEqual(characteristics.QCD10065B2A!.filter((line) => line.group === "ratings").map((line) => line.name.zh));
    expect([...html.matchAll(/data-figure="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "forward",
      "thermalImpedance",
      "junctionCapacitance",
      "capacitiveCharge",
      "capacitiveEnergy",
    ]);
    expect(textOf(figureOf(html, "junctionCapacitance"))).toContain("结电容与反向电压的关系");
    expectPoints(figureOf(html, "forward"), csvPoints("QCD10065B2A").get("forward characteristic")!);
    expect(textOf(figureOf(html, "forward"))).toContain("正向特性");
    expect(textOf(html)).toContain("生命周期");
    // No English UI word where the page has its own Chinese one.
    expect(textOf(section(html, "ds-curves"))).not.toMatch(/Characteristic curves|Both axes|The figure's numbers/);
  });

  it("is a gate driver's datasheet without curves (no model files), in both languages", async () => {
    for (const [url, note, heading] of [
      ["/en/productAndService/productDetail/QGD1B04W8/datasheet", "No characteristic curves are published for this part yet", ">Electrical characteristics</h2>"],
      ["/zh/productAndService/productDetail/QGD1B04W8/datasheet", "该型号尚未发布特性曲线", ">电气特性</h2>"],
    ] as const) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(textOf(response.text)).toContain(note);
      expect(response.text).toContain(heading);
      expect(response.text).not.toContain('class="datasheet-chart"');
    }
  });

  it("is a SiC module's datasheet with its tables and, from model pack 1.4, the curves of its published CSV (decision 053)", async () => {
    const response = await get("/en/productAndService/productDetail/QSM150120H34/datasheet");
    expect(response.status).toBe(200);
    expect(response.text).toContain(">Absolute maximum ratings</h2>");
    expect(response.text).toContain('class="datasheet-chart"');
    expect(textOf(response.text)).not.toContain("No characteristic curves are published for this part yet");
  });

  it("redirects another spelling of the part number and is the 404 page for an unknown, hidden or malformed part or another view", async () => {
    const moved = await get("/en/productAndService/productDetail/qcm040120k4/datasheet");
    expect([moved.status, moved.headers.location]).toEqual([301, "/en/productAndService/productDetail/QCM040120K4/datasheet"]);
    for (const url of [
      "/en/productAndService/productDetail/QCM999120K4/datasheet",
      "/zh/productAndService/productDetail/QCM080120K3/datasheet",
      "/en/productAndService/productDetail/QCM040120K4%00/datasheet",
      "/en/productAndService/productDetail/..%2F..%2Fetc/datasheet",
      "/en/productAndService/productDetail/QCM040120K4/datasheet/more",
      "/zh/productAndService/productDetail/QCM040120K4/models",
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.text, url).toContain('<html lang="');
    }
    // A malformed escape is refused before any page (decision 031), with the site's error page, not a 500.
    const malformed = await get("/en/productAndService/productDetail/QCM%E0/datasheet");
    expect(malformed.status).toBe(400);
    const zh = await get("/zh/productAndService/productDetail/QCM999120K4/datasheet");
    expect(textOf(zh.text)).toContain("页面未找到");
  });

  it("is linked from the product page beside the PDF, in both languages", async () => {
    for (const [language, label] of [
      ["en", "Datasheet (HTML)"],
      ["zh", "数据手册（网页版）"],
    ] as const) {
      const detail = await get(`/${language}/productAndService/productDetail/QSM150120H34`);
      expect(detail.status).toBe(200);
      expect(detail.text).toContain(`<a class="product-hero__html-datasheet" href="/${language}/productAndService/productDetail/QSM150120H34/datasheet">${label}</a>`);
    }
  });

  it("is in each language's datasheet sitemap, dated as its product page in the product sitemap", async () => {
    for (const language of ["zh", "en"]) {
      const products = await get(`/sitemap-products-${language}.xml`);
      const datasheets = await get(`/sitemap-datasheets-${language}.xml`);
      expect([products.status, datasheets.status]).toEqual([200, 200]);
      const root = await get("/sitemap.xml");
      expect(root.text).toContain(`/sitemap-datasheets-${language}.xml</loc>`);
      for (const part of ["QCM040120K4", "QSM150120H34", "QGD1B04W8"]) {
        const product = new RegExp(`<loc>[^<]*/${language}/productAndService/productDetail/${part}</loc><lastmod>([^<]+)</lastmod>`).exec(products.text);
        const datasheet = new RegExp(`<loc>[^<]*/${language}/productAndService/productDetail/${part}/datasheet</loc><lastmod>([^<]+)</lastmod>`).exec(datasheets.text);
        expect(datasheet?.[1], part).toBe(product?.[1]);
      }
      expect(datasheets.text).not.toContain("/productAndService/productDetail/QCM080120K3/datasheet<");
      expect(products.text).not.toContain("/datasheet</loc>");
    }
  });
});
