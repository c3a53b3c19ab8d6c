// The applicant form of a sample order (SPEC §3 applicant + sample use) as one zod schema: the browser
// marks every wrong field at once before posting, the route action checks again, and the upstream's
// submitSampleOrder refuses with the first field's code. Each field's zod message is its error code.
import { z } from "zod";
import type { ErrorCode } from "./contract/errors.ts";
import { fieldLimits, isValidName, isValidText, normalizeEmail, normalizeMainlandMobile } from "./validation.ts";

export const applicantFormFields = ["name", "phone", "email", "companyName", "position", "sampleUse"] as const;
export type ApplicantFormField = (typeof applicantFormFields)[number];
export type ApplicantFormValues = Record<ApplicantFormField, string>;
export type ApplicantFormErrors = Partial<Record<ApplicantFormField, ErrorCode>>;

/** The SPEC §5 message of each field, by its code in the error table. */
const fieldCodes = {
  name: "E40022009",
  phone: "E40021001",
  email: "E40021002",
  companyName: "E40022011",
  position: "E40022012",
  sampleUse: "E40022010",
} as const satisfies Record<ApplicantFormField, ErrorCode>;

export const applicantFormSchema = z.object({
  name: z.string().refine(isValidName, fieldCodes.name),
  phone: z.string().refine((value) => normalizeMainlandMobile(value) !== null, fieldCodes.phone),
  email: z.string().refine((value) => normalizeEmail(value) !== null, fieldCodes.email),
  companyName: z.string().refine((value) => isValidText(value, fieldLimits.companyName), fieldCodes.companyName),
  position: z.string().refine((value) => isValidText(value, fieldLimits.position), fieldCodes.position),
  // Sample use is what the engineer will evaluate: it must say something (a letter or a digit).
  sampleUse: z.string().refine((value) => isValidText(value, fieldLimits.sampleUse) && /[\p{L}\p{N}]/u.test(value), fieldCodes.sampleUse),
});

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

/** Every wrong field with its code, in the form's order; empty when the form can be sent. */
export function validateApplicantForm(values: ApplicantFormValues): ApplicantFormErrors {
  const result = applicantFormSchema.safeParse(values);
  const errors: ApplicantFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ApplicantFormField;
    errors[field] ??= fieldCodes[field];
  }
  return errors;
}

/** The field an upstream refusal is about, so its message shows beside that field; null for the whole form. */
export function applicantFieldOfError(code: string): ApplicantFormField | null {
  return applicantFormFields.find((field) => fieldCodes[field] === code) ?? null;
}
