// Data of /productAndService/productDetail/:name — the product by part number (with its documents and
// its family's parameter table) and the related products the upstream chose from its whole family. An unknown or
// switched-off part is the 404 page; a part number spelled in another case goes to the canonical URL.
import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import type { ProductDetail, ProductListItem, ProductPage } from "../../../shared/contract/index.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { withOwnDocuments } from "../../../shared/catalog/document-products.ts";
import { notFound, productPageOf } from "./product-page-call.ts";
import { pageClient } from "../../api/loader-context.ts";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import { loadOperatingPoint, loadOperatingPointRedirect } from "../../features/estimator/load-operating-point.ts";
import { productDetailPath } from "../../../shared/paths.ts";
import { datasheetView } from "../../../shared/datasheet-path.ts";
import type { DatasheetPageData } from "./datasheet.tsx";

export interface ProductDetailData {
  product: ProductDetail;
  paramTable: ProductPage["paramTable"];
  breadcrumb: ProductPage["breadcrumb"];
  related: ProductListItem[];
  /** The estimator's operating point (`op`), validated; null without one. */
  operatingPoint: ParsedOperatingPoint | null;
  /**
   * The part named for the stage's other device (`with=`, docs/decisions/041-stage-totals.md): its loss data, or why
   * there is none (not a part number, no such part, no loss data); null without one.
   */
  companion: StageCompanion | null;
}

/** The HTML datasheet's chunk (its page and its loader): one import for both, so the first load lists its files once. */
export const loadDatasheet = () => import("./datasheet.tsx");

const partNumberPattern = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

export async function productDetailLoader(args: LoaderFunctionArgs): Promise<ProductDetailData | DatasheetPageData> {
  const { request, params, context, pattern } = args;
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const name = params.name ?? "";
  if (!partNumberPattern.test(name)) throw notFound();
  // The part's HTML datasheet; its loader comes with its page's chunk, not in the product page's first load.
  if (params.view !== undefined) {
    if (params.view !== datasheetView) throw notFound();
    return (await loadDatasheet()).datasheetLoader(args, name);
  }
  // The estimator panel's GET form comes back as one short op= parameter.
  const opTarget = await loadOperatingPointRedirect(url);
  if (opTarget) throw redirect(opTarget, 302);
  const api = pageClient(context, language);
  const { page, product } = await productPageOf(api, name);
  if (product.partNumber !== name) throw redirect(`${localizePath(productDetailPath(product.partNumber), language)}${url.search}`, 301);
  return {
    product: withOwnDocuments(product),
    paramTable: page.paramTable,
    breadcrumb: page.breadcrumb,
    related: page.related,
    operatingPoint: await loadOperatingPoint(url),
    companion: await companionOf(api, url.searchParams.get("with")),
  };
}

/**
 * The part `with=` names (an empty field, as the no-JS form sends it, names none). Its fetch is a module of its own,
 * loaded only when the URL names one, so the page's first JavaScript does not carry it.
 */
async function companionOf(api: ReturnType<typeof pageClient>, text: string | null): Promise<StageCompanion | null> {
  return text?.trim() ? (await import("../../features/estimator/companion.ts")).fetchCompanion(api, text) : null;
}
