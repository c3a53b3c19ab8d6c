// "Watch this part" on the product page: a plain form posting to the watch page's action (works without
// JavaScript; the action comes back here, or sends a visitor without a session to sign in first).
// docs/decisions/034-part-watches-and-notice-mail.md.
import { Form, useLocation } from "react-router-dom";
import { noticesFeedHref, userPagePath } from "../../../shared/paths.ts";
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

/** The Atom feed of one part's notices (or of every notice), linked from the page's head. */
export function NoticesFeedLink({ partNumber }: { partNumber?: string }) {
  const { t } = useTranslation("watches");
  const localize = useLocalize();
  return (
    <link
      rel="alternate"
      type="application/atom+xml"
      title={partNumber ? t("feedPart", { part: partNumber }) : t("feedAll")}
      href={localize(noticesFeedHref(partNumber))}
    />
  );
}
