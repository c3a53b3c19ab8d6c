// "Add to sample list" posted by a product page without JavaScript (client/features/samples/add-to-sample.tsx):
// a signed-in visitor's part is added and they return to that page with the outcome in its query; an
// anonymous visitor goes to the login page, which brings them back to the page after signing in. A part not
// recommended for new designs goes to the sample list's confirm step, whose form posts here again confirmed.
import { redirect } from "react-router-dom";
import { addSampleProduct, isLogin, querySiteListDataByPage } from "../../../shared/contract/index.ts";
import { loginHref, safeReturnPath, signInTarget } from "../../../shared/http/return-path.ts";
import { nrndConfirmPath, withPendingAdd, withSampleAddResult, type SampleAddOutcome } from "../../../shared/samples/sample-add-result.ts";
import { localizePath, routeLanguage } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import type { RouteArgs } from "./user-guard.ts";

/** The code that means "already in the list" (SPEC §5 "The product has been selected"). */
const alreadySelected = "E40022001";
/** A part not recommended for new designs posted without the confirm step's `confirmNrnd`. */
const nrndUnconfirmed = "E40022021";

export async function addFromProductPage(route: RouteArgs, form: FormData): Promise<Response> {
  const language = routeLanguage(route.pattern);
  const path = form.get("path");
  const back = signInTarget(language, path);
  const siteListId = Number(form.get("siteListId"));
  // The login brings the visitor back with the part to add in the query (the page's button takes it up).
  const toLogin = () => redirect(loginHref(language, Number.isSafeInteger(siteListId) && siteListId > 0 ? withPendingAdd(back, siteListId) : back));
  const api = pageClient(route.context, language);
  if (!(await api.call(isLogin))) return toLogin();
  // Not a product id: nothing to add, nothing to report beside a button.
  if (!Number.isSafeInteger(siteListId) || siteListId <= 0) return redirect(back);
  // The sample list's confirm step posts this; a product page's button never does.
  const confirmNrnd = form.get("confirmNrnd") === "true";
  let outcome: SampleAddOutcome = "success";
  try {
    await api.call(addSampleProduct, confirmNrnd ? { siteListId, confirmNrnd } : { siteListId });
  } catch (error) {
    if (!(error instanceof ApiCallError)) throw error;
    if (error.status === 401) return toLogin();
    if (error.code === nrndUnconfirmed) {
      // The confirm step names the part: the button posted only its id.
      const { node } = await api.call(querySiteListDataByPage, { siteListId, pageSize: 1 });
      if (node.partNumber) return redirect(localizePath(nrndConfirmPath(node.partNumber, safeReturnPath(path)), language));
    }
    outcome = error.code === alreadySelected ? "selected" : "failed";
  }
  return redirect(withSampleAddResult(back, siteListId, outcome));
}
