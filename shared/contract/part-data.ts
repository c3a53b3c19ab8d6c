// What a product page adds to the catalogue row for an engineer who orders: the datasheet's ratings and
// characteristics with their test conditions, the orderable part numbers with packing, the compliance facts
// and the package's key dimensions (content: catalog/characteristics.json, ordering.json, packages.json).
import { z } from "zod";

/**
 * One line of the datasheet's tables. `symbol` and `conditions` are written in the underscore notation that
 * the prose renderer subscripts ("R_DS(on)", "V_GS = 18 V, I_D = 20 A, T_j = 25 °C"); `fieldId` links the line to
 * the family's parameter-table column it states, so the key-parameter table shows the same conditions.
 */
export const characteristicRow = z.object({
  group: z.enum(["ratings", "characteristics"]),
  fieldId: z.string().nullable(),
  symbol: z.string().min(1),
  name: z.string().min(1),
  conditions: z.string().nullable(),
  min: z.number().nullable(),
  typ: z.number().nullable(),
  max: z.number().nullable(),
  unit: z.string().min(1),
});
export type CharacteristicRow = z.infer<typeof characteristicRow>;

export const packingKinds = ["tube", "tapeAndReel", "tray"] as const;

const orderingCode = z.object({
  code: z.string().regex(/^[A-Z0-9-]{1,64}$/),
  packing: z.enum(packingKinds),
  /** Pieces per packing unit (one tube, reel or tray box). */
  quantity: z.number().int().positive(),
  minimumOrder: z.number().int().positive(),
});

export const orderingInfo = z.object({
  codes: z.array(orderingCode).min(1),
  /** Moisture-sensitivity level (J-STD-020) of a surface-mount package; null for through-hole parts and modules. */
  msl: z.string().nullable(),
  rohs: z.boolean(),
  reach: z.boolean(),
});

/** The package's key dimensions, nominal values of our outline drawing (mm), and its weight where stated (g). */
export const packageOutline = z.object({
  name: z.string(),
  dimensions: z.array(z.object({ symbol: z.string().min(1), name: z.string().min(1), value: z.number().positive() })),
  weight: z.number().positive().nullable(),
});
