// The user dropdown's list: the account name, the sample pages and sign-out. Loaded on demand by user-menu.tsx.
import { Link } from "../link.tsx";
import { useTranslation } from "../../i18n-react.tsx";
import { useLocalize } from "../../hooks.ts";
import { useSignOut } from "./use-sign-out.ts";

export function UserMenuList({ name, sampleCount, onClose }: { name: string; sampleCount: number; onClose: () => void }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const signOut = useSignOut(onClose);
  return (
    <ul className="user-menu__list">
      <li className="user-menu__who">{name}</li>
      <li>
        <Link to={localize("/user/sampleList")} onClick={onClose}>
          {t("user.sampleList")}
          <span className="user-menu__list-count">{` (${sampleCount})`}</span>
        </Link>
      </li>
      <li>
        <Link to={localize("/user/sampleProgress")} onClick={onClose}>
          {t("user.sampleProgress")}
        </Link>
      </li>
      <li>
        <button type="button" onClick={signOut}>
          {t("user.signOut")}
        </button>
      </li>
    </ul>
  );
}
