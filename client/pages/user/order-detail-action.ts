// The order detail's route action (browser and server alike, so it works without JavaScript): the
// customer cancels their pending order, with an optional reason, and comes back to the order; or orders
// its parts again.
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import { cancelSampleOrder, orderNumberPattern } from "../../../shared/contract/index.ts";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { orderAgain } from "./order-again-action.ts";

export interface OrderDetailActionData {
  error: { code: string; message: string };
}

export async function orderDetailAction(route: ActionFunctionArgs) {
  const { request, params } = route;
  const { api } = await requireUser(route);
  const form = await request.formData();
  if (form.get("intent") === "reorder") return orderAgain(route, form);
  const orderNumber = params.name ?? "";
  if (form.get("intent") !== "cancel" || !orderNumberPattern.test(orderNumber)) throw data(null, { status: 404 });
  const reason = form.get("reason");
  const text = typeof reason === "string" ? reason.slice(0, fieldLimits.note) : "";
  try {
    await whileSignedIn(route, () => api.call(cancelSampleOrder, { SampleOrderNo: orderNumber, ...(text.trim() ? { reason: text } : {}) }));
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.code === "E40022006") throw data(null, { status: 404 });
    return data<OrderDetailActionData>({ error: { code: error.code, message: error.message } }, { status: error.status || 502 });
  }
  // Back to the order (a GET: reloading the page does not post again); it now shows as cancelled.
  return redirect(new URL(request.url).pathname);
}
