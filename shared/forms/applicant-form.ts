// The applicant form of a sample order as one zod schema: the browser marks every wrong field at once before
// posting (loading this module then), the route action checks again, and the upstream's submitSampleOrder
// refuses with the first field's code. Each field's zod message is its error code (applicant-fields.ts).
import { z } from "zod";
import { fieldLimits, isValidName, isValidText, normalizeEmail, normalizeMainlandMobile } from "./validation.ts";
import { applicantFieldCodes, type ApplicantFormErrors, type ApplicantFormField, type ApplicantFormValues } from "./applicant-fields.ts";

export * from "./applicant-fields.ts";

export const applicantFormSchema = z.object({
  name: z.string().refine(isValidName, applicantFieldCodes.name),
  phone: z.string().refine((value) => normalizeMainlandMobile(value) !== null, applicantFieldCodes.phone),
  email: z.string().refine((value) => normalizeEmail(value) !== null, applicantFieldCodes.email),
  companyName: z.string().refine((value) => isValidText(value, fieldLimits.companyName), applicantFieldCodes.companyName),
  position: z.string().refine((value) => isValidText(value, fieldLimits.position), applicantFieldCodes.position),
  // Sample use is what the engineer will evaluate: it must say something (a letter or a digit).
  sampleUse: z.string().refine((value) => isValidText(value, fieldLimits.sampleUse) && /[\p{L}\p{N}]/u.test(value), applicantFieldCodes.sampleUse),
});

/** Every wrong field with its code, in the form's order; empty when the form can be sent. */
export function validateApplicantForm(values: ApplicantFormValues): ApplicantFormErrors {
  const result = applicantFormSchema.safeParse(values);
  const errors: ApplicantFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ApplicantFormField;
    errors[field] ??= applicantFieldCodes[field];
  }
  return errors;
}
