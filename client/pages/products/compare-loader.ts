// Data of /productAndService/compare?parts=A,B,C,D — each named product by part number (in parallel),
// the ones that do not exist (or are switched off) listed apart. The URL is the whole state: any other
// spelling (repeated `parts` from the add form, %2C, lower case, more than 4) is redirected to the one
// canonical form, so every state has one address.
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import { querySiteListDataByPage, type ProductDetail, type ProductPage } from "../../../shared/contract/index.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { parseCompareParts, writeCompareQuery } from "../../../shared/query/compare.ts";
import { withOwnDocuments } from "../../../shared/catalog/document-products.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { loadOperatingPoint, loadOperatingPointRedirect } from "../../features/estimator/load-operating-point.ts";
import type { ParsedDevice } from "../../../shared/estimator/validate-device.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";

interface ComparedProduct {
  product: ProductDetail;
  paramTable: ProductPage["paramTable"];
  /** Family and series names, top first. */
  categories: string[];
}

export interface CompareData {
  parts: string[];
  products: ComparedProduct[];
  missing: string[];
  op: string | null;
  /** The estimator's operating point, validated; null without one. */
  operatingPoint: ParsedOperatingPoint | null;
  /** `dev`: a device of the visitor's own, as in the URL, and validated; null without one. */
  dev: string | null;
  device: ParsedDevice | null;
  /**
   * `with`: the part named for the stage's other device, as in the URL, and its loss data or why there is none
   * (docs/decisions/043-line-frequency-and-slow-leg.md); null without one.
   */
  with: string | null;
  companion: StageCompanion | null;
}

/**
 * The compare query with `with=` after writeCompareQuery's (kept out of that function, which the finder's and the
 * product page's first loads carry, at their ceilings).
 */
export function compareSearch(parts: readonly string[], op: string | null, dev: string | null, companion: string | null): string {
  const search = writeCompareQuery(parts, op, dev);
  return companion ? `${search}${search ? "&" : "?"}with=${encodeURIComponent(companion)}` : search;
}

function isCanonical(search: URLSearchParams, parts: string[]): boolean {
  const keys = [...search.keys()];
  if (keys.some((key) => key !== "parts" && key !== "op" && key !== "dev" && key !== "with")) return false;
  const values = search.getAll("parts");
  if (values.length > 1 || ["op", "dev", "with"].some((key) => search.getAll(key).length > 1)) return false;
  // An empty with= (the no-JS form's empty field) names nothing: dropped.
  if (search.has("with") && !search.get("with")?.trim()) return false;
  return parts.length ? values[0] === parts.join(",") : values.length === 0;
}

export async function compareLoader({ request, context, pattern }: LoaderFunctionArgs): Promise<CompareData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  // The estimator panel's GET form comes back as one short op= parameter.
  const opTarget = await loadOperatingPointRedirect(url);
  if (opTarget) throw redirect(opTarget, 302);
  const parts = parseCompareParts(url.searchParams);
  const op = url.searchParams.get("op") || null;
  // The device form (a GET form, no JavaScript needed) comes back as one dev= parameter. Its module comes only
  // with a device (every one of its parameters starts with "dev"), so compare's first load does not carry it.
  const custom = [...url.searchParams.keys()].some((key) => key.startsWith("dev")) ? await import("../../../shared/estimator/custom-device.ts") : null;
  const dev = custom?.formToCustomDevice(url.searchParams) ?? (url.searchParams.get("dev") || null);
  const companionText = url.searchParams.get("with")?.trim() || null;
  if (!isCanonical(url.searchParams, parts)) throw redirect(`${url.pathname}${compareSearch(parts, op, dev, companionText)}`, 302);
  const api = pageClient(context, language);
  const results = await Promise.all(
    parts.map(async (part) => {
      try {
        const page = await api.call(querySiteListDataByPage, { partNumber: part });
        return page.product
          ? {
              part,
              found: {
                product: withOwnDocuments(page.product),
                paramTable: page.paramTable,
                categories: page.breadcrumb.filter((item) => item.partNumber === null).map((item) => item.name),
              },
            }
          : { part, found: null };
      } catch (error) {
        if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) return { part, found: null };
        throw error;
      }
    }),
  );
  return {
    parts,
    products: results.flatMap((result) => (result.found ? [result.found] : [])),
    missing: results.filter((result) => !result.found).map((result) => result.part),
    op,
    operatingPoint: await loadOperatingPoint(url),
    dev,
    // Validated with the contract's schema (zod), imported only when a device is given.
    device: dev ? (await import("../../../shared/estimator/validate-device.ts")).parseCustomDevice(dev) : null,
    with: companionText,
    // Fetched as the product page's is, its module loaded only when the URL names one.
    companion: companionText ? await (await import("../../features/estimator/companion.ts")).fetchCompanion(api, companionText) : null,
  };
}
