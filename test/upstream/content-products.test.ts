// Contract tests of the product calls: listing any node, paging bounds, numeric sort, filters, ranges,
// keyword, detail by part number, hidden (off) nodes and distinct filter values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  queryAttachPage,
  queryDistinctProductFieldData,
  querySiteList,
  querySiteListDataByPage,
  type DocumentMeta,
  type ParamColumn,
  type ProductListItem,
  type SiteListNode,
} from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
let nodes: SiteListNode[];
let visible: Set<number>;

/** Visible products (level 3) under a node: on-status with every ancestor on. */
function visibleProductsUnder(id: number): SiteListNode[] {
  const under = (node: SiteListNode): boolean => node.id === id || (node.parentId !== null && under(nodes.find((n) => n.id === node.parentId)!));
  return nodes.filter((node) => node.partNumber !== null && visible.has(node.id) && under(node));
}

/** A family with visible products and a sortable column. */
function familyWithProducts() {
  const family = nodes.find((node) => node.level === 1 && visible.has(node.id) && visibleProductsUnder(node.id).length >= 3);
  expect(family).toBeDefined();
  return family!;
}

beforeAll(async () => {
  upstream = await startTestUpstream();
  nodes = (await callOk(upstream, querySiteList, "en", { type: 1 })).data;
  visible = new Set<number>();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  for (const node of nodes) {
    let current: SiteListNode | undefined = node;
    let on = true;
    while (current) {
      if (current.status !== "on") on = false;
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    if (on) visible.add(node.id);
  }
});
afterAll(() => upstream.cleanup());

describe("querySiteListDataByPage", () => {
  it("lists every visible product under a family with the family's parameter table", async () => {
    const family = familyWithProducts();
    const expected = visibleProductsUnder(family.id);
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 100 });
    expect(data.total).toBe(expected.length);
    expect(data.list.map((item: ProductListItem) => item.id).sort()).toEqual(expected.map((node) => node.id).sort());
    expect(data.node).toMatchObject({ id: family.id, level: 1, name: family.name });
    expect(data.breadcrumb).toEqual([{ id: family.id, level: 1, name: family.name, partNumber: null }]);
    expect(data.paramTable.length).toBeGreaterThan(0);
    expect(data.product).toBeNull();
    const fields = new Set(data.paramTable.map((column: ParamColumn) => column.fieldId));
    for (const item of data.list as ProductListItem[]) for (const key of Object.keys(item.params)) expect(fields.has(key)).toBe(true);
  });

  it("lists a series and answers in Chinese", async () => {
    const series = nodes.find((node) => node.level === 2 && visible.has(node.id) && visibleProductsUnder(node.id).length > 0)!;
    const { data } = await callOk(upstream, querySiteListDataByPage, "zh", { siteListId: series.id });
    expect(data.total).toBe(visibleProductsUnder(series.id).length);
    expect(data.breadcrumb).toHaveLength(2);
    expect(data.node.name).toMatch(/\p{Script=Han}|[A-Z0-9]/u);
  });

  it("pages within bounds", async () => {
    const family = familyWithProducts();
    const first = (await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 2, pageIndex: 1 })).data;
    const second = (await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 2, pageIndex: 2 })).data;
    expect(first.list).toHaveLength(2);
    expect(first.total).toBe(second.total);
    expect(second.list[0].id).not.toBe(first.list[0].id);
    const beyond = (await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageIndex: 999 })).data;
    expect(beyond.list).toEqual([]);
    await callFails(upstream, querySiteListDataByPage, 400, "E40000002", body("en", { siteListId: family.id, pageSize: 101 }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40000002", body("en", { siteListId: family.id, pageIndex: 0 }));
  });

  it("sorts numerically in both directions, products without the value last", async () => {
    const family = familyWithProducts();
    const { data: page } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id });
    const column = (page.paramTable as ParamColumn[]).find((candidate) => candidate.sortable);
    expect(column).toBeDefined();
    for (const order of ["asc", "desc"] as const) {
      const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 100, sort: { fieldId: column!.fieldId, order } });
      const values = (data.list as ProductListItem[]).map((item) => item.params[column!.fieldId]);
      const numbers = values.filter((value): value is number => typeof value === "number");
      expect(numbers.length).toBeGreaterThan(1);
      expect(numbers).toEqual([...numbers].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(values.slice(0, numbers.length).every((value) => typeof value === "number")).toBe(true);
    }
  });

  it("sorts text columns and the part number as text, and names each row's datasheet", async () => {
    const family = familyWithProducts();
    const { data: page } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id });
    const text = (page.paramTable as ParamColumn[]).find((candidate) => !candidate.sortable);
    expect(text).toBeDefined();
    const compare = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), "en");
    for (const fieldId of [text!.fieldId, "partNumber"]) {
      const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 100, sort: { fieldId, order: "desc" } });
      const values = (data.list as ProductListItem[]).map((item) => String(fieldId === "partNumber" ? item.partNumber : (item.params[fieldId] ?? "")));
      expect(values.filter(Boolean)).toEqual([...values.filter(Boolean)].sort((a, b) => compare(b, a)));
    }
    const withSheet = (page.list as ProductListItem[]).filter((item) => item.datasheet);
    expect(withSheet.length).toBeGreaterThan(0);
    for (const item of withSheet) {
      expect(item.datasheet!.type).toBe("datasheet");
      // A row's datasheet names its own product alone, whatever else it covers.
      expect(item.datasheet!.products).toEqual([{ id: item.id, partNumber: item.partNumber }]);
    }
  });

  it("filters by values and numeric ranges, as the distinct values count them", async () => {
    const family = familyWithProducts();
    const { data: distinct } = await callOk(upstream, queryDistinctProductFieldData, "en", { siteListId: family.id });
    const field = distinct.fields.find((candidate: { values: unknown[] }) => candidate.values.length > 1);
    expect(field).toBeDefined();
    const value = field.values[0];
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 100, filters: { [field.fieldId]: [value.value] } });
    expect(data.total).toBe(value.count);
    for (const item of data.list as ProductListItem[]) expect(String(item.params[field.fieldId])).toBe(String(value.value));

    const numeric = distinct.fields.find(
      (candidate: { sortable: boolean; min: number | null; max: number | null }) => candidate.sortable && candidate.min !== candidate.max,
    );
    if (numeric) {
      const { data: ranged } = await callOk(upstream, querySiteListDataByPage, "en", {
        siteListId: family.id,
        pageSize: 100,
        ranges: { [numeric.fieldId]: { min: numeric.max } },
      });
      expect(ranged.total).toBeGreaterThan(0);
      for (const item of ranged.list as ProductListItem[]) expect(item.params[numeric.fieldId]).toBe(numeric.max);
    }
  });

  it("finds by keyword (part of a part number)", async () => {
    const family = familyWithProducts();
    const product = visibleProductsUnder(family.id)[0]!;
    const keyword = product.partNumber!.slice(0, 6).toLowerCase();
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, keyword, pageSize: 100 });
    expect(data.list.some((item: ProductListItem) => item.id === product.id)).toBe(true);
    for (const item of data.list as ProductListItem[]) {
      expect(`${item.partNumber} ${item.name} ${item.summary}`.toLowerCase()).toContain(keyword);
    }
  });

  it("answers the full product for a part number, case-insensitively", async () => {
    const product = visibleProductsUnder(familyWithProducts().id)[0]!;
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, querySiteListDataByPage, language, { partNumber: product.partNumber!.toLowerCase() });
      expect(data.total).toBe(1);
      expect(data.product).toMatchObject({ id: product.id, partNumber: product.partNumber });
      expect(data.product.description.length).toBeGreaterThan(0);
      expect(data.breadcrumb.map((item: { level: number }) => item.level)).toEqual([1, 2, 3]);
      expect(data.node).toMatchObject({ id: product.id, level: 3 });
      for (const document of data.product.documents) expect(document.downloadPath).toMatch(/^\/front\/attach\/download\//);
    }
  });

  it("names, beside a product's own documents, that product alone (not every part they cover)", async () => {
    // A document that covers several products: the product's answer still carries only the product.
    const { data: documents } = await callOk(upstream, queryAttachPage, "en", { pageSize: 100 });
    const shared = (documents.list as DocumentMeta[]).find((document) => document.products.length > 1);
    expect(shared).toBeDefined();
    const product = shared!.products[0]!;
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { partNumber: product.partNumber });
    const own = (data.product.documents as DocumentMeta[]).find((document) => document.id === shared!.id);
    expect(own).toMatchObject({ id: shared!.id, title: shared!.title, downloadPath: shared!.downloadPath });
    for (const document of data.product.documents as DocumentMeta[]) expect(document.products).toEqual([product]);
    for (const item of [...(data.list as ProductListItem[]), ...(data.related as ProductListItem[])]) {
      if (item.datasheet) expect(item.datasheet.products).toEqual([{ id: item.id, partNumber: item.partNumber }]);
    }
  });

  it("hides off products and categories (404)", async () => {
    const offProduct = nodes.find((node) => node.partNumber !== null && !visible.has(node.id));
    expect(offProduct, "the content has a few products with status off").toBeDefined();
    await callFails(upstream, querySiteListDataByPage, 404, "E40030001", body("en", { partNumber: offProduct!.partNumber }));
    await callFails(upstream, querySiteListDataByPage, 404, "E40030001", body("en", { partNumber: "NO-SUCH-PART" }));
    await callFails(upstream, querySiteListDataByPage, 404, "E40030002", body("en", { siteListId: 987654 }));
    const family = familyWithProducts();
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: family.id, pageSize: 100 });
    expect(data.list.some((item: ProductListItem) => item.id === offProduct!.id)).toBe(false);
  });

  it("refuses bad input with the envelope", async () => {
    const family = familyWithProducts();
    await callFails(upstream, querySiteListDataByPage, 400, "E40030003", body("en", {}));
    await callFails(upstream, querySiteListDataByPage, 400, "E40000003", body("en", { siteListId: family.id, color: "red" }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40000002", body("en", { siteListId: "x" }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40030004", body("en", { siteListId: family.id, filters: { noSuchField: ["1"] } }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40030004", body("en", { siteListId: family.id, sort: { fieldId: "noSuchField", order: "asc" } }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40000002", body("en", { siteListId: family.id, sort: { fieldId: "vds", order: "up" } }));
    await callFails(upstream, querySiteListDataByPage, 400, "E40000002", body("fr" as never, { siteListId: family.id }));
  });
});

