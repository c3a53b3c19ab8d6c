// The shipping-address form of the account page: country or region; for mainland China province, city
// and district chosen from the upstream's lists (each choice posts the form back for the next list, so it
// works without JavaScript; with JavaScript the change posts itself), elsewhere region and city as text.
import { useEffect, useId, useState, type FormEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLanguage } from "../../hooks.ts";
import { errorMessage } from "../../../shared/contract/index.ts";
import {
  addressFormFields,
  addressLimits,
  postalCodeRules,
  readAddressForm,
  type AddressFormField,
  type AddressFormValues,
} from "../../../shared/forms/address-fields.ts";
import type { RegionOption } from "./account-action.ts";

export interface AddressFormState {
  values: AddressFormValues;
  /** The address being changed ("" for a new one). */
  ID: string;
  isDefault: boolean;
  cities: RegionOption[];
  districts: RegionOption[];
}

export const emptyAddress: AddressFormValues = {
  recipient: "",
  phone: "",
  company: "",
  country: "CN",
  provinceCode: "",
  cityCode: "",
  districtCode: "",
  region: "",
  city: "",
  street: "",
  postalCode: "",
};

export function AddressForm({
  state,
  provinces,
  countries,
  fieldErrors: posted = {},
  error,
  back,
}: {
  state: AddressFormState;
  provinces: RegionOption[];
  /** Named on the server: the browser's own ICU may name or sort them differently, which would not hydrate. */
  countries: RegionOption[];
  fieldErrors?: Partial<Record<AddressFormField, string>> | undefined;
  error?: string | undefined;
  back: string | null;
}) {
  const { t } = useTranslation("user");
  const language = useLanguage();
  const submit = useSubmit();
  const navigation = useNavigation();
  const baseId = useId();
  const idOf = (field: string) => `${baseId}-${field}`;
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [checked, setChecked] = useState<Partial<Record<AddressFormField, string>> | null>(null);
  const fieldErrors = checked ?? posted;
  const { values } = state;
  const mainland = values.country === "CN";
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "address-save";

  /** A choice that changes the lists below it: post the form back for them (never a save). */
  function refresh(form: HTMLFormElement | null) {
    if (!form) return;
    const formData = new FormData(form);
    formData.set("intent", "address-regions");
    setChecked(null);
    void submit(formData, { method: "post", preventScrollReset: true, replace: true });
  }

  // The schema (and zod with it) is loaded when the form is first used, not with the page.
  const loadSchema = () => import("../../../shared/forms/shipping-address.ts");

  async function check(form: HTMLFormElement, submitter: HTMLButtonElement) {
    const { validateAddressForm } = await loadSchema();
    const errors = validateAddressForm(readAddressForm(new FormData(form)));
    const wrong = addressFormFields.filter((field) => errors[field]);
    setChecked(wrong.length ? Object.fromEntries(wrong.map((field) => [field, errorMessage(errors[field]!, language)])) : null);
    if (wrong.length === 0) void submit(submitter, { method: "post" });
    else document.getElementById(idOf(wrong[0]!))?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "address-save") return;
    event.preventDefault();
    void check(event.currentTarget, submitter);
  }

  const described = (field: AddressFormField, required = true) => ({
    "aria-required": required || undefined,
    "aria-invalid": fieldErrors[field] ? true : undefined,
    "aria-describedby": fieldErrors[field] ? `${idOf(field)}-error` : undefined,
  });
  const message = (field: AddressFormField) =>
    fieldErrors[field] ? (
      <p className="form-error" id={`${idOf(field)}-error`}>
        {fieldErrors[field]}
      </p>
    ) : null;
  const label = (field: AddressFormField, required = true) => (
    <label htmlFor={idOf(field)}>
      {t(`address.${field}`)}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  const input = (field: AddressFormField, max: number, autoComplete: string, required = true, type = "text") => (
    <div className="form-grid__field">
      {label(field, required)}
      <input id={idOf(field)} name={field} type={type} maxLength={max} autoComplete={autoComplete} defaultValue={values[field]} {...described(field, required)} />
      {message(field)}
    </div>
  );
  const select = (field: "provinceCode" | "cityCode" | "districtCode", options: RegionOption[], key: string) => (
    <div className="form-grid__field">
      {label(field)}
      <select
        key={key}
        id={idOf(field)}
        name={field}
        defaultValue={values[field]}
        autoComplete="off"
        onChange={field === "districtCode" ? undefined : (event) => refresh(event.currentTarget.form)}
        {...described(field)}
      >
        <option value="">{t("address.choose")}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      {message(field)}
    </div>
  );
  const postal = postalCodeRules[values.country];
  return (
    <Form method="post" className="form-grid address-form" noValidate onSubmit={onSubmit} onFocus={() => void loadSchema()} aria-labelledby="address-form-title">
      <input type="hidden" name="ID" value={state.ID} />
      {back && <input type="hidden" name="back" value={back} />}
      {input("recipient", addressLimits.recipient, "shipping name")}
      {input("phone", addressLimits.phone, "shipping tel", true, "tel")}
      {input("company", addressLimits.company, "shipping organization", false)}
      <div className="form-grid__field">
        {label("country")}
        <select
          id={idOf("country")}
          name="country"
          defaultValue={values.country}
          autoComplete="shipping country"
          onChange={(event) => refresh(event.currentTarget.form)}
          {...described("country")}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {message("country")}
      </div>
      {mainland ? (
        <>
          {select("provinceCode", provinces, "province")}
          {select("cityCode", state.cities, `city-${values.provinceCode}`)}
          {select("districtCode", state.districts, `district-${values.cityCode}`)}
          {language === "en" && <p className="form-hint form-grid__field--wide">{t("address.chineseNames")}</p>}
        </>
      ) : (
        <>
          {input("region", addressLimits.region, "shipping address-level1", false)}
          {input("city", addressLimits.city, "shipping address-level2")}
        </>
      )}
      {!hydrated && (
        <div className="form-grid__field form-grid__field--wide">
          {/* Without JavaScript a choice above needs this to list what lies below it. */}
          <button type="submit" name="intent" value="address-regions" className="button button--small">
            {t("address.refresh")}
          </button>
        </div>
      )}
      <div className="form-grid__field form-grid__field--wide">
        {label("street")}
        <input
          id={idOf("street")}
          name="street"
          maxLength={addressLimits.street}
          autoComplete="shipping address-line1"
          defaultValue={values.street}
          {...described("street")}
        />
        {message("street")}
      </div>
      <div className="form-grid__field">
        {label("postalCode", postal?.pattern !== undefined && postal.pattern !== null)}
        <input
          id={idOf("postalCode")}
          name="postalCode"
          maxLength={addressLimits.postalCode}
          autoComplete="shipping postal-code"
          defaultValue={values.postalCode}
          placeholder={postal?.example ? t("address.example", { example: postal.example }) : undefined}
          disabled={postal?.pattern === null}
          {...described("postalCode", !!postal?.pattern)}
        />
        {postal?.pattern === null && <p className="form-hint">{t("address.noPostalCode")}</p>}
        {message("postalCode")}
      </div>
      <div className="form-grid__field form-grid__field--wide">
        <label className="checkbox">
          <input type="checkbox" name="isDefault" defaultChecked={state.isDefault} /> {t("address.makeDefault")}
        </label>
      </div>
      <div className="form-grid__field form-grid__field--wide">
        <button type="submit" name="intent" value="address-save" className="button button--primary" disabled={saving}>
          {state.ID ? t("address.saveChanges") : t("address.add")}
        </button>
        <p className={error ? "form-error" : "visually-hidden"} role="status" aria-live="polite">
          {error ?? (Object.keys(fieldErrors).length ? t("applicant.fieldsWrong", { count: Object.keys(fieldErrors).length }) : "")}
        </p>
      </div>
    </Form>
  );
}
