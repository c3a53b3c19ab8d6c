// The account page's route action (browser and server alike, so every control works without JavaScript):
// the address form's region lists (choosing a province lists its cities, a city its districts), saving an
// address, deleting one, and making one the default; the applicant details; deleting the account.
import { data, redirect, redirectDocument, type ActionFunctionArgs } from "react-router-dom";
import {
  deleteMyAccount,
  errorMessage,
  queryRegionList,
  removeApplicantProfile,
  saveApplicantProfile,
  queryShippingAddresses,
  removeShippingAddress,
  saveShippingAddress,
  type ShippingAddress,
} from "../../../shared/contract/index.ts";
import { localizePath } from "../../../shared/languages.ts";
import { readApplicantForm, type ApplicantFormField, type ApplicantFormValues } from "../../../shared/forms/applicant-fields.ts";
import { addressFieldOfError, readAddressForm, type AddressFormField, type AddressFormValues } from "../../../shared/forms/address-fields.ts";
import { ApiCallError, type PageClient } from "../../api/page-client.ts";
import { requireUser, whileSignedIn } from "./user-guard.ts";
import { userPagePath } from "../../../shared/paths.ts";

export interface RegionOption {
  code: string;
  name: string;
}

export interface AccountActionData {
  intent: string;
  /** The address form as posted, with the lists its choices need (a region refresh or a refused save). */
  address?: { values: AddressFormValues; ID: string; isDefault: boolean; cities: RegionOption[]; districts: RegionOption[] };
  fieldErrors?: Partial<Record<AddressFormField, string>>;
  /** The applicant details as posted and their wrong fields. */
  applicant?: Omit<ApplicantFormValues, "sampleUse">;
  applicantErrors?: Partial<Record<ApplicantFormField, string>>;
  error?: { code: string; message: string };
}

const positiveInt = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The cities of the province and the districts of the city; a city outside the province is cleared. */
export async function regionChoices(api: PageClient, values: AddressFormValues) {
  if (values.country !== "CN" || !/^\d{6}$/.test(values.provinceCode)) return { values: { ...values, cityCode: "", districtCode: "" }, cities: [], districts: [] };
  const cities = await api.call(queryRegionList, { parentCode: values.provinceCode });
  const city = cities.some((entry) => entry.code === values.cityCode) ? values.cityCode : "";
  const districts = city ? await api.call(queryRegionList, { parentCode: city }) : [];
  const district = districts.some((entry) => entry.code === values.districtCode) ? values.districtCode : "";
  return { values: { ...values, cityCode: city, districtCode: district }, cities, districts };
}

export async function accountAction(route: ActionFunctionArgs) {
  const { request } = route;
  const { api, language } = await requireUser(route);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = form.get("back") === "sampleList" ? localizePath(userPagePath("sampleList"), language) : localizePath(userPagePath("account"), language);
  const fail = (body: AccountActionData, error: unknown) => {
    if (!(error instanceof ApiCallError) || error.status === 401) throw error;
    return data<AccountActionData>({ ...body, error: { code: error.code, message: error.message } }, { status: error.status || 502 });
  };

  if (intent === "address-regions" || intent === "address-save") {
    const posted = readAddressForm(form);
    const ID = String(positiveInt(form.get("ID")) ?? "");
    const isDefault = form.get("isDefault") === "on";
    const choices = await whileSignedIn(route, () => regionChoices(api, posted));
    const address = { values: intent === "address-regions" ? choices.values : posted, ID, isDefault, cities: choices.cities, districts: choices.districts };
    if (intent === "address-regions") return data<AccountActionData>({ intent, address });
    // The schemas load here, not with the page: zod is no part of any page's first load.
    const { validateAddressForm } = await import("../../../shared/forms/shipping-address.ts");
    const errors = validateAddressForm(posted);
    if (Object.keys(errors).length) {
      const fieldErrors = Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, errorMessage(code, language)]));
      return data<AccountActionData>({ intent, address, fieldErrors }, { status: 400 });
    }
    try {
      await whileSignedIn(route, () => api.call(saveShippingAddress, { ...posted, isDefault, ...(ID ? { ID: Number(ID) } : {}) }));
    } catch (error) {
      const field = error instanceof ApiCallError ? addressFieldOfError(error.code) : null;
      if (field && error instanceof ApiCallError) return data<AccountActionData>({ intent, address, fieldErrors: { [field]: error.message } }, { status: error.status });
      return fail({ intent, address }, error);
    }
    return redirect(back);
  }

  if (intent === "applicant-save") {
    const values = readApplicantForm(form);
    // The sample form's rule for the person; sample use belongs to each order, so it is not asked here.
    const { validateApplicantForm } = await import("../../../shared/forms/applicant-form.ts");
    const errors = validateApplicantForm({ ...values, sampleUse: "evaluation" });
    const { sampleUse: _use, ...applicant } = values;
    if (Object.keys(errors).length) {
      const applicantErrors = Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, errorMessage(code, language)]));
      return data<AccountActionData>({ intent, applicant, applicantErrors }, { status: 400 });
    }
    try {
      await whileSignedIn(route, () => api.call(saveApplicantProfile, applicant));
    } catch (error) {
      return fail({ intent, applicant }, error);
    }
    return redirect(`${back}#applicant-title`);
  }
  if (intent === "applicant-remove") {
    try {
      await whileSignedIn(route, () => api.call(removeApplicantProfile));
    } catch (error) {
      return fail({ intent }, error);
    }
    return redirect(back);
  }
  if (intent === "account-delete") {
    if (form.get("confirm") !== "on") return data<AccountActionData>({ intent, error: { code: "confirm", message: "" } }, { status: 400 });
    try {
      await whileSignedIn(route, () => api.call(deleteMyAccount, { confirm: true }));
    } catch (error) {
      return fail({ intent }, error);
    }
    // A whole new document: the header and every atom start again signed out.
    return redirectDocument(`/${language}`);
  }

  const ID = positiveInt(form.get("ID"));
  if ((intent === "address-remove" || intent === "address-default") && ID !== null) {
    try {
      if (intent === "address-remove") {
        await whileSignedIn(route, () => api.call(removeShippingAddress, undefined, { ID }));
      } else {
        const book = await whileSignedIn(route, () => api.call(queryShippingAddresses));
        const found = book.find((entry) => entry.ID === ID);
        if (!found) throw new ApiCallError("E40024010", 404, errorMessage("E40024010", language));
        await whileSignedIn(route, () => api.call(saveShippingAddress, { ...inputOf(found), ID, isDefault: true }));
      }
    } catch (error) {
      return fail({ intent }, error);
    }
    return redirect(back);
  }
  return data<AccountActionData>({ intent, error: { code: "E40000002", message: errorMessage("E40000002", language) } }, { status: 400 });
}

/** An address of the book as the form's values. */
export function inputOf(address: ShippingAddress): AddressFormValues {
  const { recipient, phone, company, country, provinceCode, cityCode, districtCode, region, city, street, postalCode } = address;
  return { recipient, phone, company, country, provinceCode, cityCode, districtCode, region, city, street, postalCode };
}
