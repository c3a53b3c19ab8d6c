// A part's lifecycle as every answer carries it (detail, finder rows, compare, samples) and the rules that
// follow from it: which states the finder shows by default and which states refuse samples.
// docs/decisions/026-lifecycle-and-change-notices.md says why the states and dates are these.
import { z } from "zod";

/** In the order a part moves through them (JEDEC J-STD-048 names the discontinuation steps). */
export const lifecycleStates = ["preview", "active", "nrnd", "ltb", "obsolete"] as const;
export type LifecycleState = (typeof lifecycleStates)[number];

/** What the finder lists without a lifecycle filter in its URL: everything but obsolete parts. */
export const defaultFinderLifecycle: readonly LifecycleState[] = lifecycleStates.filter((state) => state !== "obsolete");

/** States a new design may take: the cross-reference lists parts in the others after these, saying why. */
export const newDesignStates: readonly LifecycleState[] = ["preview", "active"];

/** Parts in these states take no new sample requests: the replacement is offered instead. */
export const sampleRefusedStates: readonly LifecycleState[] = ["ltb", "obsolete"];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const productLifecycle = z.object({
  state: z.enum(lifecycleStates),
  /** The day the current state began (YYYY-MM-DD); null where the content does not say. */
  since: isoDate.nullable(),
  /** Earlier states with the day each began, oldest first (the current one not repeated). */
  history: z.array(z.object({ state: z.enum(lifecycleStates), since: isoDate })).default([]),
  /** Preview: the expected release to production. */
  expectedRelease: isoDate.nullable().default(null),
  /** Last-time buy: the last day orders are taken and the last day of delivery. */
  lastOrder: isoDate.nullable().default(null),
  lastDelivery: isoDate.nullable().default(null),
  /** NRND, last-time buy and obsolete: the part number recommended instead (a part of the catalogue). */
  replacement: z.string().nullable().default(null),
});
export type ProductLifecycle = z.infer<typeof productLifecycle>;

/** The lifecycle of a part the content says nothing about. */
export const unknownLifecycle: ProductLifecycle = {
  state: "active",
  since: null,
  history: [],
  expectedRelease: null,
  lastOrder: null,
  lastDelivery: null,
  replacement: null,
};
