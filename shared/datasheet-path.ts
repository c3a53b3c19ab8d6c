// The site path of a part's HTML datasheet, in a module of its own (as model-validation-path.ts): the product detail
// links it on its first load and the sitemap lists it; neither should carry the page's contract or chart code.
import { productDetailPath } from "./paths.ts";

/** The view of the product page's route that names it (productAndService/productDetail/:name/:view?). */
export const datasheetView = "datasheet";

/** A part's datasheet as a web page (docs/decisions/054-html-datasheet.md). */
export function datasheetPagePath(part: string): string {
  return `${productDetailPath(part)}/${datasheetView}`;
}
