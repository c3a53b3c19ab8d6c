// Where the samples go: the account's addresses as radio buttons (the default chosen), or a way to add
// one first; the address book itself is on the account page.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";
import { Link } from "../../components/link.tsx";
import type { ShippingAddress } from "../../../shared/contract/index.ts";
import { AddressLinesView } from "./address-lines.tsx";
import { userPagePath } from "../../../shared/paths.ts";

export function ShippingChoice({ addresses, chosen, error }: { addresses: ShippingAddress[]; chosen?: string | undefined; error?: string | undefined }) {
  const { t } = useTranslation("user");
  const localize = useLocalize();
  const manage = `${localize(userPagePath("account"))}?back=sampleList#addresses`;
  const selected = addresses.some((address) => String(address.ID) === chosen) ? chosen : String(addresses.find((address) => address.isDefault)?.ID ?? "");
  return (
    <fieldset className="form-grid__field form-grid__field--wide shipping-choice" aria-describedby={error ? "shipping-choice-error" : undefined}>
      <legend>
        {t("address.shipTo")} <span aria-hidden="true">*</span>
      </legend>
      {addresses.length === 0 ? (
        <p>{t("address.noneYet")}</p>
      ) : (
        addresses.map((address) => (
          <label key={address.ID} className="shipping-choice__option">
            <input type="radio" name="addressId" value={address.ID} defaultChecked={String(address.ID) === selected} />
            <AddressLinesView address={address} inline />
          </label>
        ))
      )}
      <Link to={manage}>{addresses.length === 0 ? t("address.addFirst") : t("address.manage")}</Link>
      {error && (
        <p className="form-error" id="shipping-choice-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
