// A shipping address of the account's address book as one zod schema, like the applicant form: the
// browser marks every wrong field before posting, the route action checks again, and the upstream
// refuses with the first field's code. Mainland China addresses are chosen by GB/T 2260 region codes,
// which only the upstream can check against the region data (server/upstream/accounts/regions.ts).
import { z } from "zod";
import type { ErrorCode } from "./contract/errors.ts";
import { isCountryCode } from "./countries.ts";
import { isValidName, isValidText, maskPhone, normalizeMainlandMobile } from "./validation.ts";

export const addressLimits = { recipient: 50, phone: 24, company: 100, region: 60, city: 60, street: 200, postalCode: 12, perAccount: 10 } as const;

export const addressFormFields = [
  "recipient",
  "phone",
  "company",
  "country",
  "provinceCode",
  "cityCode",
  "districtCode",
  "region",
  "city",
  "street",
  "postalCode",
] as const;
export type AddressFormField = (typeof addressFormFields)[number];
export type AddressFormValues = Record<AddressFormField, string>;
export type AddressFormErrors = Partial<Record<AddressFormField, ErrorCode>>;

/**
 * Postal code shapes per country or region, from the `zip` patterns of Google's address metadata
 * (libaddressinput, https://chromium-i18n.appspot.com/ssl-address/data/<code>); GB is that rule's shape
 * (area letters, district, space, sector digit, unit letters) without its list of postcode areas.
 * Hong Kong has no postal codes (the field stays empty). Elsewhere: optional, letters, digits, spaces, hyphens.
 */
export const postalCodeRules: Record<string, { pattern: RegExp | null; example: string }> = {
  CN: { pattern: /^\d{6}$/, example: "215000" },
  HK: { pattern: null, example: "" },
  TW: { pattern: /^\d{3}(?:\d{2,3})?$/, example: "10048" },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: "100-0001" },
  KR: { pattern: /^\d{5}$/, example: "03154" },
  SG: { pattern: /^\d{6}$/, example: "018956" },
  US: { pattern: /^\d{5}(?:[ -]\d{4})?$/, example: "94103" },
  DE: { pattern: /^\d{5}$/, example: "80331" },
  GB: { pattern: /^(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})$/i, example: "SW1A 1AA" },
  FR: { pattern: /^\d{2} ?\d{3}$/, example: "75008" },
};
const genericPostalCode = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

export function isValidPostalCode(country: string, value: string): boolean {
  const code = value.trim();
  const rule = postalCodeRules[country];
  if (!rule) return code === "" || genericPostalCode.test(code);
  if (rule.pattern === null) return code === "";
  return rule.pattern.test(code);
}

/** A phone the courier can call: a mainland mobile for mainland China, otherwise 6–20 digits with + ( ) - and spaces. */
export function normalizeAddressPhone(country: string, value: string): string | null {
  if (country === "CN") return normalizeMainlandMobile(value);
  const text = value.normalize("NFKC").trim();
  if (!/^\+?[\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 20 ? text.replace(/\s+/g, " ") : null;
}

const fieldCodes = {
  recipient: "E40024001",
  phone: "E40024002",
  company: "E40024003",
  country: "E40024004",
  provinceCode: "E40024005",
  cityCode: "E40024005",
  districtCode: "E40024005",
  region: "E40024006",
  city: "E40024007",
  street: "E40024008",
  postalCode: "E40024009",
} as const satisfies Record<AddressFormField, ErrorCode>;

const regionCode = /^\d{6}$/;

export const addressFormSchema = z
  .object({
    recipient: z.string().refine(isValidName, fieldCodes.recipient),
    phone: z.string(),
    company: z.string().refine((value) => value.trim() === "" || isValidText(value, addressLimits.company), fieldCodes.company),
    country: z.string().refine(isCountryCode, fieldCodes.country),
    provinceCode: z.string(),
    cityCode: z.string(),
    districtCode: z.string(),
    region: z.string().refine((value) => value.trim() === "" || isValidText(value, addressLimits.region), fieldCodes.region),
    city: z.string(),
    street: z.string().refine((value) => isValidText(value, addressLimits.street), fieldCodes.street),
    postalCode: z.string(),
  })
  .superRefine((value, context) => {
    const fail = (field: AddressFormField) => context.addIssue({ code: "custom", path: [field], message: fieldCodes[field] });
    if (normalizeAddressPhone(value.country, value.phone) === null) fail("phone");
    if (!isValidPostalCode(value.country, value.postalCode)) fail("postalCode");
    if (value.country === "CN") {
      // The codes' shape here; that they exist and nest (city in province, district in city) at the upstream.
      for (const field of ["provinceCode", "cityCode", "districtCode"] as const) if (!regionCode.test(value[field])) fail(field);
    } else if (!isValidText(value.city, addressLimits.city)) {
      fail("city");
    }
  });

/** The posted form's text fields (anything else reads as empty), cut at their length limits. */
export function readAddressForm(form: { get(name: string): unknown }): AddressFormValues {
  const limits: Record<AddressFormField, number> = { ...addressLimits, country: 2, provinceCode: 6, cityCode: 6, districtCode: 6 };
  return Object.fromEntries(
    addressFormFields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, limits[field]) : ""];
    }),
  ) as AddressFormValues;
}

/** Every wrong field with its code, in the form's order; empty when the address can be saved. */
export function validateAddressForm(values: AddressFormValues): AddressFormErrors {
  const result = addressFormSchema.safeParse(values);
  const errors: AddressFormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AddressFormField;
    errors[field] ??= fieldCodes[field];
  }
  return addressFormFields.reduce<AddressFormErrors>((ordered, field) => (errors[field] ? { ...ordered, [field]: errors[field] } : ordered), {});
}

/** The field an upstream refusal is about, so its message shows beside that field; null for the whole form. */
export function addressFieldOfError(code: string): AddressFormField | null {
  return addressFormFields.find((field) => fieldCodes[field] === code) ?? null;
}

/** What an address shows as, resolved (region names filled in by the upstream). */
export interface AddressLines {
  recipient: string;
  phone: string;
  company: string;
  countryName: string;
  /** Province › city › district for mainland China, region and city elsewhere. */
  area: string;
  street: string;
  postalCode: string;
}

/**
 * The masked one-line summary an e-mail may carry (an e-mail travels through servers we do not control):
 * the recipient's family-name initial, the masked phone, and the area without the street.
 */
export function maskedAddressSummary(lines: AddressLines): string {
  const name = lines.recipient.trim();
  const initial = name ? `${Array.from(name)[0]}**` : "";
  return [initial, maskPhone(lines.phone.replace(/\D/g, "")), `${lines.countryName} ${lines.area}`.trim()].filter(Boolean).join(", ");
}
