// A shipping address of the account's address book as one zod schema, like the applicant form: the
// browser marks every wrong field before posting, the route action checks again, and the upstream
// refuses with the first field's code. Mainland China addresses are chosen by GB/T 2260 region codes,
// which only the upstream can check against the region data (server/upstream/accounts/regions.ts).
import { z } from "zod";
import { isCountryCode } from "./countries.ts";
import { isValidName, isValidText } from "./validation.ts";
import {
  addressFieldCodes,
  addressFormFields,
  addressLimits,
  isValidPostalCode,
  normalizeAddressPhone,
  type AddressFormErrors,
  type AddressFormField,
  type AddressFormValues,
} from "./address-fields.ts";

export * from "./address-fields.ts";

const regionCode = /^\d{6}$/;

export const addressFormSchema = z
  .object({
    recipient: z.string().refine(isValidName, addressFieldCodes.recipient),
    phone: z.string(),
    company: z.string().refine((value) => value.trim() === "" || isValidText(value, addressLimits.company), addressFieldCodes.company),
    country: z.string().refine(isCountryCode, addressFieldCodes.country),
    provinceCode: z.string(),
    cityCode: z.string(),
    districtCode: z.string(),
    region: z.string().refine((value) => value.trim() === "" || isValidText(value, addressLimits.region), addressFieldCodes.region),
    city: z.string(),
    street: z.string().refine((value) => isValidText(value, addressLimits.street), addressFieldCodes.street),
    postalCode: z.string(),
  })
  .superRefine((value, context) => {
    const fail = (field: AddressFormField) => context.addIssue({ code: "custom", path: [field], message: addressFieldCodes[field] });
    if (normalizeAddressPhone(value.country, value.phone) === null) fail("phone");
    if (!isValidPostalCode(value.country, value.postalCode)) fail("postalCode");
    if (value.country === "CN") {
      // The codes' shape here; that they exist and nest (city in province, district in city) at the upstream.
      for (const field of ["provinceCode", "cityCode", "districtCode"] as const) if (!regionCode.test(value[field])) fail(field);
    } else if (!isValidText(value.city, addressLimits.city)) {
      fail("city");
    }
  });

/** Every wrong field with its code, in the form's order; empty when the address can be saved. */
export function validateAddressForm(values: AddressFormValues): AddressFormErrors {
  const result = addressFormSchema.safeParse(values);
  const errors: AddressFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AddressFormField;
    errors[field] ??= addressFieldCodes[field];
  }
  const ordered: AddressFormErrors = {};
  for (const field of addressFormFields) if (errors[field]) ordered[field] = errors[field];
  return ordered;
}
