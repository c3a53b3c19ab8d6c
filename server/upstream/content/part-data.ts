// The per-part datasheet data beside the catalogue (catalog/characteristics.json, ordering.json,
// packages.json): read, checked against the catalogue at start and kept with each product in both
// languages. Files of their own, keyed by part number (and package name), so products.json keeps its shape.
import { z } from "zod";
import { packingKinds } from "../../../shared/contract/part-data.ts";
import type { ProductFile } from "./schema.ts";

const L = z.strictObject({ zh: z.string().min(1), en: z.string().min(1) });
const partNumber = z.string().regex(/^[A-Z0-9-]+$/);

const characteristicFile = z
  .strictObject({
    group: z.enum(["ratings", "characteristics"]),
    fieldId: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/).optional(),
    symbol: z.string().min(1),
    name: L,
    /** Language-neutral symbols as a plain string; an `L` where the conditions have words ("t_p = 10 ms half sine"). */
    conditions: z.union([z.string().min(1), L]).nullable(),
    min: z.number().optional(),
    typ: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().min(1),
  })
  .refine((row) => row.min !== undefined || row.typ !== undefined || row.max !== undefined, "a row states min, typ or max")
  .refine((row) => (row.min ?? -Infinity) <= (row.typ ?? row.max ?? Infinity) && (row.typ ?? -Infinity) <= (row.max ?? Infinity), "min ≤ typ ≤ max");

export const characteristicsFile = z.record(partNumber, z.array(characteristicFile).min(1));

export const orderingFile = z.record(
  partNumber,
  z.strictObject({
    codes: z
      .array(
        z.strictObject({
          code: z.string().regex(/^[A-Z0-9-]{1,64}$/),
          packing: z.enum(packingKinds),
          quantity: z.number().int().positive(),
          minimumOrder: z.number().int().positive(),
        }),
      )
      .min(1),
    msl: z.enum(["1", "2", "2a", "3", "4", "5", "5a", "6"]).nullable(),
    rohs: z.boolean(),
    reach: z.boolean(),
  }),
);

/** Keyed by the package name as the products' `params.package` writes it. */
export const packagesFile = z.record(
  z.string().min(1),
  z.strictObject({
    dimensions: z.array(z.strictObject({ symbol: z.string().min(1), name: L, value: z.number().positive() })),
    weight: z.number().positive().optional(),
  }),
);

export interface PartDataFiles {
  characteristics: z.output<typeof characteristicsFile>;
  ordering: z.output<typeof orderingFile>;
  packages: z.output<typeof packagesFile>;
}

/** What a product row keeps, both languages (localised when answered). */
export interface StoredPartData {
  characteristics: Array<z.output<typeof characteristicFile>>;
  ordering: z.output<typeof orderingFile>[string] | null;
  outline: (z.output<typeof packagesFile>[string] & { name: string }) | null;
}

/**
 * Product id → its datasheet data; throws (naming the file and part) when an entry names an unknown part or a
 * column its product does not have. A part without entries (a generated benchmark catalogue) gets none.
 */
export function partDataByProduct(files: PartDataFiles, products: ProductFile[]): Map<number, StoredPartData> {
  const known = new Set(products.map((product) => product.partNumber));
  for (const [file, entries] of [["characteristics", files.characteristics], ["ordering", files.ordering]] as const) {
    for (const part of Object.keys(entries)) {
      if (!known.has(part)) throw new Error(`Content file catalog/${file}.json: unknown part ${part}`);
    }
  }
  const result = new Map<number, StoredPartData>();
  for (const product of products) {
    const rows = files.characteristics[product.partNumber] ?? [];
    for (const row of rows) {
      if (row.fieldId && !(row.fieldId in product.params)) {
        throw new Error(`Content file catalog/characteristics.json: ${product.partNumber}: no parameter ${row.fieldId}`);
      }
    }
    const packageName = product.params.package;
    const outline = typeof packageName === "string" && files.packages[packageName] ? { name: packageName, ...files.packages[packageName] } : null;
    result.set(product.id, { characteristics: rows, ordering: files.ordering[product.partNumber] ?? null, outline });
  }
  return result;
}
