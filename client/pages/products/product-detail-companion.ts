// The part a product page's `with=` names for the stage's other device (docs/decisions/041-stage-totals.md), fetched
// as the page's own part is: loaded by product-detail-loader.ts only when the URL names one.
import { querySiteListDataByPage } from "../../../shared/contract/index.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";

/** Its loss data, or why there is none: no such part (or a switched-off one), or a part without loss data. */
export async function fetchCompanion(api: PageClient, partNumber: string): Promise<StageCompanion> {
  try {
    const page = await api.call(querySiteListDataByPage, { partNumber });
    const product = page.product;
    if (!product) return { partNumber, error: "unknown" };
    return product.loss ? { partNumber: product.partNumber, loss: product.loss } : { partNumber: product.partNumber, error: "noData" };
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) return { partNumber, error: "unknown" };
    throw error;
  }
}
