// The datasheet part of the product page on the server-rendered HTML (it works without JavaScript): key
// parameters with their test conditions, ratings and characteristics with min/typ/max, ordering codes with
// packing, compliance, the package's key dimensions, no document called a model that is not one, and the
// conditions in the Product JSON-LD, in both languages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { textOf } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
const section = (html: string, id: string) => new RegExp(`<section[^>]*aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
const tables = (html: string) => [...html.matchAll(/<table[\s\S]*?<\/table>/g)].map((match) => match[0]);
/** The text of each body row's cells (row header first). */
const rows = (table: string) =>
  [...table.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].flatMap((body) =>
    [...body[1]!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => textOf(cell[1]!).trim())),
  );
const productLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((data) => data["@type"] === "Product")!;

describe("the product page's datasheet data", () => {
  it("gives each key parameter its test conditions and the full ratings and characteristics in English", async () => {
    const response = await get("/en/productAndService/productDetail/QCM040120K4");
    expect(response.status).toBe(200);
    const key = section(response.text, "key-parameters");
    expect(textOf(key)).toContain("Test conditions");
    const keyRows = rows(key);
    const rdson = keyRows.find((cells) => cells[1] === "40 mΩ")!;
    expect(rdson[2]).toBe("V GS = 18 V, I D = 20 A, T j = 25 °C");
    expect(key.replace(/<\/?span>/g, "").replace(/\u00a0/g, " ")).toContain("V<sub>GS</sub> = 18 V, I<sub>D</sub> = 20 A, T<sub>j</sub> = 25 °C");
    expect(keyRows.find((cells) => cells[1] === "44 A")![2]).toBe("V GS = 18 V, T C = 100 °C");

    const data = section(response.text, "characteristics");
    const [ratings, characteristics] = tables(data);
    expect(ratings).toMatch(/<caption>Absolute maximum ratings<\/caption>/);
    expect(characteristics).toMatch(/<caption>Electrical and thermal characteristics<\/caption>/);
    for (const table of [ratings!, characteristics!]) {
      expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(table)![0]).trim()).toBe("Parameter Symbol Test conditions Min Typ Max Unit");
      expect(table.match(/<th scope="col"/g)).toHaveLength(7);
      for (const row of rows(table)) expect(row).toHaveLength(7);
    }
    // Name, symbol, conditions, min, typ, max, unit: the catalogue's 40 mΩ typical with the datasheet's maximum.
    expect(rows(characteristics!)).toContainEqual(["Drain–source on-state resistance", "R DS(on)", "V GS = 18 V, I D = 20 A, T j = 25 °C", "", "40", "52", "mΩ"]);
    expect(rows(characteristics!)).toContainEqual([
      "Turn-on switching energy",
      "E on",
      "V DD = 800 V, I D = 20 A, V GS = −3/+18 V, R G(ext) = 2.5 Ω, T j = 25 °C",
      "",
      "310",
      "",
      "µJ",
    ]);
    expect(rows(ratings!)).toContainEqual(["Gate–source voltage", "V GS", "Static", "−8", "", "22", "V"]);
    expect(rows(ratings!)).toContainEqual(["Operating junction temperature", "T j", "", "−55", "", "175", "°C"]);
  });

  it("lists the orderable part numbers with packing, compliance and the package's key dimensions", async () => {
    const response = await get("/en/productAndService/productDetail/QCM040120K4");
    const ordering = section(response.text, "ordering");
    expect(ordering).toMatch(/<caption>Orderable part numbers of QCM040120K4<\/caption>/);
    expect(rows(ordering)).toEqual([["QCM040120K4-TU", "Tube", "30 pcs", "300 pcs"]]);
    const facts = textOf(ordering);
    expect(facts).toContain("Moisture sensitivity (J-STD-020) Not applicable (not a reflow-soldered package)");
    expect(facts).toContain("RoHS Compliant");
    expect(facts).toContain("REACH Compliant");
    expect(facts).toContain("Automotive qualification None (industrial grade)");
    const outline = section(response.text, "package-outline");
    expect(textOf(outline)).toContain("Package: TO-247-4");
    expect(rows(outline)).toEqual([
      ["Body length", "D", "20.95"],
      ["Body width", "E", "15.9"],
      ["Overall height", "A", "5"],
      ["Lead pitch", "e", "2.54"],
    ]);
  });

  it("renders the same in Chinese: a surface-mount automotive diode on tape and reel with its MSL", async () => {
    const response = await get("/zh/productAndService/productDetail/QCD10065B2A");
    expect(response.status).toBe(200);
    const data = section(response.text, "characteristics");
    expect(data).toMatch(/<caption>绝对最大额定值<\/caption>/);
    expect(data).toMatch(/<caption>电气与热特性<\/caption>/);
    expect(textOf(/<thead>[\s\S]*?<\/thead>/.exec(data)![0]).trim()).toBe("参数 符号 测试条件 最小值 典型值 最大值 单位");
    expect(rows(data)).toContainEqual(["非重复正向浪涌电流", "I FSM", "t p = 10 ms 正弦半波，T C = 25 °C", "", "", "78", "A"]);
    expect(rows(data)).toContainEqual(["正向电压", "V F", "I F = 10 A, T j = 25 °C", "", "1.38", "1.7", "V"]);
    const ordering = section(response.text, "ordering");
    expect(rows(ordering)).toEqual([["QCD10065B2A-TR", "卷带", "800 只", "800 只"]]);
    expect(textOf(ordering)).toContain("湿敏等级（J-STD-020） MSL 1，回流焊峰值 260 °C");
    expect(textOf(ordering)).toContain("车规认证 已通过 AEC-Q101 认证");
    expect(textOf(section(response.text, "package-outline"))).toContain("封装：TO-263-2");
    expect(textOf(section(response.text, "key-parameters"))).toContain("测试条件");
  });

  it("gives a module's weight and says where a drawing is only on request", async () => {
    const response = await get("/en/productAndService/productDetail/QSM400120SHP");
    const outline = textOf(section(response.text, "package-outline"));
    expect(outline).toContain("The outline drawing with its dimensions is available from sales on request.");
    expect(outline).toContain("Weight: approx. 760 g.");
    expect(rows(section(response.text, "ordering"))).toEqual([["QSM400120SHP-BX", "Tray in carton", "4 pcs", "4 pcs"]]);
    expect(textOf(section(response.text, "ordering"))).toContain("AQG 324 qualified");
  });

  it("calls no PDF a model: the simulation documents are model descriptions", async () => {
    for (const [language, heading, title] of [
      ["en", "Model descriptions (PDF)", "1200 V SiC MOSFET model pack description"],
      ["zh", "模型说明（PDF）", "1200 V SiC MOSFET 模型包说明"],
    ] as const) {
      const response = await get(`/${language}/productAndService/productDetail/QCM040120K4`);
      const documents = textOf(section(response.text, "documents"));
      expect(documents).toContain(heading);
      expect(documents).toContain(title);
      // The PDFs are not called models; the real model files have a section of their own ("models").
      expect(documents).not.toMatch(/model library|模型库|Simulation models|仿真模型/);
    }
  });

  it("puts the test conditions and limits into the Product JSON-LD without repeating names", async () => {
    const response = await get("/en/productAndService/productDetail/QCM040120K4");
    const ld = productLd(response.text);
    expect(ld.mpn).toBe("QCM040120K4");
    const properties = ld.additionalProperty as Array<Record<string, unknown>>;
    const rdson = properties.find((property) => property.propertyID === "rdson")!;
    expect(rdson).toMatchObject({ value: 40, maxValue: 52, unitText: "mΩ", description: "V_GS = 18 V, I_D = 20 A, T_j = 25 °C" });
    for (const property of properties) expect(String(property.name)).not.toMatch(/^(.+) \(\1\)$/);
    expect(ld.weight).toBeUndefined();
    const module = productLd((await get("/en/productAndService/productDetail/QSM400120SHP")).text);
    expect(module.weight).toEqual({ "@type": "QuantitativeValue", value: 760, unitCode: "GRM" });
  });
});
