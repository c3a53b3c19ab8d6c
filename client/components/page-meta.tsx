// The head of every page for people and crawlers: title, description, canonical URL on PUBLIC_ORIGIN,
// hreflang alternates (zh-CN, en-US, x-default), OpenGraph and Twitter card, robots. React hoists these
// tags into <head>. Every page renders exactly one PageMeta.
import { useLocation } from "react-router-dom";
import { useTranslation } from "../runtime/i18n-react.tsx";
import { useAtomValue } from "jotai";
import { splitLanguagePrefix, localizePath, htmlLang } from "../../shared/languages.ts";
import { absoluteUrl, alternates } from "../../shared/seo/seo.ts";
import { useLanguage } from "../hooks.ts";
import { publicOriginAtom } from "../state/atoms.ts";

/** The site's share image (1200 × 630 JPEG: social networks do not take SVG). */
const DEFAULT_SHARE_IMAGE = "/media/brand/og-image.jpg";

export interface PageMetaProps {
  title: string;
  description?: string | undefined;
  /** Share image: a site path or an absolute URL (PNG or JPEG). */
  image?: string | undefined;
  /** Search results, sign-in and user pages are kept out of the index. */
  noindex?: boolean | undefined;
  /** The canonical path without the language prefix, query included when it names another page (default: this path). */
  canonicalPath?: string | undefined;
  /** OpenGraph type. */
  type?: "website" | "article" | "product" | undefined;
  /** False when the title already names the site (the home page): no " | site name" is added. */
  titleSuffix?: boolean | undefined;
  /** Page number of a paged list: from page 2 on, the description names it (each page's description is its own). */
  page?: number | undefined;
}

export function PageMeta({ title, description, image, noindex, canonicalPath, type = "website", titleSuffix = true, page }: PageMetaProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const origin = useAtomValue(publicOriginAtom);
  const { pathname } = useLocation();
  const { rest } = splitLanguagePrefix(pathname);
  const siteName = t("meta.siteName");
  const fullTitle = !titleSuffix || title === siteName ? title : `${title} | ${siteName}`;
  const base = description || t("meta.defaultDescription");
  const text = page && page > 1 ? t("meta.pagedDescription", { description: base, page }) : base;
  const path = canonicalPath ?? rest;
  const canonical = absoluteUrl(origin || "http://localhost", localizePath(path, language));
  const shareImage = absoluteUrl(origin || "http://localhost", image || DEFAULT_SHARE_IMAGE);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {noindex ? null : <link rel="canonical" href={canonical} />}
      {noindex
        ? null
        : alternates(origin || "http://localhost", path).map((alternate) => (
            <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />
          ))}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={shareImage} />
      <meta property="og:locale" content={htmlLang[language].replace("-", "_")} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={shareImage} />
    </>
  );
}
