// Data of /productAndService/products/:id? — without an id the catalog overview, with a category id the
// category and its finder (rows and distinct values in two parallel calls), with a product id a 301 to
// the product's detail page, and a 404 for anything unknown or off.
import { data, redirect, type LoaderFunctionArgs } from "react-router-dom";
import {
  queryDistinctProductFieldData,
  querySiteList,
  querySiteListDataByPage,
  siteListTypes,
  type DistinctField,
  type ProductFilterData,
  type ProductPage,
} from "../../../shared/contract/index.ts";
import type { SiteListNode } from "../../../shared/contract/site.ts";
import { routeLanguage, localizePath, type Language } from "../../../shared/languages.ts";
import { buildTree, type TreeNode } from "../../../shared/catalog/tree.ts";
import { paramNameText, withoutUnit } from "../../../shared/text/param-name.ts";
import { finderFields, needsCanonicalRedirect, parseFinderQuery, writeFinderQuery, type FinderQuery } from "../../../shared/query/finder.ts";
import { finderListBody } from "../../../shared/catalog/finder-list-body.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { estimateSortOf, withoutEstimateSort } from "../../../shared/estimator/estimate-sort.ts";
import { loadEstimateColumns } from "../../features/estimator/finder-estimate-columns.ts";
import type { RowEstimate } from "../../features/estimator/finder-row-estimates.ts";
import { loadOperatingPoint, loadOperatingPointRedirect } from "../../features/estimator/load-operating-point.ts";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { keyField } from "./catalog-paths.ts";
import { productDetailPath } from "../../../shared/paths.ts";

export interface KeyRange {
  /** Plain-text parameter name, e.g. "VDS". */
  label: string;
  /** The same name with its markup (`<…>` subscripts, `/` levels), for display. */
  name: string;
  unit: string | null;
  min: number;
  max: number;
}

export interface OverviewSeries {
  id: number;
  name: string;
  summary: string;
  count: number;
  range: KeyRange | null;
}

export interface OverviewFamily {
  id: number;
  name: string;
  summary: string;
  image: string | null;
  count: number;
  range: KeyRange | null;
  series: OverviewSeries[];
}

export interface OverviewData {
  kind: "overview";
  families: OverviewFamily[];
}

export interface CategoryData {
  kind: "category";
  page: ProductPage;
  /** The column filters, the category's product count, and the facts of its child categories (never of its parts). */
  filters: ProductFilterData;
  /** The category's products in all, unfiltered. */
  total: number;
  query: FinderQuery;
  /** The estimator's operating point (`op`), validated; null without one. */
  operatingPoint?: ParsedOperatingPoint | null;
  /** The rows' estimates at a valid operating point (product id → estimate); null without one. */
  estimates?: Record<number, RowEstimate> | null;
  /** The URL's query as the finder reads it (shared/query/finder.ts): what links to this page in another
   * language or after sign-in carry, so parameters the finder ignores are never echoed (usePageSearch). */
  canonicalSearch: string;
}

export type ProductsData = OverviewData | CategoryData;

const notFound = () => data(null, { status: 404 });

function keyRange(filters: ProductFilterData, bounds?: { min: number; max: number } | null): KeyRange | null {
  const field = keyField(filters);
  const min = bounds ? bounds.min : field?.min;
  const max = bounds ? bounds.max : field?.max;
  if (!field || min === null || min === undefined || max === null || max === undefined) return null;
  const name = withoutUnit(field.paramName, field.unit);
  return { label: paramNameText(name), name, unit: field.unit, min, max };
}

async function overview(api: PageClient): Promise<OverviewData> {
  // Categories only (partsPerCategory 0): the overview shows families and series, never parts.
  const families = buildTree(await api.call(querySiteList, { type: siteListTypes.products, partsPerCategory: 0 }));
  // One distinct-values call per family (five), in parallel: counts and bounds of every series at once.
  const filters = await Promise.all(families.map((family) => api.call(queryDistinctProductFieldData, { siteListId: family.id })));
  return {
    kind: "overview",
    families: families.map((family, index) => {
      const familyFilters = filters[index]!;
      const series = family.children.filter((child) => child.partNumber === null);
      const childData = new Map(familyFilters.children.map((child) => [child.id, child]));
      const field = keyField(familyFilters);
      return {
        id: family.id,
        name: family.name,
        summary: family.summary ?? "",
        image: family.image,
        count: familyFilters.count,
        range: keyRange(familyFilters),
        series: series.map((child: TreeNode<SiteListNode>) => {
          const facts = childData.get(child.id);
          return {
            id: child.id,
            name: child.name,
            summary: child.summary ?? "",
            count: facts?.count ?? 0,
            range: field && facts?.ranges[field.fieldId] ? keyRange(familyFilters, facts.ranges[field.fieldId]) : null,
          };
        }),
      };
    }),
  };
}

/** A numeric column with more distinct values than this is filtered by its range alone: a list of hundreds
 * of ticks (a real catalog's on-resistances) helps nobody and would make the page grow with the catalog. */
export const MAX_LISTED_VALUES = 20;

