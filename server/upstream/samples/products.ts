// What the sample list needs to know about a product of the tree: whether it can be sampled now
// (a product, itself and every ancestor on) and its part number, name, family and series in both languages.
import { errorMessage, sampleRefusedStates, unknownLifecycle, type ProductLifecycle } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { createTreeReader, type TreeRow } from "../catalog/product-tree.ts";

export interface SampleProduct {
  id: number;
  partNumber: string;
  name: { zh: string; en: string };
  family: { id: number | null; zh: string; en: string };
  series: { id: number | null; zh: string; en: string };
  lifecycle: ProductLifecycle;
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
      lifecycle: (JSON.parse(product.data) as { lifecycle?: ProductLifecycle }).lifecycle ?? unknownLifecycle,
    };
  };
}

export type SampleProductLookup = ReturnType<typeof createSampleProducts>;

/** True when the part's lifecycle takes no new sample requests (last-time buy, obsolete). */
export function samplesRefused(product: SampleProduct): boolean {
  return sampleRefusedStates.includes(product.lifecycle.state);
}

/** The refusal of a sample of a last-time-buy or obsolete part, naming the replacement to ask for instead. */
export function sampleRefusal(product: SampleProduct, language: Language): ApiError {
  const { state, replacement, lastOrder } = product.lifecycle;
  const code = state === "ltb" ? "E40022020" : "E40022019";
  const values = { part: product.partNumber, replacement: replacement ?? "—", lastOrder: lastOrder ?? "—" };
  return new ApiError(code, { message: errorMessage(code, language, values) });
}

/** A part not recommended for new designs is sampled only on the request's explicit confirmation. */
export function needsNrndConfirmation(product: SampleProduct, confirmed: boolean): boolean {
  return product.lifecycle.state === "nrnd" && !confirmed;
}

/** The refusal of an unconfirmed sample of a part not recommended for new designs, naming its replacement. */
export function nrndRefusal(product: SampleProduct, language: Language): ApiError {
  const values = { part: product.partNumber, replacement: product.lifecycle.replacement ?? "—" };
  return new ApiError("E40022021", { message: errorMessage("E40022021", language, values) });
}
