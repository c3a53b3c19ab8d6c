// The product tree arrives as a flat list (SPEC §3) and is arranged here, once, for menus and pages.
export interface FlatNode {
  id: number;
  parentId: number | null;
  status: "on" | "off";
  sort: number;
}

export type TreeNode<T extends FlatNode> = T & { children: TreeNode<T>[] };

// The layout's product list is one shared object on the server (client/layouts/layout-data.ts), and the
// header, the footer and the catalog pages each build its tree: built once per list. Callers only read it.
const trees = new WeakMap<readonly FlatNode[], TreeNode<FlatNode>[]>();

/** Builds the tree of the nodes with status on; a node under an off parent is hidden with it. The result
 * is shared between calls with the same list: read it, never change it. */
export function buildTree<T extends FlatNode>(nodes: readonly T[]): TreeNode<T>[] {
  let tree = trees.get(nodes) as TreeNode<T>[] | undefined;
  if (!tree) {
    tree = build(nodes);
    trees.set(nodes, tree as TreeNode<FlatNode>[]);
  }
  return tree;
}

function build<T extends FlatNode>(nodes: readonly T[]): TreeNode<T>[] {
  const byId = new Map<number, TreeNode<T>>();
  for (const node of nodes) if (node.status === "on") byId.set(node.id, { ...node, children: [] });
  const roots: TreeNode<T>[] = [];
  for (const node of byId.values()) {
    if (node.parentId === null) roots.push(node);
    else byId.get(node.parentId)?.children.push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const child of list) sort(child.children);
  };
  sort(roots);
  return roots;
}

/** SPEC §2: a product category links to the id of its first descendant (the deepest first child). */
export function firstDescendant<T extends FlatNode>(node: TreeNode<T>): TreeNode<T> {
  let current = node;
  while (current.children[0]) current = current.children[0];
  return current;
}

/** The chain from a root to the node with the given id (empty when absent). */
export function pathTo<T extends FlatNode>(roots: readonly TreeNode<T>[], id: number): TreeNode<T>[] {
  for (const root of roots) {
    if (root.id === id) return [root];
    const below = pathTo(root.children, id);
    if (below.length) return [root, ...below];
  }
  return [];
}

/**
 * SPEC §2's "first descendant", read so that a category link always opens a finder: a product category links to
 * its first descendant category that holds products (depth first, in menu order), never to a single product.
 * Null when nothing below holds a visible product.
 */
export function firstCategoryWithProducts<T extends FlatNode & { partNumber: string | null }>(node: TreeNode<T>): TreeNode<T> | null {
  if (node.partNumber !== null) return null;
  if (node.children.some((child) => child.partNumber !== null)) return node;
  for (const child of node.children) {
    const found = firstCategoryWithProducts(child);
    if (found) return found;
  }
  return null;
}

/** Finds a node anywhere in the tree. */
export function findNode<T extends FlatNode>(roots: readonly TreeNode<T>[], id: number): TreeNode<T> | null {
  return pathTo(roots, id).at(-1) ?? null;
}
