import { describe, expect, it } from "vitest";
import { buildTree, firstDescendant, pathTo } from "../../shared/catalog/tree.ts";

const flat = [
  { id: 1, parentId: null, status: "on" as const, sort: 2 },
  { id: 2, parentId: null, status: "on" as const, sort: 1 },
  { id: 11, parentId: 1, status: "on" as const, sort: 1 },
  { id: 111, parentId: 11, status: "on" as const, sort: 2 },
  { id: 112, parentId: 11, status: "on" as const, sort: 1 },
  { id: 12, parentId: 1, status: "off" as const, sort: 0 },
  { id: 121, parentId: 12, status: "on" as const, sort: 1 },
];

describe("buildTree", () => {
  it("arranges by parent and sort, hiding off nodes with their children", () => {
    const tree = buildTree(flat);
    expect(tree.map((node) => node.id)).toEqual([2, 1]);
    expect(tree[1]!.children.map((node) => node.id)).toEqual([11]);
    expect(tree[1]!.children[0]!.children.map((node) => node.id)).toEqual([112, 111]);
  });
  it("links a category to its first descendant and finds paths", () => {
    const tree = buildTree(flat);
    expect(firstDescendant(tree[1]!).id).toBe(112);
    expect(pathTo(tree, 111).map((node) => node.id)).toEqual([1, 11, 111]);
    expect(pathTo(tree, 121)).toEqual([]);
  });
});
