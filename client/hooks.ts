// Small hooks shared by the layout's components.
import { useEffect, useState } from "react";
import { useLocation, useMatches } from "react-router-dom";
import { useTranslation } from "./runtime/i18n-react.tsx";
import { defaultLanguage, isLanguage, localizePath, type Language } from "../shared/languages.ts";

/** The language of the page being shown (the router's prefix decides, SPEC §2). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/** Builds links inside the current language: useLocalize()("/about/us") → "/en/about/us". */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path: string) => localizePath(path, language);
}

/**
 * The query string the page stands for, for links that carry it to another page (the other language, the
 * sign-in return path). A page whose URL grammar drops what it does not read (the finder) puts its
 * `canonicalSearch` in its loader data, so parameters it ignores are never echoed into its HTML; any other
 * page's is the URL's own. Dropped rather than redirected: WeChat adds `from=…&isappinstalled=0` to every
 * link shared in it, and a redirect would cost each such visit a round trip.
 */
export function usePageSearch(): string {
  const { search } = useLocation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { canonicalSearch?: unknown } | null | undefined;
    if (data && typeof data === "object" && typeof data.canonicalSearch === "string") return data.canonicalSearch;
  }
  return search;
}

/** True once the window is scrolled further than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}
