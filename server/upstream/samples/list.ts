// A signed-in user's current sample list (the "wish list" of SPEC §1): add, change quantity, remove.
// Every write is one IMMEDIATE transaction, and UNIQUE (user, product) decides races between duplicates.
import { errorMessage, sampleLimits, type SampleListItem } from "../../../shared/contract/index.ts";
import { unknownLifecycle } from "../../../shared/contract/lifecycle.ts";
import type { Language } from "../../../shared/languages.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { needsNrndConfirmation, nrndRefusal, sampleRefusal, samplesRefused, type SampleProduct, type SampleProductLookup } from "./products.ts";

export interface StoredListItem {
  id: number;
  siteListId: number;
  partNumber: string;
  quantity: number;
}

/** A stored row as the contract shows it, with current names; a product switched off since shows as unavailable.
 * Shared by both stores (samples/store-postgres.ts). */
export function listItemView(item: StoredListItem, product: SampleProduct | null, language: Language): SampleListItem {
  return {
    ID: item.id,
    siteListId: item.siteListId,
    siteListName: product?.partNumber ?? item.partNumber,
    productName: product?.name[language] ?? item.partNumber,
    familyId: product?.family.id ?? null,
    familyName: product?.family[language] ?? "",
    seriesId: product?.series.id ?? null,
    seriesName: product?.series[language] ?? "",
    quantity: item.quantity,
    // A part gone to last-time buy or obsolete since it was added can no longer be ordered as a sample.
    available: product !== null && !samplesRefused(product),
    lifecycle: product?.lifecycle ?? unknownLifecycle,
  };
}

/** Why a product cannot be added to a list (in the order the checks are made), or nothing. */
export function addRefusal(product: SampleProduct | null, language: Language, confirmNrnd: boolean, alreadyListed: boolean, listed: number): ApiError | null {
  if (!product) return new ApiError("E40022002");
  if (samplesRefused(product)) return sampleRefusal(product, language);
  if (needsNrndConfirmation(product, confirmNrnd)) return nrndRefusal(product, language);
  if (alreadyListed) return new ApiError("E40022001");
  if (listed >= sampleLimits.maxItems) return new ApiError("E40022008");
  return null;
}

/** A quantity above the stated maximum is refused with the maximum named. */
export function checkQuantity(quantity: number, language: Language): void {
  if (quantity > sampleLimits.maxQuantity) {
    throw new ApiError("E40022017", { message: errorMessage("E40022017", language, { max: String(sampleLimits.maxQuantity) }) });
  }
}

export function createSampleList(db: Database, now: () => number, products: SampleProductLookup) {
  const items = db.prepare("SELECT id, site_list_id AS siteListId, part_number AS partNumber, quantity FROM sample_list_items WHERE user_id = ? ORDER BY created_at, id");
  const exists = db.prepare("SELECT 1 FROM sample_list_items WHERE user_id = ? AND site_list_id = ?");
  const count = db.prepare("SELECT COUNT(*) AS n FROM sample_list_items WHERE user_id = ?");
  const insert = db.prepare(
    "INSERT INTO sample_list_items (user_id, site_list_id, part_number, quantity, created_at) VALUES (?, ?, ?, 1, ?) ON CONFLICT (user_id, site_list_id) DO NOTHING",
  );
  const remove = db.prepare("DELETE FROM sample_list_items WHERE id = ? AND user_id = ?");
  const setQuantity = db.prepare("UPDATE sample_list_items SET quantity = ? WHERE id = ? AND user_id = ?");
  const clear = db.prepare("DELETE FROM sample_list_items WHERE user_id = ?");

  function stored(userId: number): StoredListItem[] {
    return items.all(userId) as unknown as StoredListItem[];
  }

  function view(userId: number, language: Language): SampleListItem[] {
    return stored(userId).map((item) => listItemView(item, products(item.siteListId), language));
  }

  return {
    view,
    stored,
    /** Adds a part; one not recommended for new designs only when `confirmNrnd` says the visitor confirmed it. */
    add(userId: number, siteListId: number, language: Language, confirmNrnd = false): void {
      transaction(db, () => {
        const product = products(siteListId);
        const refusal = addRefusal(product, language, confirmNrnd, exists.get(userId, siteListId) !== undefined, (count.get(userId) as { n: number }).n);
        if (refusal) throw refusal;
        const { changes } = insert.run(userId, siteListId, product!.partNumber, now());
        if (Number(changes) === 0) throw new ApiError("E40022001");
      });
    },
    remove(userId: number, id: number): void {
      if (Number(transaction(db, () => remove.run(id, userId)).changes) === 0) throw new ApiError("E40022003");
    },
    modify(userId: number, id: number, quantity: number, language: Language): void {
      checkQuantity(quantity, language);
      if (Number(transaction(db, () => setQuantity.run(quantity, id, userId)).changes) === 0) throw new ApiError("E40022003");
    },
    /** Order again: the parts and quantities of an order into the list, leaving out what cannot be added. */
    copy(userId: number, items: ReadonlyArray<{ siteListId: number; quantity: number }>): void {
      transaction(db, () => {
        for (const item of items) {
          const product = products(item.siteListId);
          if (!product || samplesRefused(product) || exists.get(userId, item.siteListId)) continue;
          if ((count.get(userId) as { n: number }).n >= sampleLimits.maxItems) break;
          const { lastInsertRowid } = insert.run(userId, item.siteListId, product.partNumber, now());
          setQuantity.run(Math.min(item.quantity, sampleLimits.maxQuantity), Number(lastInsertRowid), userId);
        }
      });
    },
    /** Empties the list (inside the submitting transaction). */
    clear(userId: number): void {
      clear.run(userId);
    },
  };
}

export type SampleList = ReturnType<typeof createSampleList>;
