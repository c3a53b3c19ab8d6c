// Small hooks shared by the layout's components.
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { useTranslation } from "./i18n-react.tsx";
import { isLanguage, localizePath, type Language } from "../shared/languages.ts";

/** The language of the page being shown (the router's prefix decides, SPEC §2). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : "zh";
}

/** Builds links inside the current language: useLocalize()("/about/us") → "/en/about/us". */
export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path: string) => localizePath(path, language);
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
