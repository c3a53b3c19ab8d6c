// The header's menu model (SPEC §2 "Menus"): status on only, first-descendant links, 9 groups, 3 promos.
import { describe, expect, it } from "vitest";
import { buildMenu } from "../../client/components/header/menu-model.ts";
import type { LayoutData } from "../../client/layouts/layout-data.ts";

const item = (category: string, link = `/x/${category}`, url = "") => ({ category, desc: "", link, url, pcUrl: "", mobUrl: "", alt: "" });
const node = (id: number, parentId: number | null, level: number, status: "on" | "off" = "on", partNumber: string | null = null) => ({
  id,
  parentId,
  level,
  status,
  sort: id,
  name: `n${id}`,
  partNumber,
  image: null,
  summary: null,
});

const data: LayoutData = {
  language: "en",
  year: "2026",
  products: [node(1, null, 1), node(11, 1, 2, "off"), node(111, 11, 3, "on", "P111"), node(12, 1, 2), node(121, 12, 3, "on", "P121"), node(2, null, 1, "off")],
  menu: {
    application_area_arr: { display: true, data: Array.from({ length: 11 }, (_, i) => item(`area${i + 1}`)) },
    application_area_category1_arr: { display: true, data: [item("traction"), item("obc")] },
    application_area_pic_arr: { display: true, data: [1, 2, 3, 4].map((i) => item(`promo${i}`, "/p", "/media/p.svg")) },
    technical_support_arr: { display: false, data: [item("hidden")] },
    about_us_arr: { display: true, data: [item("us", "/about/us")] },
  },
};

describe("buildMenu", () => {
  const menu = buildMenu(data);
  const byKey = Object.fromEntries(menu.map((entry) => [entry.key, entry]));

  it("has the six top entries in the SPEC order", () => {
    expect(menu.map((entry) => entry.key)).toEqual(["products", "applications", "support", "news", "reliability", "about"]);
  });

  it("shows only products with status on and links a category to its first descendant category with products", () => {
    const products = byKey.products!;
    expect(products.link).toBe("/productAndService/products");
    expect(products.groups.map((group) => group.label)).toEqual(["n1"]);
    expect(products.groups[0]!.link).toBe("/productAndService/products/12");
    expect(products.groups[0]!.children[0]!.link).toBe("/productAndService/products/12");
    expect(products.groups[0]!.children.map((child) => child.label)).toEqual(["n12"]);
    expect(products.groups[0]!.grandchildren).toEqual([[{ label: "n121", link: "/productAndService/productDetail/P121" }]]);
    expect(products.groups[0]!.children[0]!.partCount).toBe(1);
  });

  it("lists at most MAX_SERIES_PARTS parts of a series, depth first, and counts all of them", async () => {
    const { MAX_SERIES_PARTS } = await import("../../shared/site/menu-rules.ts");
    // Series 32 holds a sub-series of 5 parts (and one that is off), then 4 parts of its own (menu order: by sort).
    const parts = (parentId: number, from: number, count: number) => Array.from({ length: count }, (_, i) => node(from + i, parentId, 4, "on", `P${from + i}`));
    const big: LayoutData = {
      ...data,
      products: [node(3, null, 1), node(32, 3, 2), ...parts(32, 3200, 4), node(321, 32, 3), ...parts(321, 32100, 5), node(32199, 321, 4, "off", "OFF")],
    };
    const series = buildMenu(big)[0]!.groups[0]!;
    expect(series.children[0]!.partCount).toBe(9);
    expect(series.grandchildren![0]!.map((part) => part.label)).toEqual(["n32100", "n32101", "n32102", "n32103", "n32104", "n3200"]);
    expect(series.grandchildren![0]).toHaveLength(MAX_SERIES_PARTS);
  });

  it("counts a series of a menu-sized tree (only its first parts present) by the upstream's part count", () => {
    // The layout's tree holds only the first parts of each category and each category's count of all.
    const sized: LayoutData = {
      ...data,
      products: [{ ...node(4, null, 1), partCount: 2400 }, { ...node(42, 4, 2), partCount: 2400 }, node(4201, 42, 3, "on", "P4201"), node(4202, 42, 3, "on", "P4202")],
    };
    const family = buildMenu(sized)[0]!.groups[0]!;
    expect(family.children[0]!.partCount).toBe(2400);
    expect(family.grandchildren![0]!.map((part) => part.label)).toEqual(["n4201", "n4202"]);
  });

  it("keeps at most 9 application groups with their children, and at most 3 promos", () => {
    const applications = byKey.applications!;
    expect(applications.groups).toHaveLength(9);
    expect(applications.groups[0]!.children.map((child) => child.label)).toEqual(["traction", "obc"]);
    expect(applications.promos).toHaveLength(3);
  });

  it("leaves out collections whose display is off", () => {
    expect(byKey.support!.groups).toEqual([]);
    expect(byKey.about!.groups.map((group) => group.link)).toEqual(["/about/us"]);
  });
});

describe("category links (SPEC §2: first descendant category that holds products)", () => {
  it("skips categories without products and never links a product page for a category", async () => {
    const { productLink, resolveCategoryLink } = await import("../../client/components/header/menu-model.ts");
    const { buildTree } = await import("../../shared/catalog/tree.ts");
    // Family 5 → empty series 51, series 52 → sub-series 521 with products.
    const roots = buildTree([node(5, null, 1), node(51, 5, 2), node(52, 5, 2), node(521, 52, 3), node(5211, 521, 4, "on", "P5211")]);
    expect(productLink(roots[0]!)).toBe("/productAndService/products/521");
    expect(resolveCategoryLink("/productAndService/products/5", roots)).toBe("/productAndService/products/521");
    expect(resolveCategoryLink("/productAndService/products/5211", roots)).toBe("/productAndService/productDetail/P5211");
    expect(resolveCategoryLink("/about/us", roots)).toBe("/about/us");
  });
});
