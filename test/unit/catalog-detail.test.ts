// Pure rules of the detail and compare pages: the compare URL state, the compare rows, qualification
// badges, package drawings, application links and the nearness of related products.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPARE_MAX, parseCompareParts, writeCompareQuery } from "../../shared/query/compare.ts";
import { compareRows } from "../../shared/catalog/compare-rows.ts";
import { applicationPage, packageDrawing, packageDrawings, qualificationsOf } from "../../shared/catalog/product-facts.ts";
import { parameterDistance, relatedProducts } from "../../shared/catalog/related-products.ts";
import type { ParamColumn } from "../../shared/contract/products.ts";
import { loginPathOf } from "../../shared/samples/sample-add-result.ts";

const column = (fieldId: string, sortable = true, unit: string | null = null): ParamColumn => ({ fieldId, paramName: fieldId, screenName: null, sortable, unit });

describe("compare URL state", () => {
  it("parses parts leniently: spaces, case, repeats, empty items, bad characters, at most four", () => {
    expect(parseCompareParts(new URLSearchParams("parts= qcm1 ,QCM2,,qcm1&parts=QCM3"))).toEqual(["QCM1", "QCM2", "QCM3"]);
    expect(parseCompareParts(new URLSearchParams("parts=A1,<b>,B2,C3,D4,E5"))).toEqual(["A1", "B2", "C3", "D4"]);
    expect(parseCompareParts(new URLSearchParams(""))).toEqual([]);
    expect(COMPARE_MAX).toBe(4);
  });
  it("writes the canonical query, keeping op, and round-trips", () => {
    expect(writeCompareQuery(["A1", "B2"])).toBe("?parts=A1,B2");
    expect(writeCompareQuery([], null)).toBe("");
    expect(writeCompareQuery(["A1"], "inv:800,200")).toBe("?parts=A1&op=inv%3A800%2C200");
    const parts = ["QCM040120K4", "QSM400120SHP"];
    expect(parseCompareParts(new URLSearchParams(writeCompareQuery(parts)))).toEqual(parts);
  });
});

describe("compare rows", () => {
  const mosfet = { params: { vds: 1200, rdson: 40, package: "TO-247-4" }, paramTable: [column("vds"), column("rdson"), column("package", false)] };
  const module_ = {
    params: { vds: 1200, rdson: 2.6, topology: "Six-pack", package: "HPD" },
    paramTable: [column("vds"), column("rdson"), column("topology", false), column("package", false)],
  };
  it("is the union of the tables in first-met order, null where a product has none", () => {
    const rows = compareRows([mosfet, module_]);
    expect(rows.map((row) => row.column.fieldId)).toEqual(["vds", "rdson", "package", "topology"]);
    expect(rows.find((row) => row.column.fieldId === "topology")!.values).toEqual([null, "Six-pack"]);
  });
  it("marks rows that differ, and none for a single product", () => {
    const rows = compareRows([mosfet, module_]);
    expect(rows.filter((row) => row.differs).map((row) => row.column.fieldId)).toEqual(["rdson", "package", "topology"]);
    expect(compareRows([mosfet]).some((row) => row.differs)).toBe(false);
    // Text compares without case and surrounding spaces.
    expect(compareRows([{ ...mosfet }, { ...mosfet, params: { ...mosfet.params, package: " to-247-4" } }]).some((row) => row.differs)).toBe(false);
  });
});

describe("product facts", () => {
  it("badges are exactly the qualifications the data says yes to, in either language", () => {
    expect(qualificationsOf({ aecq101: "Yes", package: "TO-247-4" })).toEqual(["AEC-Q101"]);
    expect(qualificationsOf({ aecq101: "否" })).toEqual([]);
    expect(qualificationsOf({ aecq100: "是" })).toEqual(["AEC-Q100"]);
    expect(qualificationsOf({ aqg324: "Yes", ntc: "Yes" })).toEqual(["AQG 324"]);
  });
  it("finds the package drawing of every package spelling, and only drawings that exist", () => {
    expect(packageDrawing("TO-247-4")).toBe("/media/products/pkg-to-247-4.svg");
    expect(packageDrawing("SOIC-8 WB")).toBe("/media/products/pkg-soic-8wb.svg");
    expect(packageDrawing("62 mm")).toBe("/media/products/pkg-62mm.svg");
    expect(packageDrawing("ED3-compatible")).toBe("/media/products/pkg-ed3.svg");
    expect(packageDrawing("P2 press-fit")).toBe("/media/products/pkg-p2.svg");
    expect(packageDrawing("DO-214")).toBeNull();
    expect(packageDrawing(undefined)).toBeNull();
    for (const slug of packageDrawings) expect(existsSync(path.resolve(import.meta.dirname, `../../public/media/products/pkg-${slug}.svg`)), slug).toBe(true);
  });
  it("links target applications to their application page in both languages", () => {
    expect(applicationPage("On-board chargers (OBC)")).toBe("/applications/ev");
    expect(applicationPage("车载充电机")).toBe("/applications/ev");
    expect(applicationPage("DC fast-charger power modules")).toBe("/applications/charging");
    expect(applicationPage("String PV inverters")).toBe("/applications/photovoltaic");
    expect(applicationPage("组串式光伏逆变器")).toBe("/applications/photovoltaic");
    expect(applicationPage("Railway auxiliary converters")).toBe("/applications/rail");
    expect(applicationPage("Server and data-centre power supplies")).toBe("/applications/data-center");
    expect(applicationPage("Servo drives")).toBe("/applications/industrial");
    expect(applicationPage("Something else")).toBeNull();
  });
});

describe("related products", () => {
  const columns = [column("vds"), column("rdson"), column("package", false)];
  const self = { id: 1, parentId: 10, params: { vds: 1200, rdson: 40 } };
  it("measures closeness as the mean log-ratio of shared numeric parameters", () => {
    expect(parameterDistance({ vds: 1200, rdson: 40 }, { vds: 1200, rdson: 40 }, columns)).toBe(0);
    expect(parameterDistance({ rdson: 20 }, { rdson: 40 }, columns)).toBeCloseTo(parameterDistance({ rdson: 200 }, { rdson: 400 }, columns));
    expect(parameterDistance({ package: "A" }, { package: "B" }, columns)).toBe(Number.POSITIVE_INFINITY);
  });
  it("puts the same series first, then the nearest, never the product itself", () => {
    const candidates = [
      { id: 1, parentId: 10, params: { vds: 1200, rdson: 40 } },
      { id: 2, parentId: 20, params: { vds: 1200, rdson: 40 } },
      { id: 3, parentId: 10, params: { vds: 1200, rdson: 160 } },
      { id: 4, parentId: 10, params: { vds: 1200, rdson: 32 } },
    ];
    expect(relatedProducts(self, candidates, columns, 3).map((item) => item.id)).toEqual([4, 3, 2]);
  });
});

describe("add to sample", () => {
  it("sends the visitor to login with this page's path without the language prefix, query kept", () => {
    expect(loginPathOf("/en/productAndService/productDetail/QCM040120K4", "")).toBe("/productAndService/productDetail/QCM040120K4");
    expect(loginPathOf("/zh/productAndService/compare", "?parts=A1,B2")).toBe("/productAndService/compare?parts=A1,B2");
  });
});
