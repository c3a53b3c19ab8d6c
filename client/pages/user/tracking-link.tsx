// A shipped order's carrier and tracking number, the number linked to the carrier's own tracking page.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLanguage } from "../../hooks.ts";
import { carrierLabel, trackingUrl } from "../../../shared/samples/carriers.ts";

export function TrackingLink({ carrier, trackingNumber }: { carrier: string; trackingNumber: string }) {
  const { t } = useTranslation("user");
  const language = useLanguage();
  const colon = t("colon");
  const href = trackingUrl(carrier, trackingNumber);
  const label = carrierLabel(carrier, language);
  return (
    <span className="tracking">
      {t("order.carrier")}
      {colon}
      {label} · {t("order.tracking")}
      {colon}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer external">
          <strong>{trackingNumber}</strong>
          <span className="visually-hidden"> {t("order.trackAt", { carrier: label })}</span>
        </a>
      ) : (
        <strong>{trackingNumber}</strong>
      )}
    </span>
  );
}
