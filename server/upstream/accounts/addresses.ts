// The address book: each account's shipping addresses (at most addressLimits.perAccount, one default),
// checked with the shared address schema and, for mainland China, against the region data; and the
// resolved copy an order keeps.
import type { AddressInput, ShippingAddress, ShippingAddressLines } from "../../../shared/contract/index.ts";
import { countryName } from "../../../shared/forms/countries.ts";
import type { Language } from "../../../shared/languages.ts";
import { addressFormFields, addressLimits, normalizeAddressPhone, validateAddressForm, type AddressFormValues } from "../../../shared/forms/shipping-address.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { resolveRegion } from "./regions.ts";

export interface AddressRow {
  id: number;
  recipient: string;
  phone: string;
  company: string;
  country: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  region: string;
  city: string;
  street: string;
  postalCode: string;
  isDefault: number;
}

export const addressColumns = `id, recipient, phone, company, country, province_code AS provinceCode, city_code AS cityCode,
  district_code AS districtCode, region, city, street, postal_code AS postalCode, is_default AS isDefault`;

const collapse = (value: string) => value.trim().replace(/\s+/g, " ");

/** The address checked and normalised; refused with the first wrong field's code. */
export function checkAddress(input: Required<AddressInput>): Omit<AddressRow, "id" | "isDefault"> {
  const values = Object.fromEntries(addressFormFields.map((field) => [field, input[field] ?? ""])) as AddressFormValues;
  const errors = validateAddressForm(values);
  const first = addressFormFields.find((field) => errors[field]);
  if (first) throw new ApiError(errors[first]!);
  const mainland = values.country === "CN";
  if (mainland && !resolveRegion(values.provinceCode, values.cityCode, values.districtCode)) throw new ApiError("E40024005");
  return {
    recipient: collapse(values.recipient),
    phone: normalizeAddressPhone(values.country, values.phone)!,
    company: collapse(values.company),
    country: values.country,
    provinceCode: mainland ? values.provinceCode : "",
    cityCode: mainland ? values.cityCode : "",
    districtCode: mainland ? values.districtCode : "",
    region: mainland ? "" : collapse(values.region),
    city: mainland ? "" : collapse(values.city),
    street: values.street.trim(),
    postalCode: values.postalCode.trim().toUpperCase(),
  };
}

/** The lines an address shows as: region names resolved, the country named in the language. */
export function addressLinesOf(row: Omit<AddressRow, "id" | "isDefault">, language: Language): ShippingAddressLines {
  const names = row.country === "CN" ? resolveRegion(row.provinceCode, row.cityCode, row.districtCode) : null;
  // A municipality repeats its name as the city (北京市 › 北京市): shown once.
  const area = names ? [...new Set(names)].join(" ") : [row.region, row.city].filter(Boolean).join(", ");
  return {
    recipient: row.recipient,
    phone: row.phone,
    company: row.company,
    country: row.country,
    countryName: countryName(row.country, language),
    area,
    street: row.street,
    postalCode: row.postalCode,
  };
}

/** A stored address as the contract shows it. Shared by both stores. */
export function addressView(row: AddressRow, language: Language): ShippingAddress {
  return {
    ...addressLinesOf(row, language),
    ID: row.id,
    provinceCode: row.provinceCode,
    cityCode: row.cityCode,
    districtCode: row.districtCode,
    region: row.region,
    city: row.city,
    isDefault: row.isDefault === 1,
  };
}

export function createAddressBook(db: Database, now: () => number) {
  const all = db.prepare(`SELECT ${addressColumns} FROM shipping_addresses WHERE user_id = ? ORDER BY is_default DESC, created_at, id`);
  const one = db.prepare(`SELECT ${addressColumns} FROM shipping_addresses WHERE id = ? AND user_id = ?`);
  const count = db.prepare("SELECT COUNT(*) AS n FROM shipping_addresses WHERE user_id = ?");
  const insert = db.prepare(`INSERT INTO shipping_addresses (user_id, recipient, phone, company, country, province_code, city_code,
    district_code, region, city, street, postal_code, is_default, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`);
  const update = db.prepare(`UPDATE shipping_addresses SET recipient = ?, phone = ?, company = ?, country = ?, province_code = ?, city_code = ?,
    district_code = ?, region = ?, city = ?, street = ?, postal_code = ?, updated_at = ? WHERE id = ? AND user_id = ?`);
  const clearDefault = db.prepare("UPDATE shipping_addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1");
  const setDefault = db.prepare("UPDATE shipping_addresses SET is_default = 1 WHERE id = ? AND user_id = ?");
  const hasDefault = db.prepare("SELECT id FROM shipping_addresses WHERE user_id = ? AND is_default = 1");
  const oldest = db.prepare("SELECT id FROM shipping_addresses WHERE user_id = ? ORDER BY created_at, id LIMIT 1");
  const remove = db.prepare("DELETE FROM shipping_addresses WHERE id = ? AND user_id = ?");

  function view(userId: number, language: Language): ShippingAddress[] {
    return (all.all(userId) as unknown as AddressRow[]).map((row) => addressView(row, language));
  }

  /** Keeps exactly one default while the book has any address. */
  function ensureDefault(userId: number) {
    if (hasDefault.get(userId)) return;
    const first = oldest.get(userId) as { id: number } | undefined;
    if (first) setDefault.run(first.id, userId);
  }

  return {
    view,
    save(userId: number, input: Required<AddressInput> & { ID?: number | undefined; isDefault: boolean }): void {
      const a = checkAddress(input);
      const fields = [a.recipient, a.phone, a.company, a.country, a.provinceCode, a.cityCode, a.districtCode, a.region, a.city, a.street, a.postalCode] as const;
      transaction(db, () => {
        const t = now();
        let id = input.ID;
        if (id === undefined) {
          if ((count.get(userId) as { n: number }).n >= addressLimits.perAccount) throw new ApiError("E40024011");
          id = Number(insert.run(userId, ...fields, t, t).lastInsertRowid);
        } else if (Number(update.run(...fields, t, id, userId).changes) === 0) {
          throw new ApiError("E40024010");
        }
        if (input.isDefault) {
          clearDefault.run(userId);
          setDefault.run(id, userId);
        }
        ensureDefault(userId);
      });
    },
    remove(userId: number, id: number): void {
      transaction(db, () => {
        if (Number(remove.run(id, userId).changes) === 0) throw new ApiError("E40024010");
        ensureDefault(userId);
      });
    },
    /** The order's copy of one of the user's addresses (in the order's language), or a refusal. */
    snapshot(userId: number, id: number, language: Language): ShippingAddressLines {
      const row = one.get(id, userId) as AddressRow | undefined;
      if (!row) throw new ApiError("E40024012");
      return addressLinesOf(row, language);
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
