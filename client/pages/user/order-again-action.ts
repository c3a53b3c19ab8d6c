// The "order again" post of the progress and order pages: the order's parts into the sample list, then
// the list. A failure answers like the page's other actions (status and a message).
import { data, redirect } from "react-router-dom";
import { orderNumberPattern, reorderSampleOrder } from "../../../shared/contract/index.ts";
import { localizePath } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { requireUser, whileSignedIn, type RouteArgs } from "./user-guard.ts";
import { userPagePath } from "../../../shared/paths.ts";

export async function orderAgain(route: RouteArgs, form: FormData) {
  const { api, language } = await requireUser(route);
  const orderNumber = String(form.get("SampleOrderNo") ?? "");
  if (!orderNumberPattern.test(orderNumber)) throw data(null, { status: 404 });
  try {
    await whileSignedIn(route, () => api.call(reorderSampleOrder, { SampleOrderNo: orderNumber }));
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "E40022006") throw data(null, { status: 404 });
    return data({ error: { code: error.code, message: error.message } }, { status: error.status || 502 });
  }
  return redirect(localizePath(userPagePath("sampleList"), language));
}
