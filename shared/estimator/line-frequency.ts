// A PFC stage's line frequency (docs/decisions/043-line-frequency-and-slow-leg.md): the period its junction's ripple
// and a load cycle's steps repeat over. One place for its default and bounds, read by the operating point's
// validation (validate.ts, with zod), the ripple and the load cycle (ripple.ts, mission.ts, without it).

/**
 * The public grids' 50 and 60 Hz with room for their tolerances and a generator set's drift (Hz); not an aircraft's
 * 360–800 Hz, whose few switching periods per line period the switching-period averages of pfc.ts would not fit.
 * Without one a point's line is at 50 Hz rather than 60 Hz: the longer period lets the junction swing further (the
 * conservative choice), and points written before the line had a field keep meaning what they meant.
 */
export const LINE_FREQUENCY = { default: 50, min: 45, max: 65 } as const;
