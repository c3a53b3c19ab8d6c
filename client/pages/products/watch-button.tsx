// "Watch this part" on the product page: a plain form posting to the watch page's action (works without
// JavaScript; the action comes back here, or sends a visitor without a session to sign in first).
// docs/decisions/034-part-watches-and-notice-mail.md.
import { Form, useLocation } from "react-router-dom";
import { userPagePath } from "../../../shared/paths.ts";
import { useLocalize } from "../../hooks.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";

export function WatchButton({ partNumber }: { partNumber: string }) {
  const { t } = useTranslation("watches");
  const localize = useLocalize();
  const { pathname } = useLocation();
  return (
    <Form method="post" action={localize(userPagePath("watches"))} className="product-hero__watch">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="parts" value={partNumber} />
      <input type="hidden" name="back" value={pathname} />
      <button type="submit" className="link-button" title={t("watchHint")}>
        {t("watch")}
        <span className="visually-hidden"> {partNumber}</span>
      </button>
    </Form>
  );
}
