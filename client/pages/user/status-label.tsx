// An order status as a labelled badge (SPEC §4 labels, both languages, from locales/*/user.json).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { orderStatusKey } from "../../../shared/samples/order-status.ts";
import { sampleLimits } from "../../../shared/contract/index.ts";

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("user");
  const key = orderStatusKey(status);
  return <span className={`status-badge status-badge--${key}`}>{t(`status.${key}`)}</span>;
}

/** One line under an order's status: what happens next, or that nothing does (the SPEC's labels stay as they are). */
export function StatusNext({ status }: { status: string }) {
  const { t } = useTranslation("user");
  return <p className="status-next">{t(`statusNext.${orderStatusKey(status)}`, { days: sampleLimits.reviewWorkingDays })}</p>;
}
