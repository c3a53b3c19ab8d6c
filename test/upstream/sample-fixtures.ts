// Products to sample, read from the product tree the upstream serves (content may change; the rules not).
import { readFileSync } from "node:fs";
import { sampleRefusedStates, type LifecycleState } from "../../shared/contract/index.ts";
import type { AccountUpstream } from "./account-helpers.ts";

interface LifecycleEntry {
  partNumber: string;
  state: LifecycleState;
  since: string;
  replacement: string;
  lastOrder?: string;
}

function lifecycleEntries(): LifecycleEntry[] {
  return JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/lifecycle.json", import.meta.url), "utf8")) as LifecycleEntry[];
}

/** Part numbers whose lifecycle (catalog/lifecycle.json) refuses samples: last-time buy and obsolete. */
export function sampleRefusedParts(): Map<string, LifecycleEntry> {
  return new Map(
    lifecycleEntries()
      .filter((entry) => sampleRefusedStates.includes(entry.state))
      .map((entry) => [entry.partNumber, entry]),
  );
}

/** Part numbers not recommended for new designs: sampled only on an explicit confirmation. */
export function nrndParts(): Map<string, LifecycleEntry> {
  return new Map(
    lifecycleEntries()
      .filter((entry) => entry.state === "nrnd")
      .map((entry) => [entry.partNumber, entry]),
  );
}

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
  /** Products that can be sampled without a question: a product, itself and every ancestor on, preview or active. */
  visible: TreeNode[];
  /** Shown products not recommended for new designs: added only when the request confirms it. */
  nrnd: TreeNode[];
  /** Shown products whose lifecycle refuses samples (last-time buy, obsolete). */
  refused: TreeNode[];
  /** Products that cannot: off themselves or under an off series or family. */
  hidden: TreeNode[];
  /** A family or series id (not a product). */
  categoryId: number;
  byId: Map<number, TreeNode>;
}

/** `u`: a test upstream, or anything that calls one the same way (the several-hosts test calls through nginx). */
export async function loadSampleFixtures(u: Pick<AccountUpstream, "call">): Promise<SampleFixtures> {
  const tree = (await u.call("/open/proxy/qingyun/basic/siteList/querySiteList", { type: 1 })).json.data as TreeNode[];
  const byId = new Map(tree.map((node) => [node.id, node]));
  const visibleChain = (node: TreeNode | undefined): boolean => !!node && node.status === "on" && (node.parentId === null || visibleChain(byId.get(node.parentId)));
  const products = tree.filter((node) => node.partNumber);
  const refusedParts = sampleRefusedParts();
  const shown = products.filter((node) => visibleChain(node));
  const nrndNumbers = nrndParts();
  const visible = shown.filter((node) => !refusedParts.has(node.partNumber!) && !nrndNumbers.has(node.partNumber!));
  const nrnd = shown.filter((node) => nrndNumbers.has(node.partNumber!));
  const refused = shown.filter((node) => refusedParts.has(node.partNumber!));
  const hidden = products.filter((node) => !visibleChain(node));
  const categoryId = tree.find((node) => !node.partNumber && node.status === "on")!.id;
  if (visible.length < 25 || hidden.length < 1) throw new Error("the product tree needs at least 25 visible and 1 hidden product");
  return { visible, nrnd, refused, hidden, categoryId, byId };
}
