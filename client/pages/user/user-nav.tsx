// The signed-in area's own navigation: sample list, sample progress and the account, the current one marked.
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";
import { Link } from "../../components/link.tsx";
import { userPagePath } from "../../../shared/paths.ts";

export function UserNav() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { pathname } = useLocation();
  const link = (path: string, label: string, current: boolean) => (
    <Link to={path} className={current ? "user-nav__link active" : "user-nav__link"} aria-current={current ? "page" : undefined}>
      {label}
    </Link>
  );
  const list = localize(userPagePath("sampleList"));
  const progress = localize(userPagePath("sampleProgress"));
  const account = localize(userPagePath("account"));
  const watches = localize(userPagePath("watches"));
  return (
    <nav className="user-nav" aria-label={t("user.account")}>
      {link(list, t("user.sampleList"), pathname === list)}
      {link(progress, t("user.sampleProgress"), pathname === progress || pathname.startsWith(`${progress}/`))}
      {link(account, t("user.account"), pathname === account)}
      {link(watches, t("user.watches"), pathname === watches)}
    </nav>
  );
}
