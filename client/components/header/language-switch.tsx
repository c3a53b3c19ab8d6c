// Switches to the same page in the other language with a full load, so the server sets the <html lang> and
// the strings of that language, and that page's script remembers it (client/runtime/remember-language.ts).
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { htmlLang, languages, splitLanguagePrefix, localizePath } from "../../../shared/languages.ts";
import { useLanguage, usePageSearch } from "../../hooks.ts";

function useAlternateHref(): (language: (typeof languages)[number]) => string {
  const { pathname } = useLocation();
  const search = usePageSearch();
  const { rest } = splitLanguagePrefix(pathname);
  return (language) => `${localizePath(rest, language)}${search}`;
}

export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const href = useAlternateHref();
  return (
    <nav className={`language-switch ${className ?? ""}`} aria-label={t("language.switch")}>
      {languages.map((language) => (
        <a
          key={language}
          href={href(language)}
          hrefLang={htmlLang[language]}
          lang={htmlLang[language]}
          aria-current={language === current ? "true" : undefined}
          className={language === current ? "is-current" : undefined}
        >
          {t(`language.${language}`)}
        </a>
      ))}
    </nav>
  );
}
