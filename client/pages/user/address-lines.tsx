// A shipping address as the lines a parcel label shows, for the address book, the order form and the order.
import type { ShippingAddressLines } from "../../../shared/contract/index.ts";

/** An address as its lines: recipient and phone, company, area and street, postal code and country. */
export function AddressLinesView({ address, inline = false }: { address: ShippingAddressLines; inline?: boolean }) {
  // Inside a <label> (the order form's choice) only phrasing content is valid: a span, not <address>.
  const Tag = inline ? "span" : "address";
  return (
    <Tag className="address-lines">
      <strong>{address.recipient}</strong> {address.phone}
      {address.company && (
        <>
          <br />
          {address.company}
        </>
      )}
      <br />
      {[address.area, address.street].filter(Boolean).join(" ")}
      <br />
      {[address.postalCode, address.countryName].filter(Boolean).join(" ")}
    </Tag>
  );
}
