// The sample list's route action (browser and server alike, so the page works without JavaScript):
// change a quantity, remove an item, or submit the list with the applicant form.
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import { errorMessage, modifySampleProduct, removeSampleProduct, sampleLimits, submitSampleOrder } from "../../../shared/contract/index.ts";
import { applicantFieldOfError, readApplicantForm, type ApplicantFormField, type ApplicantFormValues } from "../../../shared/forms/applicant-fields.ts";
import { writeSampleProgressQuery } from "../../../shared/query/sample-progress.ts";
import { localizePath } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { addFromProductPage } from "./sample-add-action.ts";
import { userPagePath } from "../../../shared/paths.ts";

export interface SampleListActionData {
  intent: "quantity" | "remove" | "submit";
  /** A failure of the whole form or of the list; a field's own refusal goes to `fieldErrors`. */
  error?: { code: string; message: string; field: "list" | null };
  /** Every applicant field that is wrong, with its localized message (SPEC §5). */
  fieldErrors?: Partial<Record<ApplicantFormField, string>>;
  /** What the visitor typed, to fill the form again after a post without JavaScript. */
  values?: ApplicantFormValues & { addressId?: string; evaluationOnly?: boolean };
  /** No shipping address chosen, or one no longer in the book. */
  addressError?: string;
  /** The evaluation-only rule not confirmed. */
  rulesError?: string;
}

/** "Please choose where to ship the samples": shown at the address choice, not as a general failure. */
const noAddress = "E40024012";
/** "Please confirm that the samples are for evaluation only": shown at the stated rules. */
const notConfirmed = "E40022018";

const positiveInt = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function sampleListAction(route: ActionFunctionArgs) {
  const { request } = route;
  const form = await request.formData();
  // "Add to sample list" from a product page without JavaScript: its own flow, back to that page.
  if (form.get("intent") === "add") return addFromProductPage(route, form);
  const { api, language } = await requireUser(route);
  const intent = form.get("intent");
  const fail = (body: SampleListActionData, error: unknown) => {
    if (!(error instanceof ApiCallError) || error.status === 401) throw error;
    const field = body.intent === "submit" ? applicantFieldOfError(error.code) : null;
    const status = error.status || 502;
    if (body.intent === "submit" && error.code === noAddress) return data<SampleListActionData>({ ...body, addressError: error.message }, { status });
    if (body.intent === "submit" && error.code === notConfirmed) return data<SampleListActionData>({ ...body, rulesError: error.message }, { status });
    if (field) return data<SampleListActionData>({ ...body, fieldErrors: { [field]: error.message } }, { status });
    return data<SampleListActionData>({ ...body, error: { code: error.code, message: error.message, field: body.intent === "submit" ? null : "list" } }, { status });
  };

  if (intent === "quantity" || intent === "remove") {
    const ID = positiveInt(form.get("ID"));
    const quantity = positiveInt(form.get("quantity"));
    if (ID === null || (intent === "quantity" && (quantity === null || quantity > sampleLimits.maxQuantity))) {
      return data<SampleListActionData>({ intent, error: { code: "E40000002", message: "", field: "list" } }, { status: 400 });
    }
    try {
      await whileSignedIn(route, () =>
        intent === "quantity" ? api.call(modifySampleProduct, { ID, quantity: quantity! }) : api.call(removeSampleProduct, undefined, { ID }),
      );
      return data<SampleListActionData>({ intent });
    } catch (error) {
      return fail({ intent }, error);
    }
  }

  // The browser checked the same schema before posting; this is the check for a post without JavaScript
  // (and anything else that posts here), with every wrong field at once.
  const applicantValues = readApplicantForm(form);
  const addressId = positiveInt(form.get("addressId"));
  const evaluationOnly = form.get("evaluationOnly") === "on";
  const values = { ...applicantValues, addressId: addressId === null ? "" : String(addressId), evaluationOnly };
  // Loaded here, not with the page: zod is no part of any page's first load.
  const { validateApplicantForm } = await import("../../../shared/forms/applicant-form.ts");
  const errors = validateApplicantForm(applicantValues);
  if (Object.keys(errors).length || addressId === null || !evaluationOnly) {
    const fieldErrors = Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, errorMessage(code, language)]));
    const addressError = addressId === null ? errorMessage(noAddress, language) : undefined;
    const rulesError = evaluationOnly ? undefined : errorMessage(notConfirmed, language);
    return data<SampleListActionData>(
      { intent: "submit", values, fieldErrors, ...(addressError ? { addressError } : {}), ...(rulesError ? { rulesError } : {}) },
      { status: 400 },
    );
  }
  const { sampleUse, ...applicant } = applicantValues;
  try {
    const order = await whileSignedIn(route, () => api.call(submitSampleOrder, { applicant, sampleUse, addressId, evaluationOnly }));
    return redirect(`${localizePath(userPagePath("sampleProgress"), language)}${writeSampleProgressQuery({ submitted: order.orderNumber })}`);
  } catch (error) {
    return fail({ intent: "submit", values }, error);
  }
}
