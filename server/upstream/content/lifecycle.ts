// The parts' lifecycle (catalog/lifecycle.json) checked against the catalogue and turned into what the
// answers carry; a part the file leaves out (a generated benchmark part) is active with no date.
// docs/decisions/026-lifecycle-and-change-notices.md.
import { unknownLifecycle, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import type { Database } from "../db.ts";
import type { LifecycleFile, ProductFile } from "./schema.ts";

/** Product id → its lifecycle; throws, naming the entry, on an unknown part, a duplicate or a replacement that cannot replace. */
export function lifecycleByProduct(entries: LifecycleFile[], products: ProductFile[]): Map<number, ProductLifecycle> {
  const byPart = new Map(products.map((product) => [product.partNumber, product]));
  const entryOf = new Map<string, LifecycleFile>();
  const fail = (message: string): never => {
    throw new Error(`Content file catalog/lifecycle.json: ${message}`);
  };
  for (const entry of entries) {
    if (!byPart.has(entry.partNumber)) fail(`${entry.partNumber} is not a part of catalog/products.json`);
    if (entryOf.has(entry.partNumber)) fail(`${entry.partNumber} is listed twice`);
    entryOf.set(entry.partNumber, entry);
  }
  const result = new Map<number, ProductLifecycle>();
  for (const product of products) {
    const entry = entryOf.get(product.partNumber);
    if (!entry) {
      result.set(product.id, unknownLifecycle);
      continue;
    }
    if (entry.replacement !== undefined) {
      // A replacement a visitor can open, order and design in: shown, and neither obsolete nor on its way out.
      const replacement = byPart.get(entry.replacement);
      const state = entryOf.get(entry.replacement)?.state ?? "active";
      if (replacement?.status !== "on") fail(`${entry.partNumber}: replacement ${entry.replacement} is not a shown part`);
      if (state === "obsolete" || state === "ltb") fail(`${entry.partNumber}: replacement ${entry.replacement} is ${state} itself`);
    }
    result.set(product.id, {
      state: entry.state,
      since: entry.since,
      history: entry.history ?? [],
      expectedRelease: entry.expectedRelease ?? null,
      lastOrder: entry.lastOrder ?? null,
      lastDelivery: entry.lastDelivery ?? null,
      replacement: entry.replacement ?? null,
    });
  }
  return result;
}

/** One row per product with its state (migration 050), which the finder's lifecycle filter reads through its index. */
export function storeLifecycle(db: Database, lifecycles: Map<number, ProductLifecycle>): void {
  db.exec("DELETE FROM product_lifecycle");
  const insert = db.prepare("INSERT INTO product_lifecycle (product_id, state) VALUES (?, ?)");
  for (const [productId, lifecycle] of lifecycles) insert.run(productId, lifecycle.state);
}
