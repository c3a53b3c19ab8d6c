// The user dropdown's list: the account name, the sample pages, the account page and sign-out. Sign-out is a form that posts
// to the login route's action (works without JavaScript); with JavaScript the header signs out in place.
import { useLocation } from "react-router-dom";
import { Link } from "../link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { loginHref } from "../../../shared/http/return-path.ts";
import { useSignOut } from "../../features/session/use-sign-out.ts";
import { userPagePath } from "../../../shared/paths.ts";

export function UserMenuList({ name, sampleCount, onClose }: { name: string; sampleCount: number; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const location = useLocation();
  const signOut = useSignOut(onClose);
  return (
    <ul className="user-menu__list">
      <li className="user-menu__who">{name}</li>
      <li>
        <Link to={localize(userPagePath("sampleList"))} onClick={onClose}>
          {t("user.sampleList")}
          <span className="user-menu__list-count">{` (${sampleCount})`}</span>
        </Link>
      </li>
      <li>
        <Link to={localize(userPagePath("sampleProgress"))} onClick={onClose}>
          {t("user.sampleProgress")}
        </Link>
      </li>
      <li>
        <Link to={localize(userPagePath("account"))} onClick={onClose}>
          {t("user.account")}
        </Link>
      </li>
      <li>
        <form
          method="post"
          action={loginHref(language, `${location.pathname}${location.search}`)}
          onSubmit={(event) => {
            event.preventDefault();
            void signOut();
          }}
        >
          <input type="hidden" name="intent" value="signOut" />
          <button type="submit">{t("user.signOut")}</button>
        </form>
      </li>
    </ul>
  );
}
