// The part a page's `with=` names for the stage's other device (docs/decisions/041-stage-totals.md,
// docs/decisions/043-line-frequency-and-slow-leg.md), fetched as the product page's own part is: loaded on demand by
// the product page's, the finder's and compare's loaders only when the URL names one, so no first load carries it.
import { querySiteListDataByPage } from "../../../shared/contract/index.ts";
import type { StageCompanion } from "../../../shared/estimator/stage.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";

/**
 * The named part's loss data, or why there is none: no such part (or a switched-off one), or a part without loss
 * data; null when `text` names none (an empty field, as the no-JS form sends it). Any text of 1 to 64 characters is
 * asked for as the contract allows it (querySiteListDataByPage's partNumber): what is no part number is no part.
 */
export async function fetchCompanion(api: PageClient, text: string | null): Promise<StageCompanion | null> {
  const partNumber = (text ?? "").trim().slice(0, 64);
  if (partNumber === "") return null;
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