/** The values a column's filter lists: all of them, or for a long numeric column only those ticked. */
function listedValues(field: DistinctField, query: FinderQuery): DistinctField {
  const numeric = field.sortable && field.min !== null && field.max !== null;
  if (!numeric || field.values.length <= MAX_LISTED_VALUES) return field;
  const ticked = new Set(query.values[field.fieldId] ?? []);
  return { ...field, values: field.values.filter((value) => ticked.has(String(value.value))) };
}

/**
 * The finder state as the upstream's body, for the page the URL names. Without an operating point the rows
 * estimate nothing: only the typical part's loss data come, for the panel's suggestion (typical-part.ts).
 */
const pageBody = (siteListId: number, query: FinderQuery, estimates: boolean) =>
  finderListBody(siteListId, query, { pageIndex: query.page, pageSize: query.size }, estimates ? "rows" : "typical");

const isStatus = (error: unknown, status: number) => error instanceof ApiCallError && error.status === status;

async function category(api: PageClient, language: Language, url: URL, id: number, estimates: boolean): Promise<Omit<CategoryData, "canonicalSearch">> {
  let query = parseFinderQuery(url.searchParams);
  // A URL that filters or sorts by parameters is read against the family's columns before the list is asked
  // for: a key the family does not have (a campaign's utm_source, a typo, an old link) would otherwise cost
  // every such request a refused list call and a second one. The columns' answer is nearly always cached;
  // a plain URL asks for both at once, as before.
  const byParameters = Object.keys(query.values).length > 0 || Object.keys(query.ranges).length > 0 || query.sort !== null;
  const filterCall = api.call(queryDistinctProductFieldData, { siteListId: id });
  if (byParameters) {
    const columns = await filterCall.catch(() => null);
    if (columns) query = parseFinderQuery(url.searchParams, finderFields(columns.fields));
  }
  const [pageResult, filterResult] = await Promise.allSettled([api.call(querySiteListDataByPage, pageBody(id, query, estimates)), filterCall]);
  if (filterResult.status === "rejected") throw isStatus(filterResult.reason, 404) ? notFound() : filterResult.reason;
  const filters = filterResult.value;
  const fieldSpec = finderFields(filters.fields);
  const fieldOrder = filters.fields.map((field) => field.fieldId);
  // The no-JS filter form's spelling (min/max pairs, empty fields) is answered with the one canonical URL,
  // written in the column order the page's own links use.
  if (needsCanonicalRedirect(url.searchParams)) throw redirect(`${url.pathname}${writeFinderQuery(parseFinderQuery(url.searchParams, fieldSpec), fieldOrder)}`, 302);
  let page: ProductPage;
  if (pageResult.status === "fulfilled") {
    page = pageResult.value;
  } else if (isStatus(pageResult.reason, 400)) {
    // A parameter this family does not have (or a range on a text column): read the URL again against
    // the family's columns, which drops what does not fit, as the URL rules want.
    query = parseFinderQuery(url.searchParams, fieldSpec);
    page = await api.call(querySiteListDataByPage, pageBody(id, query, estimates));
  } else {
    throw isStatus(pageResult.reason, 404) ? notFound() : pageResult.reason;
  }
  if (page.node.partNumber) throw redirect(localizePath(productDetailPath(page.node.partNumber), language), 301);
  const pages = Math.max(1, Math.ceil(page.total / query.size));
  if (query.page > pages) {
    // A page past the end (fewer products now, or a typed URL): the last page that exists.
    throw redirect(`${url.pathname}${writeFinderQuery({ ...query, page: pages }, fieldOrder)}`, 302);
  }
  const total = filters.count || page.total;
  return { kind: "category", page, filters: { ...filters, fields: filters.fields.map((field) => listedValues(field, query)) }, total, query };
}

export async function productsLoader({ request, params, context, pattern }: LoaderFunctionArgs): Promise<ProductsData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const api = pageClient(context, language);
  if (params.id === undefined) return overview(api);
  if (!/^[1-9]\d{0,8}$/.test(params.id)) throw notFound();
  // The estimator panel's GET form comes back as one short op= parameter.
  const opTarget = await loadOperatingPointRedirect(url);
  if (opTarget) throw redirect(opTarget, 302);
  // A ranking by estimate (sort=estLoss/estTj with a valid op) is done over the whole filtered result
  // (client/features/estimator/finder-estimates.ts); the upstream sorts by parameter columns only.
  const operatingPoint = await loadOperatingPoint(url);
  const ranking = estimateSortOf(url, operatingPoint);
  const result = { ...(await category(api, language, withoutEstimateSort(url), Number(params.id), operatingPoint?.ok === true)), operatingPoint };
  // The estimator's loader work (ranking, the rows' estimates) and the columns load only with a valid point.
  const estimator = operatingPoint?.ok ? await import("../../features/estimator/finder-estimates.ts") : null;
  // One call (the finder's first load is at its ceiling): the ranking, the rows' estimates and the part with= names.
  const { data, estimates } = estimator
    ? await estimator.finderEstimates(api, finderListBody(Number(params.id), { ...result.query, sort: null }, null), result, ranking, operatingPoint)
    : { data: result, estimates: null };
  if (estimates) await loadEstimateColumns();
  return {
    ...data,
    estimates,
    canonicalSearch: writeFinderQuery(
      data.query,
      data.filters.fields.map((field) => field.fieldId),
    ),
  };
}
