// An order status as a labelled badge (SPEC §4 labels, both languages, from locales/*/user.json).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { orderStatusKey } from "../../../shared/order-status.ts";

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("user");
  const key = orderStatusKey(status);
  return <span className={`status-badge status-badge--${key}`}>{t(`status.${key}`)}</span>;
}
