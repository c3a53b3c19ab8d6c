// The account's address book (where samples are shipped) and the region lists its form offers: countries
// come from shared/forms/countries.ts; mainland China's provinces, cities and districts are served here by
// parent code, so no page carries the whole region list.
import { z } from "zod";
import { textInput } from "./common.ts";
import { defineCall } from "./define.ts";
import { addressLimits } from "../forms/address-fields.ts";

const queryId = z.coerce.number<number | string>().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) => textInput(max);

/** What the address form posts; each field's meaning is checked by the shared address schema. */
const addressInput = z.strictObject({
  recipient: text(addressLimits.recipient),
  phone: text(addressLimits.phone),
  company: text(addressLimits.company).default(""),
  country: text(2),
  provinceCode: text(6).default(""),
  cityCode: text(6).default(""),
  districtCode: text(6).default(""),
  region: text(addressLimits.region).default(""),
  city: text(addressLimits.city).default(""),
  street: text(addressLimits.street),
  postalCode: text(addressLimits.postalCode).default(""),
});
export type AddressInput = z.input<typeof addressInput>;

/** An address as the book and orders show it, with its region names resolved. */
export const addressLines = z.object({
  recipient: z.string(),
  phone: z.string(),
  company: z.string(),
  country: z.string(),
  countryName: z.string(),
  /** Province › city › district for mainland China; region and city elsewhere. */
  area: z.string(),
  street: z.string(),
  postalCode: z.string(),
});
export type ShippingAddressLines = z.infer<typeof addressLines>;

const shippingAddress = addressLines.extend({
  ID: z.number().int(),
  provinceCode: z.string(),
  cityCode: z.string(),
  districtCode: z.string(),
  region: z.string(),
  city: z.string(),
  isDefault: z.boolean(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** The book, default first, then oldest first. */
export const addressBook = z.array(shippingAddress);

const addressBase = "/proxy/{provider}/basic/userAddress";

export const queryShippingAddresses = defineCall({
  name: "queryShippingAddresses",
  path: `${addressBase}/queryShippingAddresses`,
  summary: "The signed-in user's shipping addresses, default first.",
  auth: true,
  data: addressBook,
});

export const saveShippingAddress = defineCall({
  name: "saveShippingAddress",
  path: `${addressBase}/saveShippingAddress`,
  summary: `Adds an address (ID absent) or changes one of one's own; isDefault makes it the default (the first address always is). At most ${addressLimits.perAccount}. Each wrong field answers its own E400240xx message.`,
  auth: true,
  body: addressInput.extend({ ID: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(), isDefault: z.boolean().default(false) }),
  data: addressBook,
});

export const removeShippingAddress = defineCall({
  name: "removeShippingAddress",
  path: `${addressBase}/removeShippingAddress`,
  summary: "Deletes one of one's own addresses (orders keep their own copy); the next oldest becomes the default if it was.",
  auth: true,
  query: z.strictObject({ ID: queryId }),
  data: addressBook,
});

const region = z.object({ code: z.string(), name: z.string() });

export const queryRegionList = defineCall({
  name: "queryRegionList",
  path: "/open/proxy/{provider}/basic/region/queryRegionList",
  summary: "Mainland China's provinces (no parentCode), a province's cities or a city's districts (GB/T 2260 codes, Chinese names).",
  body: z.strictObject({
    parentCode: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
  }),
  data: z.array(region),
});
