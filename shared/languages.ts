// The two languages of the site and the rules every layer applies to them (SPEC §2 "Language selection").
export const languages = ["zh", "en"] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = "zh";

/** BCP 47 tags for <html lang> and Content-Language. */
export const htmlLang: Record<Language, string> = { zh: "zh-CN", en: "en-US" };

/** Cookie that remembers the visitor's language; SPEC §9: kept 365 days. */
export const languageCookie = "i18n_redirected";
export const languageCookieMaxAgeMs = 365 * 24 * 60 * 60 * 1000;

export function isLanguage(value: unknown): value is Language {
  return value === "zh" || value === "en";
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

/** Splits "/en/news/x" into { language: "en", rest: "/news/x" }; rest is "/" for the language home. */
export function splitLanguagePrefix(pathname: string): { language: Language | undefined; rest: string } {
  const match = /^\/(zh|en)(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { language: undefined, rest: pathname };
  return { language: match[1] as Language, rest: match[2] || "/" };
}

/** Prefixes a site path (without language) with a language: ("/news", "en") → "/en/news"; "/" → "/en". */
export function localizePath(path: string, language: Language): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return path;
  const clean = path.startsWith("/") ? path : `/${path}`;
  return clean === "/" ? `/${language}` : `/${language}${clean}`;
}
