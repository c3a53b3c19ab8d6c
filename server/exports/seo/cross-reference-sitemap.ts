// The cross-reference pages in the sitemap: the search page itself and the page of every competitor part of the
// table (indexable, each with its own canonical URL). Decoded, unknown and BOM answers are not pages of their own.
import { queryCrossReference } from "../../../shared/contract/index.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import type { PageClient } from "../../../client/api/page-client.ts";
import type { SitemapEntry } from "./sitemap-entry.ts";
import { crossReferencePath } from "../../../shared/paths.ts";

export async function crossReferenceSitemapEntries(api: PageClient): Promise<SitemapEntry[]> {
  const { known } = await api.call(queryCrossReference, {});
  return [{ path: crossReferencePath }, ...known.map((part) => ({ path: `${crossReferencePath}${writeCrossReferenceQuery({ part: part.partNumber })}` }))];
}
