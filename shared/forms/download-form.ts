// The download form of SPEC §3 (name, phone, company, position, email, product demand) between the
// dialog and the upstream: the same checks as the upstream's addDownloadRecord with the SPEC §5 messages,
// and which field an upstream error code belongs to. Pure, so the dialog and its tests agree.
import type { ErrorCode } from "../contract/errors.ts";
import { formLimits } from "../contract/forms.ts";
import { isValidName, isValidText, normalizeEmail, normalizeMainlandMobile } from "./validation.ts";

export const downloadFormFields = ["name", "phone", "company", "position", "email", "productDemand"] as const;
export type DownloadFormField = (typeof downloadFormFields)[number];
export type DownloadFormValues = Record<DownloadFormField, string>;
export type DownloadFormErrors = Partial<Record<DownloadFormField, ErrorCode>>;

/** The code of each field's message when it is missing or malformed. */
const fieldCodes: Record<DownloadFormField, ErrorCode> = {
  name: "E40022009",
  phone: "E40021001",
  company: "E40022011",
  position: "E40022012",
  email: "E40021002",
  productDemand: "E40030010",
};

export function readDownloadForm(form: { get(name: string): unknown }): DownloadFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(downloadFormFields.map((field) => [field, text(field).slice(0, formLimits[field] + 100)])) as DownloadFormValues;
}

/** Every field is required (the upstream refuses a partial form); returns the first problem of each field. */
export function validateDownloadForm(values: DownloadFormValues): DownloadFormErrors {
  const errors: DownloadFormErrors = {};
  if (!isValidName(values.name)) errors.name = fieldCodes.name;
  if (!normalizeMainlandMobile(values.phone.trim())) errors.phone = fieldCodes.phone;
  if (!isValidText(values.company, formLimits.company)) errors.company = fieldCodes.company;
  if (!isValidText(values.position, formLimits.position)) errors.position = fieldCodes.position;
  if (!normalizeEmail(values.email)) errors.email = fieldCodes.email;
  if (!isValidText(values.productDemand, formLimits.productDemand)) errors.productDemand = fieldCodes.productDemand;
  return errors;
}

/** The field an upstream refusal is about, so its message shows beside that field; null = a general failure. */
export function downloadFieldOfError(code: string): DownloadFormField | null {
  const found = downloadFormFields.find((field) => fieldCodes[field] === code);
  return found ?? null;
}
