// "Watch this part" on the product page, a finder row and a compare column: a plain form posting to the watch
// page's action (a document POST with or without JavaScript; the action comes back to the page it was on, or
// sends a visitor without a session to sign in first and back). A row or column shows a visitor without a
// session the sign-in link back to the same page instead. docs/decisions/034-part-watches-and-notice-mail.md,
// docs/decisions/038-watch-controls-on-finder-and-compare.md. Beside them, the e-mail subscription without an account
// (double opt-in) and a family's watch button.
import { useAtomValue } from "jotai";
import { useLocation } from "react-router-dom";
import { loginPath, userPagePath } from "../../../shared/paths.ts";
import { emailWatchPaths } from "../../../shared/email-watch-paths.ts";
import { noticesFeedHref } from "../../../shared/notices-feed.ts";
import { Link } from "../../components/link.tsx";
import { loginPathOf } from "../../../shared/samples/sample-add-result.ts";
import { useLocalize, usePageSearch } from "../../hooks.ts";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { hasSessionCookieAtom } from "../../state/atoms.ts";

/** `back`: the page to return to (a site path, with or without its language prefix). */
export function WatchButton({ partNumber, back, compact = false }: { partNumber: string; back: string; compact?: boolean }) {
  const { t } = useTranslation("product");
  const localize = useLocalize();
  // A plain form, not the router's: a document POST costs the page's first load no JavaScript (decision 012).
  return (
    <form method="post" action={localize(userPagePath("watches"))} className={compact ? "part-watch" : "product-hero__watch"}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="parts" value={partNumber} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={compact ? "part-watch__button" : "link-button"} title={t("partWatch.watchHint")}>
        {t(compact ? "partWatch.watchShort" : "partWatch.watch")}
        <span className="visually-hidden"> {partNumber}</span>
      </button>
    </form>
  );
}

/** A finder row's or compare column's control: the watch form with a session, else signing in back to this page. */
export function WatchControl({ partNumber }: { partNumber: string }) {
  const { t } = useTranslation("product");
  const localize = useLocalize();
  const back = loginPathOf(useLocation().pathname, usePageSearch());
  if (useAtomValue(hasSessionCookieAtom)) return <WatchButton partNumber={partNumber} back={back} compact />;
  return (
    <Link className="part-watch" to={localize(loginPath(back))} title={t("partWatch.signInToWatchHint")}>
      {t("partWatch.signInToWatch")}
      <span className="visually-hidden"> {partNumber}</span>
    </Link>
  );
}

/** "Watch this family" on the notices of one family: every shown part of it, through the watch page's action
 * (a visitor without a session signs in first), back to the same list. */
export function FamilyWatchButton({ familyId, back }: { familyId: number; back: string }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  return (
    <form method="post" action={localize(userPagePath("watches"))}>
      <input type="hidden" name="intent" value="family" />
      <input type="hidden" name="familyId" value={familyId} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="link-button">
        {t("partWatch.watchFamily")}
      </button>
    </form>
  );
}

/**
 * "Or by e-mail, without an account": a plain form (a document POST, no JavaScript) to the subscribe page,
 * which mails a confirmation link; nothing is watched until it is followed (double opt-in). On a product page
 * it names that part; on the notices page the visitor types the parts (the part filter's, if any, filled in).
 */
export function EmailWatchForm({ partNumber, parts }: { partNumber?: string; parts?: string }) {
  const { t } = useTranslation(partNumber ? "product" : "support");
  const localize = useLocalize();
  return (
    <details className="email-watch">
      <summary>{t("partWatch.byEmail")}</summary>
      <form method="post" action={localize(emailWatchPaths.subscribe)} className="email-watch__form">
        {partNumber ? (
          <input type="hidden" name="parts" value={partNumber} />
        ) : (
          <label>
            <span>{t("partWatch.byEmailParts")}</span>
            <textarea name="parts" rows={3} defaultValue={parts ?? ""} required />
          </label>
        )}
        <label>
          <span>{t("partWatch.byEmailAddress")}</span>
          <input type="email" name="email" required maxLength={254} autoComplete="email" />
        </label>
        <button type="submit" className="button">
          {t("partWatch.byEmailSubmit")}
        </button>
      </form>
    </details>
  );
}

/** The Atom feed of one part's notices (or of every notice), linked from the page's head. */
export function NoticesFeedLink({ partNumber }: { partNumber?: string }) {
  // The product page's namespace has the part's feed title, the notices page's the title of the whole feed.
  const { t } = useTranslation(partNumber ? "product" : "support");
  const localize = useLocalize();
  return (
    <link
      rel="alternate"
      type="application/atom+xml"
      title={partNumber ? t("partWatch.feedPart", { part: partNumber }) : t("partWatch.feedAll")}
      href={localize(noticesFeedHref(partNumber))}
    />
  );
}
