// The per-part datasheet data (catalog/characteristics.json, ordering.json, packages.json): every part has
// ordering codes and its key parameters with test conditions, min ≤ typ ≤ max, and the figures agree with the
// catalogue, the loss data and the datasheet text they are printed beside; the upstream answers them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { querySiteListDataByPage, type ProductDetail } from "../../shared/contract/index.ts";
import { shippedContentDir as contentDir } from "../../server/upstream/content/load.ts";
import { characteristicsFile, orderingFile, packagesFile } from "../../server/upstream/content/part-data.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

interface ProductFile {
  id: number;
  parentId: number;
  partNumber: string;
  status: string;
  params: Record<string, unknown>;
  documents: string[];
}
interface LossRow {
  partNumber: string;
  kind: string;
  rth: number;
  eOn?: number;
  eOff?: number;
  max: { vOn: number; i: number };
  channel?: { r: number[] };
}
const readJson = (file: string) => JSON.parse(readFileSync(path.join(contentDir, file), "utf8"));
const products: ProductFile[] = readJson("catalog/products.json");
const categories: Array<{ id: number; parentId: number | null; paramTable?: Array<{ fieldId: string; unit?: string }> }> = readJson("catalog/categories.json");
const documents: Array<{ id: string; type: string; pages: { en: string[] } }> = readJson("documents.json");
const losses = new Map((readJson("catalog/loss-data.json") as LossRow[]).map((row) => [row.partNumber, row]));
const characteristics = characteristicsFile.parse(readJson("catalog/characteristics.json"));
const ordering = orderingFile.parse(readJson("catalog/ordering.json"));
const packages = packagesFile.parse(readJson("catalog/packages.json"));

const familyColumns = (product: ProductFile) => {
  let node = categories.find((category) => category.id === product.parentId);
  while (node && node.parentId !== null) node = categories.find((category) => category.id === node!.parentId);
  return node?.paramTable ?? [];
};
const datasheetText = (product: ProductFile) =>
  documents
    .filter((document) => product.documents.includes(document.id) && document.type === "datasheet")
    .flatMap((document) => document.pages.en)
    .join("\n");

describe("ordering data", () => {
  it("gives every part at least one ordering code, unique in the catalogue, named after the part", () => {
    const seen = new Set<string>();
    for (const product of products) {
      const entry = ordering[product.partNumber];
      expect(entry?.codes.length, product.partNumber).toBeGreaterThan(0);
      for (const code of entry!.codes) {
        expect(code.code.startsWith(`${product.partNumber}-`), code.code).toBe(true);
        expect(seen.has(code.code), code.code).toBe(false);
        seen.add(code.code);
        // A minimum order is whole packing units.
        expect(code.minimumOrder % code.quantity, code.code).toBe(0);
      }
    }
    expect(Object.keys(ordering).sort()).toEqual(products.map((product) => product.partNumber).sort());
  });

  it("packs each part as its datasheet says, and gives an MSL exactly to the reflow-soldered packages", () => {
    const smd = /^(TO-263|TOLL|SOIC)/;
    for (const product of products) {
      const entry = ordering[product.partNumber]!;
      const stated = /packing: (tube|tape and reel), (\d+) pcs/.exec(datasheetText(product));
      if (stated) {
        const packing = stated[1] === "tube" ? "tube" : "tapeAndReel";
        expect(entry.codes[0], product.partNumber).toMatchObject({ packing, quantity: Number(stated[2]) });
      }
      expect(entry.msl !== null, product.partNumber).toBe(smd.test(String(product.params.package)));
    }
  });
});

