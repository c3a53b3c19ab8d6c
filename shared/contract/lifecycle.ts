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

/** A part's state on a given day, as lifecycleOn answers it. */
export interface LifecycleOnDay {
  state: LifecycleState;
  since: string | null;
  /** Whether that state is still the part's state now (its dates and replacement below are then the content's). */
  current: boolean;
  expectedRelease: string | null;
  lastOrder: string | null;
  lastDelivery: string | null;
  replacement: string | null;
}

/**
 * The part's state on `date` (YYYY-MM-DD): the latest step that had begun by then. While that step is still the
 * current state it carries the current dates and replacement; an earlier step carries its day only, since the
 * content keeps no more of a past state (decision 026), so the answer about a past day never changes when a
 * new state is appended. Null when no recorded state had begun by then. A part without a recorded day
 * (unknownLifecycle) is in its state on any day.
 */
export function lifecycleOn(lifecycle: ProductLifecycle, date: string): LifecycleOnDay | null {
  if (lifecycle.since === null || lifecycle.since <= date) {
    const { state, since, expectedRelease, lastOrder, lastDelivery, replacement } = lifecycle;
    return { state, since, current: true, expectedRelease, lastOrder, lastDelivery, replacement };
  }
  const step = lifecycle.history.findLast((entry) => entry.since <= date);
  return step ? { state: step.state, since: step.since, current: false, expectedRelease: null, lastOrder: null, lastDelivery: null, replacement: null } : null;
}
