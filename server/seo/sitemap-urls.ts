// Every public page of the site, as paths without a language prefix, gathered from the upstream: the fixed
// sections, every internal link of the menus (applications, support, reliability, news, about), the product
// tree (categories and products), news articles and job positions. Each entry carries the date its content
// last changed when the upstream knows it (articles, positions, a product's newest document).
import { MAX_PAGE_SIZE, queryAttachPage, queryNewsByPage, queryRecruitmentByPage, querySiteList, querySitePageData, siteListTypes } from "../../shared/contract/index.ts";
import { newsCategories } from "../../shared/contract/news.ts";
import { servicePagePath, serviceNames } from "../../shared/contract/services.ts";
import type { PageClient } from "../../client/api/page-client.ts";
import { NEWS_PAGE_SIZE, newsListPath, pageCount } from "../../shared/news-query.ts";
import { defaultJobsState, jobsListPath } from "../../shared/jobs-query.ts";
import { crossReferenceSitemapEntries } from "./cross-reference-sitemap.ts";
import { METHOD_PATH } from "../../shared/estimator/method-path.ts";

export interface SitemapEntry {
  /** Path without the language prefix ("/" is the language home). */
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string | undefined;
}

/** Sections that exist whatever the content says. */
const fixedPaths = [
  "/",
  "/about",
  "/about/us",
  "/about/contactUs",
  "/about/sample",
  "/about/joinUs",
  "/clause",
  "/privacy",
  "/news",
  // "/support" is left out: it shows the document centre, whose canonical URL is /support/documents (a menu link).
  "/applications",
  "/reliability",
  "/productAndService/products",
  METHOD_PATH,
  ...serviceNames.map(servicePagePath),
];

/** Reads every page of a paged call (bounded: a sitemap never walks more than 50 pages of one list). */
async function allPages<T>(fetchPage: (pageIndex: number) => Promise<{ list: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let pageIndex = 1; pageIndex <= 50; pageIndex++) {
    const page = await fetchPage(pageIndex);
    items.push(...page.list);
    if (page.list.length === 0 || items.length >= page.total) break;
  }
  return items;
}

/** An internal page link of a menu: "/applications/ev" yes; "https://…", "//…", "#…" and files no. */
function internalPath(link: string): string | null {
  if (!link.startsWith("/") || link.startsWith("//")) return null;
  const path = link.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  if (/\.[a-z0-9]{2,5}$/i.test(path) || path.startsWith("/api/") || path.startsWith("/media/")) return null;
  return path;
}

function newest(dates: (string | undefined)[]): string | undefined {
  return dates.filter((date): date is string => !!date).sort().at(-1);
}

/** Collects the entries through one page client (one language: paths are the same in both). */
export async function collectSitemapEntries(api: PageClient): Promise<SitemapEntry[]> {
  const [menu, tree, news, jobs, documents] = await Promise.all([
    api.request(querySitePageData, { templateCode: "menu" }),
    api.call(querySiteList, { type: siteListTypes.products }),
    allPages((pageIndex) => api.call(queryNewsByPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
    allPages((pageIndex) => api.call(queryRecruitmentByPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
    allPages((pageIndex) => api.call(queryAttachPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
  ]);

  // A product's page changes with its documents: its lastmod is the newest document's date.
  const documentDate = new Map<string, string>();
  for (const document of documents) {
    for (const product of document.products) {
      const known = documentDate.get(product.partNumber);
      if (!known || known < document.date) documentDate.set(product.partNumber, document.date);
    }
  }
  const siteDate = newest([...news.map((item) => item.date), ...jobs.map((item) => item.date), ...documents.map((item) => item.date)]);

  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, lastmod?: string) => {
    if (!entries.has(path)) entries.set(path, { path, lastmod });
  };
  for (const path of fixedPaths) add(path, siteDate);

  const entry = menu.data[0]?.data;
  if (entry?.kind === "menu") {
    for (const collection of Object.values(entry.collections)) {
      if (!collection.display) continue;
      for (const item of collection.data) {
        const path = internalPath(item.link);
        if (path) add(path, siteDate);
      }
    }
  }

  const visible = tree.filter((node) => node.status === "on");
  const onIds = new Set(visible.map((node) => node.id));
  // A node is public only when its whole ancestry is on.
  const byId = new Map(tree.map((node) => [node.id, node]));
  const isPublic = (id: number): boolean => {
    for (let node = byId.get(id); node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
      if (!onIds.has(node.id)) return false;
    }
    return true;
  };
  const productDates = new Map<number, string | undefined>();
  for (const node of visible) {
    if (!isPublic(node.id)) continue;
    if (node.partNumber) {
      const date = documentDate.get(node.partNumber) ?? siteDate;
      productDates.set(node.id, date);
      add(`/productAndService/productDetail/${encodeURIComponent(node.partNumber)}`, date);
    }
  }
  for (const node of visible) {
    if (node.partNumber || !isPublic(node.id)) continue;
    // A category changes when any product below it does.
    const below = visible.filter((other) => other.partNumber && descends(other.id, node.id, byId)).map((other) => productDates.get(other.id));
    add(`/productAndService/products/${node.id}`, newest(below) ?? siteDate);
  }

  // Every page of every news list: page N lists the articles N pages below the newest.
  for (const category of [null, ...newsCategories]) {
    const articles = news.filter((item) => category === null || item.category === category);
    for (let page = 1; page <= pageCount(articles.length, NEWS_PAGE_SIZE); page++) {
      const shown = articles.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
      add(newsListPath({ category, page }), newest(shown.map((item) => item.date)));
    }
  }
  for (const type of new Set(jobs.map((job) => job.type))) {
    add(jobsListPath({ ...defaultJobsState, type }), newest(jobs.filter((job) => job.type === type).map((job) => job.date)));
  }
  for (const item of news) add(`/news/newsDetail/${item.id}`, item.date);
  for (const job of jobs) add(`/about/joinUs/positionDetail/${job.id}`, job.date);
  for (const item of await crossReferenceSitemapEntries(api)) add(item.path, item.lastmod ?? siteDate);

  return [...entries.values()];
}

function descends(id: number, ancestorId: number, byId: Map<number, { id: number; parentId: number | null }>): boolean {
  for (let node = byId.get(id); node && node.parentId !== null; node = byId.get(node.parentId)) {
    if (node.parentId === ancestorId) return true;
  }
  return false;
}
