// The applicant form's fields (SPEC §3 applicant + sample use), their error codes and how a posted form is read:
// what a page needs to render the form. The zod schema that checks them is in applicant-form.ts, loaded by the
// browser only when the form is sent (zod is no part of any page's first load).
import type { ErrorCode } from "../contract/errors.ts";
import { fieldLimits } from "./validation.ts";

export const applicantFormFields = ["name", "phone", "email", "companyName", "position", "sampleUse"] as const;
export type ApplicantFormField = (typeof applicantFormFields)[number];
export type ApplicantFormValues = Record<ApplicantFormField, string>;
export type ApplicantFormErrors = Partial<Record<ApplicantFormField, ErrorCode>>;

/** The SPEC §5 message of each field, by its code in the error table. */
export const applicantFieldCodes = {
  name: "E40022009",
  phone: "E40021001",
  email: "E40021002",
  companyName: "E40022011",
  position: "E40022012",
  sampleUse: "E40022010",
} as const satisfies Record<ApplicantFormField, ErrorCode>;

/** The posted form's text fields (anything else, or a file, reads as empty), cut at their length limits. */
export function readApplicantForm(form: { get(name: string): unknown }): ApplicantFormValues {
  const limits: Record<ApplicantFormField, number> = { ...fieldLimits, phone: fieldLimits.phoneInput };
  return Object.fromEntries(
    applicantFormFields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, limits[field]) : ""];
    }),
  ) as ApplicantFormValues;
}

/** The field an upstream refusal is about, so its message shows beside that field; null for the whole form. */
export function applicantFieldOfError(code: string): ApplicantFormField | null {
  return applicantFormFields.find((field) => applicantFieldCodes[field] === code) ?? null;
}
