// A part's product page by the part number in its URL, as the product page and its datasheet view both ask for it:
// a part the upstream does not know, or refuses as malformed, and a listing without a product, are the 404 page.
import { data } from "react-router-dom";
import { querySiteListDataByPage, type ProductDetail, type ProductPage } from "../../../shared/contract/index.ts";
import { ApiCallError } from "../../api/page-client.ts";
import type { PageClient } from "../../api/page-client.ts";

/** The loader's 404: the route's error boundary renders the not-found page. */
export const notFound = () => data(null, { status: 404 });

export async function productPageOf(api: PageClient, partNumber: string): Promise<{ page: ProductPage; product: ProductDetail }> {
  let page: ProductPage;
  try {
    page = await api.call(querySiteListDataByPage, { partNumber });
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw notFound();
    throw error;
  }
  if (!page.product) throw notFound();
  return { page, product: page.product };
}
