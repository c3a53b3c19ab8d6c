// Pure helpers of the crawler layer: absolute URLs on the public origin, hreflang alternates and the
// schema.org objects that more than one page builds (BreadcrumbList, Organization, WebSite).
import { htmlLang, languages, localizePath, type Language } from "../languages.ts";
import { searchPath } from "../paths.ts";

/** An absolute URL on the public origin for a site path ("/en/news" → "https://www.example.com/en/news"). */
export function absoluteUrl(origin: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return new URL(path, origin.endsWith("/") ? origin : `${origin}/`).href;
}

export interface Alternate {
  hrefLang: string;
  href: string;
}

/**
 * The hreflang set of a page: one per language plus x-default (the Chinese page, the site's default).
 * Lighthouse wants absolute URLs and valid language codes, and every page must list itself.
 */
export function alternates(origin: string, pathWithoutLanguage: string): Alternate[] {
  const list: Alternate[] = languages.map((language) => ({
    hrefLang: htmlLang[language],
    href: absoluteUrl(origin, localizePath(pathWithoutLanguage, language)),
  }));
  list.push({ hrefLang: "x-default", href: absoluteUrl(origin, localizePath(pathWithoutLanguage, "zh")) });
  return list;
}

export interface Crumb {
  label: string;
  /** Site path without the language prefix; the last crumb (the page itself) may leave it out. */
  to?: string | undefined;
}

/** schema.org BreadcrumbList; a crumb without a path is the current page (its URL is the canonical one). */
export function breadcrumbList(origin: string, language: Language, crumbs: Crumb[], currentPath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(origin, localizePath(crumb.to ?? currentPath, language)),
    })),
  };
}

export interface OrganizationFacts {
  name: string;
  alternateName: string;
  description: string;
  telephone: string;
  email: string;
}

export function organization(origin: string, facts: OrganizationFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": absoluteUrl(origin, "/#organization"),
    name: facts.name,
    alternateName: facts.alternateName,
    description: facts.description,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, "/media/brand/logo.png"),
    contactPoint: [{ "@type": "ContactPoint", telephone: facts.telephone, email: facts.email, contactType: "sales", availableLanguage: ["zh-CN", "en-US"] }],
  };
}

/** WebSite with a SearchAction, so a search engine can offer a site search box that lands on /search. */
export function webSite(origin: string, language: Language, name: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name,
    url: absoluteUrl(origin, localizePath("/", language)),
    inLanguage: htmlLang[language],
    publisher: { "@id": absoluteUrl(origin, "/#organization") },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(origin, localizePath(searchPath, language))}?text={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}
