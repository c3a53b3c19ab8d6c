// The sample list's route action (browser and server alike, so the page works without JavaScript):
// change a quantity, remove an item, or submit the list with the applicant form.
import { data, redirect, type ActionFunctionArgs } from "react-router-dom";
import {
  modifySampleProduct,
  removeSampleProduct,
  sampleLimits,
  submitSampleOrder,
  type ApplicantInput,
} from "../../../shared/contract/index.ts";
import { writeSampleProgressQuery } from "../../../shared/sample-progress-query.ts";
import { localizePath } from "../../../shared/languages.ts";
import { fieldLimits } from "../../../shared/validation.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";

export const applicantFields = ["name", "phone", "email", "companyName", "position"] as const;
export type ApplicantField = (typeof applicantFields)[number] | "sampleUse";

export interface SampleListActionData {
  intent: "quantity" | "remove" | "submit";
  error?: { code: string; message: string; field: ApplicantField | "list" | null };
  /** What the visitor typed, to fill the form again after a post without JavaScript. */
  values?: ApplicantInput & { sampleUse: string };
}

/** Which applicant field an upstream error is about (SPEC §5 messages sit next to their field). */
const fieldOfCode: Record<string, ApplicantField> = {
  E40022009: "name",
  E40021001: "phone",
  E40021002: "email",
  E40022011: "companyName",
  E40022012: "position",
  E40022010: "sampleUse",
};

const text = (form: FormData, name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
const positiveInt = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export async function sampleListAction({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const fail = (body: SampleListActionData, error: unknown) => {
    if (!(error instanceof ApiCallError) || error.status === 401) throw error;
    const field = body.intent === "submit" ? (fieldOfCode[error.code] ?? null) : "list";
    return data<SampleListActionData>({ ...body, error: { code: error.code, message: error.message, field } }, { status: error.status || 502 });
  };

  if (intent === "quantity" || intent === "remove") {
    const ID = positiveInt(form.get("ID"));
    const quantity = positiveInt(form.get("quantity"));
    if (ID === null || (intent === "quantity" && (quantity === null || quantity > sampleLimits.maxQuantity))) {
      return data<SampleListActionData>({ intent, error: { code: "E40000002", message: "", field: "list" } }, { status: 400 });
    }
    try {
      await whileSignedIn(request, () =>
        intent === "quantity" ? api.call(modifySampleProduct, { ID, quantity: quantity! }) : api.call(removeSampleProduct, undefined, { ID }),
      );
      return data<SampleListActionData>({ intent });
    } catch (error) {
      return fail({ intent }, error);
    }
  }

  const values = {
    name: text(form, "name", fieldLimits.name),
    phone: text(form, "phone", fieldLimits.phoneInput),
    email: text(form, "email", fieldLimits.email),
    companyName: text(form, "companyName", fieldLimits.companyName),
    position: text(form, "position", fieldLimits.position),
    sampleUse: text(form, "sampleUse", fieldLimits.sampleUse),
  };
  const { sampleUse, ...applicant } = values;
  try {
    const order = await whileSignedIn(request, () => api.call(submitSampleOrder, { applicant, sampleUse }));
    return redirect(`${localizePath("/user/sampleProgress", language)}${writeSampleProgressQuery({ submitted: order.orderNumber })}`);
  } catch (error) {
    return fail({ intent: "submit", values }, error);
  }
}
