// The operating point of a page's URL, validated for its loader. The validator (and zod with it) is loaded
// on demand: on the server at once, in the browser only on a client-side navigation — never with the first page,
// whose loader data already carries the validated point (docs/decisions/006-no-zod-on-first-load.md).
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { OP_FORM_MARKER } from "../../../shared/estimator/format-number.ts";

export async function loadOperatingPoint(url: URL): Promise<ParsedOperatingPoint | null> {
  const op = url.searchParams.get("op");
  if (!op) return null;
  const { parseOperatingPoint } = await import("../../../shared/estimator/validate.ts");
  return parseOperatingPoint(op);
}

/** Where the operating-point panel's GET form goes (its fields joined into `op`), or null when the URL is not
 * that form; the grammar is loaded only for such a URL. */
export async function loadOperatingPointRedirect(url: URL): Promise<string | null> {
  if (!url.searchParams.has(OP_FORM_MARKER)) return null;
  const { operatingPointRedirect } = await import("../../../shared/estimator/operating-point.ts");
  return operatingPointRedirect(url);
}
