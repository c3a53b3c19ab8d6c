// Data of the default layout: menus and footer (site page data "menu") and the menu-sized product tree.
// SPEC §8: when these fail, only a console message is logged and the menus stay empty.
import type { ShouldRevalidateFunctionArgs } from "react-router-dom";
import { querySiteList, querySitePageData, siteListTypes } from "../../shared/contract/index.ts";
import type { MenuData, SiteListNode } from "../../shared/contract/site.ts";
import type { Language } from "../../shared/languages.ts";
import { MAX_SERIES_PARTS, menuForLanguage } from "../../shared/site/menu-rules.ts";
import { pageClient } from "../api/loader-context.ts";

export interface LayoutData {
  language: Language;
  menu: MenuData["collections"];
  year: string;
  /** Every category (with its part count) and only the first parts of each, as many as the menus list:
   * every page carries this, so it must not grow with the catalog. A page that needs more of the tree
   * asks for its own part of it. */
  products: SiteListNode[];
}

/** SPEC §9: the footer year defaults to 2024 when the server supplies none. */
const DEFAULT_FOOTER_YEAR = "2024";

// The server's upstream cache answers every request with the same objects until they expire, so the
// layout's data is derived once per pair of answers, and every page of a language embeds the same object
// (client/document.tsx serialises it once). Keyed weakly: an expired answer takes its layout with it.
const derived = new WeakMap<object, WeakMap<object, LayoutData>>();

export function layoutLoader(language: Language) {
  return async ({ context }: { context?: unknown }): Promise<LayoutData> => {
    const api = pageClient(context, language);
    const [menuResult, treeResult] = await Promise.allSettled([
      api.request(querySitePageData, { templateCode: "menu" }),
      api.call(querySiteList, { type: siteListTypes.products, partsPerCategory: MAX_SERIES_PARTS }),
    ]);
    const build = (): LayoutData => {
      let menu: MenuData["collections"] = {};
      let year = DEFAULT_FOOTER_YEAR;
      if (menuResult.status === "fulfilled") {
        const entry = menuResult.value.data[0]?.data;
        if (entry?.kind === "menu") {
          menu = menuForLanguage(entry.collections, language);
          year = menuResult.value.year || entry.year || DEFAULT_FOOTER_YEAR;
        }
      } else {
        console.warn("no nav data found", String(menuResult.reason));
      }
      let products: SiteListNode[] = [];
      if (treeResult.status === "fulfilled") products = treeResult.value.map(leanNode);
      else console.warn("no product info", String(treeResult.reason));
      return { language, menu, year, products };
    };
    if (menuResult.status !== "fulfilled" || treeResult.status !== "fulfilled") return build();
    let byTree = derived.get(menuResult.value);
    if (!byTree) {
      byTree = new WeakMap();
      derived.set(menuResult.value, byTree);
    }
    let data = byTree.get(treeResult.value);
    if (!data) {
      data = build();
      byTree.set(treeResult.value, data);
    }
    return data;
  };
}

/** The layout's data travels in every page's hydration data: a product (a leaf of the tree) keeps only what menus,
 * footer and breadcrumbs show of it (name, part number, place in the tree); its summary and image belong to its
 * own page (two thirds of the tree's bytes: docs/decisions/005-lean-hydration-data.md). Categories keep theirs
 * (home and catalog cards show them). */
function leanNode(node: SiteListNode): SiteListNode {
  return node.partNumber === null ? node : { ...node, summary: null, image: null };
}

/** Menus change with the language only; navigating inside one language reuses them. */
export function shouldRevalidateLayout({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  void currentParams;
  void nextParams;
  return currentUrl.pathname.slice(0, 3) !== nextUrl.pathname.slice(0, 3);
}
