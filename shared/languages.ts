// The two languages of the site and the rules every layer applies to them (SPEC §2 "Language selection").
export const languages = ["zh", "en"] as const;
export type Language = (typeof languages)[number];

/**
 * The one fallback rule, by audience, for a request that names no language (no path prefix, no cookie):
 * - pages fall back to zh, the site's default (SPEC §2): the company's home market reads Chinese, and every
 *   unprefixed page URL redirects there;
 * - API answers (the /api envelope and the embedded upstream) fall back to en (SPEC §7: every request body
 *   carries `language`, default en): a client that names no language is a program, not a visitor of /zh.
 * Every fallback in the code is `fallbackLanguage.page` or `fallbackLanguage.api`, never a literal.
 */
export const fallbackLanguage = { page: "zh", api: "en" } as const satisfies Record<"page" | "api", Language>;

/** The site's default language: the page fallback. */
export const defaultLanguage: Language = fallbackLanguage.page;

/** The languages as a regular-expression alternation ("zh|en"), for the patterns that match a language prefix. */
export const languageAlternation = languages.join("|");

/** BCP 47 tags for <html lang> and Content-Language. */
export const htmlLang: Record<Language, string> = { zh: "zh-CN", en: "en-US" };

/** Cookie that remembers the visitor's language; SPEC §9: kept 365 days. */
export const languageCookie = "i18n_redirected";
export const languageCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/** Maps an Accept-Language header to a site language: the first zh-* or en-* entry by quality wins. */
export function languageFromAcceptLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

const languagePrefixPattern = new RegExp(`^/(${languageAlternation})(?=/|$)(.*)$`);

/** Splits "/en/news/x" into { language: "en", rest: "/news/x" }; rest is "/" for the language home. */
export function splitLanguagePrefix(pathname: string): { language: Language | undefined; rest: string } {
  const match = languagePrefixPattern.exec(pathname);
  if (!match) return { language: undefined, rest: pathname };
  return { language: match[1] as Language, rest: match[2] || "/" };
}

/** The language of a page's path: its prefix, else the page fallback (a route tree exists per language, so a
 *  loader's path always has one; the fallback only types it). */
export function languageOfPath(pathname: string): Language {
  return splitLanguagePrefix(pathname).language ?? fallbackLanguage.page;
}

/**
 * The language of the route tree a loader or action belongs to. client/routes.tsx builds one tree per language,
 * and the router hands every loader and action its match's pattern (`/en/news/:category/:pageIndex?`), whose first
 * segment is that tree's static path: the language is the route's, not read again from the request's URL
 * (docs/decisions/030-request-language.md).
 */
export function routeLanguage(pattern: string): Language {
  return languageOfPath(pattern);
}

/** Prefixes a site path (without language) with a language: ("/news", "en") → "/en/news"; "/" → "/en". */
export function localizePath(path: string, language: Language): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return path;
  const clean = path.startsWith("/") ? path : `/${path}`;
  return clean === "/" ? `/${language}` : `/${language}${clean}`;
}
