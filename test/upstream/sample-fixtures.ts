// Products to sample, read from the product tree the upstream serves (content may change; the rules not).
import type { AccountUpstream } from "./account-helpers.ts";

export const SAMPLE = "/proxy/qingyun/basic/sampleOrder";

interface TreeNode {
  id: number;
  parentId: number | null;
  status: "on" | "off";
  level: number;
  partNumber: string | null;
  name: string;
}

export interface SampleFixtures {
  /** Products that can be sampled: a product, itself and every ancestor on. */
  visible: TreeNode[];
  /** Products that cannot: off themselves or under an off series or family. */
  hidden: TreeNode[];
  /** A family or series id (not a product). */
  categoryId: number;
  byId: Map<number, TreeNode>;
}

export async function loadSampleFixtures(u: AccountUpstream): Promise<SampleFixtures> {
  const tree = (await u.call("/open/proxy/qingyun/basic/siteList/querySiteList", { type: 1 })).json.data as TreeNode[];
  const byId = new Map(tree.map((node) => [node.id, node]));
  const visibleChain = (node: TreeNode | undefined): boolean => !!node && node.status === "on" && (node.parentId === null || visibleChain(byId.get(node.parentId)));
  const products = tree.filter((node) => node.partNumber);
  const visible = products.filter((node) => visibleChain(node));
  const hidden = products.filter((node) => !visibleChain(node));
  const categoryId = tree.find((node) => !node.partNumber && node.status === "on")!.id;
  if (visible.length < 25 || hidden.length < 1) throw new Error("the product tree needs at least 25 visible and 1 hidden product");
  return { visible, hidden, categoryId, byId };
}
