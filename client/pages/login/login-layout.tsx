// The login layout of SPEC §2: the logo, a close icon back to `path` (or the language home), and a
// copyright footer with the company name and, in Chinese only, the filing-number link.
import type { ReactNode } from "react";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";

export function LoginLayout({ closeTo, year, children }: { closeTo: string; year: string; children: ReactNode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  return (
    <div className="login-layout">
      <header className="login-layout__bar">
        <Link to={localize("/")} className="login-layout__logo" aria-label={`${t("companyShort")} — ${t("home")}`}>
          <img src="/media/brand/logo.svg" alt="" width="148" height="35" />
        </Link>
        <Link to={closeTo} className="login-layout__close" aria-label={t("login:close")}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </Link>
      </header>
      {children}
      <footer className="login-layout__footer">
        <p>{t("footer.copyright", { year })}</p>
        {language === "zh" && (
          <p>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer nofollow">
              {t("footer.icp")}
            </a>
          </p>
        )}
      </footer>
    </div>
  );
}
