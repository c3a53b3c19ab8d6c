// Title, description and language alternates of a page; React hoists them into <head>.
import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { splitLanguagePrefix, localizePath, languages, htmlLang } from "../../shared/languages.ts";

export function PageMeta({ title, description }: { title: string; description?: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { rest } = splitLanguagePrefix(pathname);
  const siteName = t("meta.siteName");
  return (
    <>
      <title>{title === siteName ? title : `${title} | ${siteName}`}</title>
      <meta name="description" content={description || t("meta.defaultDescription")} />
      <meta property="og:title" content={title} />
      <meta property="og:site_name" content={siteName} />
      {languages.map((language) => (
        <link key={language} rel="alternate" hrefLang={htmlLang[language]} href={localizePath(rest, language)} />
      ))}
    </>
  );
}
