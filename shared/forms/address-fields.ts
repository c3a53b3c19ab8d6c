// A shipping address's fields, their limits and error codes, postal-code and phone rules, how a posted form is
// read and how an address is summarised: what pages need without zod. The zod schema that checks a whole address
// is shipping-address.ts, which the browser loads only when an address form is sent.
import type { ErrorCode } from "../contract/errors.ts";
import { maskPhone } from "./masking.ts";
import { normalizeMainlandMobile } from "./validation.ts";

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

export const addressFieldCodes = {
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

/** The field an upstream refusal is about, so its message shows beside that field; null for the whole form. */
export function addressFieldOfError(code: string): AddressFormField | null {
  return addressFormFields.find((field) => addressFieldCodes[field] === code) ?? null;
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
