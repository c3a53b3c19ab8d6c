// Reading the server-rendered catalog pages in route tests: the finder's rows and cells, plain text, and
// the product data the upstream holds (to compare the rendered table with).
import { callPath, defaultFinderLifecycle, querySiteListDataByPage, type ProductPage } from "../../shared/contract/index.ts";
import type { Language } from "../../shared/languages.ts";
import type { TestUpstream } from "../upstream/helpers.ts";

export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

export interface RenderedRow {
  part: string;
  cells: string[];
}

/** The finder table's body rows: the part number (row header) and the text of every data cell. */
export function finderRows(html: string): RenderedRow[] {
  const body = /<table class="finder-table">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) => {
    const part = /<th[^>]*scope="row"[\s\S]*?<a [^>]*>([^<]+)<\/a>/.exec(row[1]!)?.[1] ?? "";
    const cells = [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!).trim());
    return { part, cells };
  });
}

/** Every product of a node as the finder lists it (one call, up to 100 rows: obsolete parts left out unless `fields` names the lifecycle states), with optional filters. */
export async function upstreamProducts(upstream: TestUpstream, language: Language, fields: Record<string, unknown>): Promise<ProductPage> {
  const response = await upstream.post(callPath(querySiteListDataByPage, "qingyun"), {
    language,
    sitePageDataType: 1,
    websiteCode: "qingyun",
    pageSize: 100,
    lifecycle: defaultFinderLifecycle,
    ...fields,
  });
  if (response.status !== 200) throw new Error(`upstream answered ${response.status}: ${JSON.stringify(response.json)}`);
  return (response.json as { data: ProductPage }).data;
}
