// The small pieces of the operating point's URL grammar that pages need before (or without) the grammar itself:
// the finder's first load carries these, while operating-point.ts and its validator load on demand.

/** A number as the URL writes it: no exponent, no trailing zeros, at most 4 decimals. */
export function formatNumber(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** The operating-point panel's V_bus field: a query that has it is the panel's GET form, to be joined into `op`. */
export const OP_FORM_MARKER = "opV";
