// The signed-in area's own navigation: sample list and sample progress, the current one marked.
import { NavLink } from "react-router-dom";
import { useTranslation } from "../../i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";

export function UserNav() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <nav className="user-nav" aria-label={t("user.account")}>
      <NavLink to={localize("/user/sampleList")} className="user-nav__link" end>
        {t("user.sampleList")}
      </NavLink>
      <NavLink to={localize("/user/sampleProgress")} className="user-nav__link">
        {t("user.sampleProgress")}
      </NavLink>
    </nav>
  );
}
