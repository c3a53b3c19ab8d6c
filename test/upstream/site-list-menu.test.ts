// Contract tests of the menu-sized product tree (querySiteList with partsPerCategory): every category with
// its count of visible parts, and only the first visible parts under each category.
import { materialiseProductTree } from "../../server/upstream/catalog/product-tree.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { querySiteList, MAX_PARTS_PER_CATEGORY, type SiteListNode } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

const full = async () => (await callOk(upstream, querySiteList, "en", { type: 1 })).data as SiteListNode[];
const menu = async (partsPerCategory: number) => (await callOk(upstream, querySiteList, "en", { type: 1, partsPerCategory })).data as SiteListNode[];

/** The visible parts below a node of the full tree: on, with every ancestor on. */
function visiblePartsUnder(nodes: SiteListNode[], id: number): SiteListNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const shown = (node: SiteListNode | undefined): boolean => !node || (node.status === "on" && shown(node.parentId === null ? undefined : byId.get(node.parentId)));
  const below = (node: SiteListNode): boolean => node.parentId !== null && (node.parentId === id || below(byId.get(node.parentId)!));
  return nodes.filter((node) => node.partNumber !== null && below(node) && shown(node));
}

const order = (a: SiteListNode, b: SiteListNode) => a.sort - b.sort || a.id - b.id;

describe("querySiteList with partsPerCategory", () => {
  it("answers every category with its visible parts in all, and the first visible parts of each", async () => {
    const nodes = await full();
    const small = await menu(2);
    const categories = nodes.filter((node) => node.partNumber === null);
    expect(
      small
        .filter((node) => node.partNumber === null)
        .map((node) => node.id)
        .sort(),
    ).toEqual(categories.map((node) => node.id).sort());
    for (const category of categories) {
      const node = small.find((candidate) => candidate.id === category.id)!;
      expect(node.status).toBe(category.status);
      expect(node.partCount, category.name).toBe(visiblePartsUnder(nodes, category.id).length);
      const firstOn = nodes
        .filter((child) => child.parentId === category.id && child.partNumber !== null && child.status === "on")
        .sort(order)
        .slice(0, 2);
      const kept = small.filter((child) => child.parentId === category.id && child.partNumber !== null);
      expect(kept.map((child) => child.id)).toEqual(firstOn.map((child) => child.id));
    }
    expect(small.some((node) => node.partNumber !== null && node.partCount !== undefined)).toBe(false);
    // The whole tree, unasked, has no counts.
    expect(nodes.some((node) => node.partCount !== undefined)).toBe(false);
  });

  it("gives the categories alone for 0, and refuses a count out of bounds", async () => {
    const categories = await menu(0);
    expect(categories.length).toBeGreaterThan(5);
    expect(categories.every((node) => node.partNumber === null)).toBe(true);
    await callFails(upstream, querySiteList, 400, "E40000002", body("en", { type: 1, partsPerCategory: MAX_PARTS_PER_CATEGORY + 1 }));
    await callFails(upstream, querySiteList, 400, "E40000002", body("en", { type: 1, partsPerCategory: -1 }));
    await callFails(upstream, querySiteList, 400, "E40000002", body("en", { type: 1, partsPerCategory: "6" }));
  });

  it("counts no part below a switched-off series, in the series or in its family", async () => {
    const nodes = await full();
    const series = nodes.find((node) => node.level === 2 && node.status === "on" && visiblePartsUnder(nodes, node.id).length > 0)!;
    const family = series.parentId!;
    const before = (await menu(6)).find((node) => node.id === family)!.partCount!;
    // Status changes reach the calls through the content load, which materialises the tree again.
    upstream.db.prepare("UPDATE site_list SET status = 'off' WHERE id = ?").run(series.id);
    materialiseProductTree(upstream.db);
    try {
      const after = await menu(6);
      expect(after.find((node) => node.id === family)!.partCount).toBe(before - visiblePartsUnder(nodes, series.id).length);
      expect(after.find((node) => node.id === series.id)!.partCount).toBe(0);
    } finally {
      upstream.db.prepare("UPDATE site_list SET status = 'on' WHERE id = ?").run(series.id);
      materialiseProductTree(upstream.db);
    }
  });
});
