// URL state of the compare page: `?parts=A,B,C,D`, nothing else of ours. Parsing is lenient
// (spaces, repeats, case, empty items), writing is canonical; the estimator's `op` is kept as it is.

export const COMPARE_MAX = 4;
/** What a part number looks like (letters, digits, dashes); anything else cannot be a product. */
const partPattern = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

/** The parts named by the URL, in order, without duplicates (case-insensitive), at most COMPARE_MAX. */
export function parseCompareParts(search: URLSearchParams): string[] {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const raw of search.getAll("parts").flatMap((value) => value.split(","))) {
    const part = raw.trim().toUpperCase();
    if (!partPattern.test(part) || seen.has(part)) continue;
    seen.add(part);
    parts.push(part);
    if (parts.length === COMPARE_MAX) break;
  }
  return parts;
}

/**
 * The canonical query of a set of parts ("" when none), keeping `op` (the estimator's operating point) and `dev`
 * (a device of the visitor's own, shared/estimator/custom-device.ts).
 */
export function writeCompareQuery(parts: readonly string[], op?: string | null, dev?: string | null): string {
  const params: string[] = [];
  if (parts.length) params.push(`parts=${parts.slice(0, COMPARE_MAX).map(encodeURIComponent).join(",")}`);
  if (op) params.push(`op=${encodeURIComponent(op)}`);
  // Commas, colons and slashes are legal in a query; unescaped they keep the device readable.
  if (dev) params.push(`dev=${encodeURIComponent(dev).replace(/%2C/gi, ",").replace(/%3A/gi, ":").replace(/%2F/gi, "/")}`);
  return params.length ? `?${params.join("&")}` : "";
}
