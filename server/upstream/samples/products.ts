// What the sample list needs to know about a product of the tree: whether it can be sampled now
// (a product, itself and every ancestor on) and its part number, name, family and series in both languages.
import type { Database } from "../db.ts";
import { createTreeReader, type TreeRow } from "../catalog/product-tree.ts";

export interface SampleProduct {
  id: number;
  partNumber: string;
  name: { zh: string; en: string };
  family: { id: number | null; zh: string; en: string };
  series: { id: number | null; zh: string; en: string };
}

const none = { id: null, zh: "", en: "" };

function names(row: TreeRow | undefined) {
  return row ? { id: row.id, zh: row.nameZh, en: row.nameEn } : none;
}

export function createSampleProducts(db: Database) {
  const tree = createTreeReader(db);
  /** The product when it can be sampled, else null (missing, not a product, or hidden). */
  return (id: number): SampleProduct | null => {
    const chain = tree.visibleChain(id);
    const product = chain?.at(-1);
    if (!chain || !product?.partNumber) return null;
    return {
      id: product.id,
      partNumber: product.partNumber,
      name: { zh: product.nameZh, en: product.nameEn },
      family: names(chain.find((row) => row.level === 1)),
      series: names(chain.find((row) => row.level === 2 && row.id !== product.id)),
    };
  };
}

export type SampleProductLookup = ReturnType<typeof createSampleProducts>;
