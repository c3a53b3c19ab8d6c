// Which menu entries a language shows. SPEC §2: the jobs list's menu entry is Chinese only (the page
// itself, and every link to it from content, works in both languages).
import type { Language } from "../languages.ts";
import { jobsPath } from "../paths.ts";

/** The products panel lists a series' first parts and links the rest through "all N parts": a real
 * catalog has thousands, and the menu must not grow with it. The layout's loader asks the upstream for this many. */
export const MAX_SERIES_PARTS = 6;

/** Site paths (without language) whose menu entries appear in Chinese only. */
const chineseOnlyMenuPaths = [jobsPath] as const;

/** Whether a menu item linking to `link` (site path, maybe with #fragment or ?query) is shown in `language`. */
export function isMenuLinkShown(link: string, language: Language): boolean {
  if (language === "zh") return true;
  const path = link.split(/[?#]/)[0]!.replace(/\/+$/, "");
  return !chineseOnlyMenuPaths.some((hidden) => path === hidden || path.startsWith(`${hidden}/`));
}

/** The menu collections with the items this language does not show left out. */
export function menuForLanguage<C extends { data: { link: string }[] }>(collections: Record<string, C>, language: Language): Record<string, C> {
  return Object.fromEntries(
    Object.entries(collections).map(([name, collection]) => [name, { ...collection, data: collection.data.filter((item) => isMenuLinkShown(item.link, language)) }]),
  );
}
