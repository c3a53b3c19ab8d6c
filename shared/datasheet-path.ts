// The site path of a part's HTML datasheet, in a module of its own (as model-validation-path.ts): the product detail
// links it on its first load, the sitemap lists it, and neither should carry the page's contract or chart code.
import { supportPath } from "./paths.ts";

/** A part's datasheet as a web page (docs/decisions/054-html-datasheet.md). */
export function datasheetPagePath(part: string): string {
  return `${supportPath}/datasheets/${encodeURIComponent(part)}`;
}