describe("queryDistinctProductFieldData", () => {
  it("answers every column with sorted values and counts, and its children's counts", async () => {
    const family = familyWithProducts();
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, queryDistinctProductFieldData, language, { siteListId: family.id });
      expect(data.siteListId).toBe(family.id);
      expect(data.fields.length).toBeGreaterThan(0);
      const page = (await callOk(upstream, querySiteListDataByPage, language, { siteListId: family.id, pageSize: 1 })).data;
      expect(data.fields.map((field: { fieldId: string }) => field.fieldId)).toEqual(page.paramTable.map((column: ParamColumn) => column.fieldId));
      expect(data.count).toBe(page.total);
      expect(data.count).toBe(visibleProductsUnder(family.id).length);
      for (const field of data.fields) {
        const numbers = field.values.map((value: { value: unknown }) => value.value).filter((value: unknown) => typeof value === "number");
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        const total = field.values.reduce((sum: number, value: { count: number }) => sum + value.count, 0);
        expect(total).toBeLessThanOrEqual(visibleProductsUnder(family.id).length);
      }
    }
  });

  it("answers the node's product count and the facts of its child categories, never of its parts", async () => {
    type ChildFacts = { id: number; count: number; ranges: Record<string, { min: number; max: number }> };
    const family = familyWithProducts();
    const series = nodes.filter((node) => node.parentId === family.id && node.partNumber === null && visible.has(node.id));
    const withParts = series.find((node) => nodes.some((child) => child.parentId === node.id && child.partNumber !== null && visible.has(child.id)));
    expect(withParts).toBeDefined();
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, queryDistinctProductFieldData, language, { siteListId: family.id });
      // Categories only: a part under the family is counted in its series, never answered as a child of its own.
      expect((data.children as ChildFacts[]).map((child) => child.id).sort()).toEqual(series.map((node) => node.id).sort());
      for (const child of data.children as ChildFacts[]) {
        expect(child.count).toBe(visibleProductsUnder(child.id).length);
        const { data: own } = await callOk(upstream, queryDistinctProductFieldData, language, { siteListId: child.id });
        expect(own.count).toBe(child.count);
        // A child's bounds are those of its own filter values.
        for (const [fieldId, range] of Object.entries(child.ranges)) {
          const field = own.fields.find((candidate: { fieldId: string }) => candidate.fieldId === fieldId);
          expect({ min: field.min, max: field.max }).toEqual(range);
        }
      }
      // A series of parts: its parts are its count, and it has no child categories to describe.
      const { data: ofSeries } = await callOk(upstream, queryDistinctProductFieldData, language, { siteListId: withParts!.id });
      expect(ofSeries.count).toBe(visibleProductsUnder(withParts!.id).length);
      expect(ofSeries.count).toBeGreaterThan(0);
      expect(ofSeries.children).toEqual([]);
    }
  });

  it("refuses unknown nodes and bad input", async () => {
    await callFails(upstream, queryDistinctProductFieldData, 404, "E40030002", body("en", { siteListId: 987654 }));
    await callFails(upstream, queryDistinctProductFieldData, 400, "E40000002", body("en", {}));
    await callFails(upstream, queryDistinctProductFieldData, 400, "E40000003", body("en", { siteListId: 1, extra: true }));
  });
});