describe("characteristics", () => {
  const rowsOf = (part: string) => characteristics[part] ?? [];

  it("states every numeric key parameter of every part in a line of its own, with the same value and its test conditions", () => {
    for (const product of products) {
      const rows = rowsOf(product.partNumber);
      expect(rows.length, product.partNumber).toBeGreaterThan(3);
      for (const column of familyColumns(product)) {
        const value = product.params[column.fieldId];
        // A count without a unit (a driver's channels) is not a measured parameter.
        if (typeof value !== "number" || !column.unit) continue;
        const row = rows.find((line) => line.fieldId === column.fieldId);
        expect(row, `${product.partNumber} ${column.fieldId}`).toBeDefined();
        // The catalogue's value is the line's typical value, or the limit a rating (or a guaranteed minimum) is.
        expect(row!.typ ?? (row!.group === "ratings" ? row!.max : (row!.min ?? row!.max)), `${product.partNumber} ${column.fieldId}`).toBe(value);
        // Temperature ranges are limits without a test condition; everything else states one.
        if (row!.unit !== "°C") expect(row!.conditions, `${product.partNumber} ${column.fieldId}`).not.toBeNull();
      }
    }
  });

  it("keeps min ≤ typ ≤ max on every line", () => {
    let lines = 0;
    for (const [part, rows] of Object.entries(characteristics)) {
      for (const row of rows) {
        const values = [row.min, row.typ, row.max].filter((value): value is number => value !== undefined);
        expect(values.length, `${part} ${row.symbol}`).toBeGreaterThan(0);
        expect(
          [...values].sort((a, b) => a - b),
          `${part} ${row.symbol}`,
        ).toEqual(values);
        lines++;
      }
    }
    expect(lines).toBeGreaterThan(500);
  });

  it("agrees with the loss data: R_DS(on), V_F, V_CE(sat) typ and max at the same current, switching energies, R_th", () => {
    for (const product of products) {
      const loss = losses.get(product.partNumber);
      if (!loss) continue;
      const rows = rowsOf(product.partNumber);
      const onState = rows.find((row) => row.fieldId === "rdson" || row.fieldId === "vf" || row.fieldId === "vcesat")!;
      expect(onState, product.partNumber).toBeDefined();
      // The maximum is the loss data's worst case at the same test current (FORMAT.md, `max`).
      const current = Number(/I_[DFC] = ([\d.]+) A/.exec(String(onState.conditions))?.[1]);
      expect(current, product.partNumber).toBe(loss.max.i);
      const maxOnVoltage = onState.unit === "mΩ" ? (onState.max! * current) / 1000 : onState.max!;
      expect(maxOnVoltage, product.partNumber).toBeCloseTo(loss.max.vOn, 3);
      expect(onState.typ!, product.partNumber).toBeLessThan(onState.max!);
      if (loss.channel) expect(onState.typ, product.partNumber).toBe(loss.channel.r[0]);
      const energy = (symbol: string) => rows.find((row) => row.symbol === symbol);
      if (loss.eOn !== undefined) {
        const eOn = energy("E_on")!;
        expect(eOn.unit === "µJ" ? eOn.typ! / 1000 : eOn.typ, product.partNumber).toBeCloseTo(loss.eOn, 6);
        const eOff = energy("E_off")!;
        expect(eOff.unit === "µJ" ? eOff.typ! / 1000 : eOff.typ, product.partNumber).toBeCloseTo(loss.eOff!, 6);
      }
      const rth = rows.find((row) => row.symbol.startsWith("R_th("))!;
      expect(rth.typ ?? rth.max, product.partNumber).toBe(loss.rth);
    }
  });
});

describe("package outlines", () => {
  it("has an outline for every package in the catalogue; module weights and the TOLL body agree with the datasheets", () => {
    for (const product of products) {
      const outline = packages[String(product.params.package)];
      expect(outline, `${product.partNumber} ${product.params.package}`).toBeDefined();
      const weight = /weight approx\. (\d+) g/.exec(datasheetText(product));
      if (weight) expect(outline!.weight, product.partNumber).toBe(Number(weight[1]));
      const body = /\((\d+(?:\.\d+)?) x (\d+(?:\.\d+)?) x (\d+(?:\.\d+)?) mm\)/.exec(datasheetText(product));
      if (body) {
        const values = outline!.dimensions.map((dimension) => dimension.value);
        for (const value of body.slice(1)) expect(values, product.partNumber).toContain(Number(value));
      }
    }
  });
});

describe("through the product call", () => {
  let upstream: TestUpstream;
  beforeAll(async () => {
    upstream = await startTestUpstream();
  });
  afterAll(() => upstream.close());

  it("answers the characteristics, ordering and outline in each language", async () => {
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, querySiteListDataByPage, language, { partNumber: "QCD06065T2" });
      const product = (data as { product: ProductDetail }).product;
      expect(product.ordering?.codes[0]).toMatchObject({ code: "QCD06065T2-TU", packing: "tube", quantity: 50 });
      expect(product.outline?.name).toBe("TO-220-2");
      const surge = product.characteristics.find((row) => row.fieldId === "ifsm")!;
      expect(surge.conditions).toBe(language === "en" ? "t_p = 10 ms half sine, T_C = 25 °C" : "t_p = 10 ms 正弦半波，T_C = 25 °C");
      expect(surge.name).toBe(language === "en" ? "Non-repetitive forward surge current" : "非重复正向浪涌电流");
    }
  });
});
