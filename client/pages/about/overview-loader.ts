// Data of the section overviews (/about, /applications, /reliability): the section's pages as the menu
// lists them, each checked against its content page (only pages that exist are shown) for its picture
// and description, plus the menu's sub-entries that point into each page.
import { data, type LoaderFunctionArgs } from "react-router-dom";
import { querySitePageData } from "../../../shared/contract/index.ts";
import type { MenuItem, PageData } from "../../../shared/contract/site.ts";
import type { Language } from "../../../shared/languages.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";

export type OverviewSection = "about" | "applications" | "reliability";

const collections: Record<OverviewSection, string> = {
  about: "about_us_arr",
  applications: "application_area_arr",
  reliability: "quality_reliability_arr",
};

interface OverviewCard {
  title: string;
  text: string;
  link: string;
  image: string;
  /** Menu entries that lead into this page (an application's uses, a page's highlights). */
  children: { title: string; link: string }[];
}

export interface OverviewData {
  section: OverviewSection;
  cards: OverviewCard[];
  /** Content pages by URL, for sections a page of the overview wants to repeat (the company's figures). */
  pages: Record<string, PageData>;
}

const pathOf = (link: string) => link.split("#")[0]!;

export function overviewLoader(language: Language, section: OverviewSection) {
  return async ({ context }: LoaderFunctionArgs): Promise<OverviewData> => {
    const api = pageClient(context, language);
    const menuEntry = (await api.request(querySitePageData, { templateCode: "menu" })).data[0]?.data;
    if (menuEntry?.kind !== "menu") throw new Error("The menu data is missing");
    const prefix = `/${section}/`;
    const own = menuEntry.collections[collections[section]];
    const items = (own?.display ? own.data : []).filter((item) => pathOf(item.link).startsWith(prefix));
    const lookups = await Promise.all(
      items.map(async (item) => {
        try {
          const found = (await api.request(querySitePageData, { url: pathOf(item.link) })).data[0]?.data;
          return found?.kind === "page" ? found : null;
        } catch (error) {
          // A menu entry whose page is gone is left out of the overview rather than linking to a 404.
          if (error instanceof ApiCallError && error.status === 404) return null;
          throw error;
        }
      }),
    );
    // Sub-entries: every other menu collection's items that point into one of the section's pages.
    const subEntries: MenuItem[] = Object.entries(menuEntry.collections)
      .filter(([name, collection]) => collection.display && name !== collections[section] && !name.endsWith("_pic_arr"))
      .flatMap(([, collection]) => collection.data)
      .filter((item) => item.link.includes("#") && pathOf(item.link).startsWith(prefix));
    const pages: Record<string, PageData> = {};
    const cards: OverviewCard[] = [];
    items.forEach((item, index) => {
      const page = lookups[index];
      if (!page) return;
      pages[page.url] = page;
      cards.push({
        title: item.category,
        text: item.desc || page.description,
        link: pathOf(item.link),
        image: item.url || page.banner?.image || "",
        children: subEntries.filter((entry) => pathOf(entry.link) === pathOf(item.link)).map((entry) => ({ title: entry.category, link: entry.link })),
      });
    });
    if (!cards.length) throw data(null, { status: 404 });
    return { section, cards, pages };
  };
}
