// Turns the layout data (menu collections and the product tree) into the six top menu entries.
import type { MenuCollection, MenuItem, SiteListNode } from "../../../shared/contract/site.ts";
import { buildTree, findNode, firstCategoryWithProducts, type TreeNode } from "../../../shared/catalog/tree.ts";
import { MAX_SERIES_PARTS } from "../../../shared/site/menu-rules.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import {
  aboutPath,
  applicationsPath,
  crossReferencePath,
  newsPath,
  productsPath,
  reliabilityPath,
  servicePath,
  supportPath,
  categoryPath,
  matchCategory,
  productDetailPath,
} from "../../../shared/paths.ts";

interface MenuLink {
  label: string;
  link: string;
  desc?: string;
  /** A product series: how many parts it holds in all (the menu lists at most MAX_SERIES_PARTS of them). */
  partCount?: number;
}
interface MenuGroup extends MenuLink {
  children: MenuLink[];
  /** A third level (product families → series → their first parts). */
  grandchildren?: MenuLink[][];
}
export interface MenuEntry {
  key: "products" | "applications" | "support" | "news" | "reliability" | "about";
  link: string;
  groups: MenuGroup[];
  promos: MenuItem[];
}

/** SPEC §2/§9: at most 3 promo media per menu; up to 9 application category groups. */
const MAX_PROMOS = 3;
const MAX_APPLICATION_GROUPS = 9;

function collection(menu: LayoutData["menu"], name: string): MenuItem[] {
  const value: MenuCollection | undefined = menu[name];
  return value?.display ? value.data : [];
}

function toLink(item: MenuItem): MenuLink {
  return { label: item.category, link: item.link, desc: item.desc };
}

/** A product goes to its detail page; a category to its first descendant category that holds products. */
export function productLink(node: TreeNode<SiteListNode>): string {
  if (node.partNumber) return productDetailPath(node.partNumber);
  return categoryPath((firstCategoryWithProducts(node) ?? node).id);
}

/** A content link to a category (the footer's series_arr) follows the same first-descendant rule. */
export function resolveCategoryLink(link: string, roots: readonly TreeNode<SiteListNode>[]): string {
  const id = matchCategory(link);
  const node = id !== null ? findNode(roots, id) : null;
  return node ? productLink(node) : link;
}

export const serviceLinks = [
  { key: "customDevice", link: servicePath("customDevice") },
  { key: "customModule", link: servicePath("customModule") },
  { key: "crossReference", link: crossReferencePath },
] as const;

// One menu per layout object: on the server that object is shared by every page of a language.
const menus = new WeakMap<LayoutData, MenuEntry[]>();

export function buildMenu(data: LayoutData): MenuEntry[] {
  let menu = menus.get(data);
  if (!menu) {
    menu = build(data);
    menus.set(data, menu);
  }
  return menu;
}

/** The parts (nodes with a part number) anywhere below a category: the upstream's count when the tree is
 * menu-sized (it holds only the first parts), else counted. */
function countParts(node: TreeNode<SiteListNode>): number {
  if (node.partCount !== undefined) return node.partCount;
  return node.children.reduce((sum, child) => sum + (child.partNumber ? 1 : countParts(child)), 0);
}

/** The first `max` parts below a category, depth first in menu order. */
function firstParts(node: TreeNode<SiteListNode>, max: number, found: TreeNode<SiteListNode>[] = []): TreeNode<SiteListNode>[] {
  for (const child of node.children) {
    if (found.length >= max) break;
    if (child.partNumber) found.push(child);
    else firstParts(child, max, found);
  }
  return found;
}

function build(data: LayoutData): MenuEntry[] {
  const families = buildTree(data.products);
  const products: MenuGroup[] = families.map((family) => ({
    label: family.name,
    link: productLink(family),
    children: family.children.map((series) => ({ label: series.name, link: productLink(series), partCount: countParts(series) })),
    grandchildren: family.children.map((series) => firstParts(series, MAX_SERIES_PARTS).map((product) => ({ label: product.name, link: productLink(product) }))),
  }));
  const areas = collection(data.menu, "application_area_arr").slice(0, MAX_APPLICATION_GROUPS);
  const applications: MenuGroup[] = areas.map((area, index) => ({
    ...toLink(area),
    children: collection(data.menu, `application_area_category${index + 1}_arr`).map(toLink),
  }));
  const flat = (name: string): MenuGroup[] => collection(data.menu, name).map((item) => ({ ...toLink(item), children: [] }));
  const promos = (name: string) => collection(data.menu, name).slice(0, MAX_PROMOS);
  const support = flat("technical_support_arr");
  const news = flat("news_arr");
  const reliability = flat("quality_reliability_arr");
  const about = flat("about_us_arr");
  // Each top entry leads to its section's overview, which links every page of the section.
  return [
    { key: "products", link: productsPath, groups: products, promos: [] },
    { key: "applications", link: applicationsPath, groups: applications, promos: promos("application_area_pic_arr") },
    { key: "support", link: supportPath, groups: support, promos: promos("technical_support_pic_arr") },
    { key: "news", link: newsPath, groups: news, promos: promos("news_pic_arr") },
    { key: "reliability", link: reliabilityPath, groups: reliability, promos: promos("quality_reliability_pic_arr") },
    { key: "about", link: aboutPath, groups: about, promos: promos("about_us_pic_arr") },
  ];
}
