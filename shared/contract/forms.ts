// Length limits of the visitor forms (download form, contact form) for the contract, the upstream's checks
// and the client's maxlength attributes; the fields they share with accounts come from shared/forms/validation.ts.
import { fieldLimits } from "../forms/validation.ts";

export const formLimits = {
  name: fieldLimits.name,
  phone: fieldLimits.phoneInput,
  email: fieldLimits.email,
  company: fieldLimits.companyName,
  position: fieldLimits.position,
  productDemand: 500,
  /** The contact form's message. */
  content: 2000,
} as const;
