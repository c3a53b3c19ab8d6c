// A part's lifecycle badge (finder, compare, the detail, the cross-reference, the sample list): apart from
// lifecycle.tsx, whose sample slot brings the sample button with it, so a page that shows only the badge loads
// only the badge.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import "../../styles/lifecycle.css";

export function LifecycleBadge({ lifecycle }: { lifecycle: ProductLifecycle }) {
  const { t } = useTranslation("product");
  return (
    <span className={`lifecycle-badge lifecycle-badge--${lifecycle.state}`} title={t(`lifecycle.stateLong.${lifecycle.state}`)}>
      {t(`lifecycle.state.${lifecycle.state}`)}
    </span>
  );
}
