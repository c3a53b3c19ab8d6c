// Every public page of the site, as paths without a language prefix, gathered from the upstream and grouped
// by section (one child sitemap per section and language): the fixed sections, every internal link of the
// menus, the product tree's categories, every page of the news, jobs and document lists ("pages"), then the
// product, news and job detail pages. Each entry carries the date its content last changed when the upstream
// knows it (articles, positions, a product's newest document).
import {
  MAX_PAGE_SIZE,
  queryAttachPage,
  queryNewsByPage,
  queryRecruitmentByPage,
  querySiteList,
  querySitePageData,
  siteListTypes,
  queryNoticeByPage,
  queryModelValidations,
} from "../../../shared/contract/index.ts";
import { newsCategories } from "../../../shared/contract/news.ts";
import { serviceNames } from "../../../shared/contract/services.ts";
import type { PageClient } from "../../../client/api/page-client.ts";
import type { DocumentMeta } from "../../../shared/contract/documents.ts";
import { NEWS_PAGE_SIZE } from "../../../shared/query/news.ts";
import { pageCount } from "../../../shared/query/paging.ts";
import { defaultJobsState, jobsListPath } from "../../../shared/query/jobs.ts";
import { crossReferenceSitemapEntries } from "./cross-reference-sitemap.ts";
import type { SitemapEntry } from "./sitemap-entry.ts";
import { NOTICES_PAGE_SIZE, defaultNoticeListState, writeNoticeList } from "../../../shared/query/notices.ts";
import { DOCUMENTS_MAX_PAGE, DOCUMENTS_PAGE_SIZE, defaultDocumentListState, documentListSearch } from "../../../shared/query/support.ts";
import {
  aboutPath,
  aboutUsPath,
  applicationsPath,
  clausePath,
  contactUsPath,
  jobsPath,
  newsPath,
  privacyPath,
  productsPath,
  reliabilityPath,
  samplePolicyPath,
  estimatorMethodPath,
  documentsPath,
  servicePath,
  newsListPath,
  categoryPath,
  newsDetailPath,
  positionDetailPath,
  productDetailPath,
  noticesPath,
  noticeDetailPath,
} from "../../../shared/paths.ts";
import { documentDetailPath } from "../../../shared/document-paths.ts";
import { modelValidationPagePath } from "../../../shared/model-validation-path.ts";
import { datasheetPagePath } from "../../../shared/datasheet-path.ts";

// The HTML datasheets have a section of their own: beside the product pages they doubled the products' child (9.6 MB,
// 2 s to answer at 10,000 products; docs/decisions/054-html-datasheet.md).
export const sitemapSections = ["pages", "products", "datasheets", "news", "jobs"] as const;
export type SitemapSection = (typeof sitemapSections)[number];
export type SitemapEntries = Record<SitemapSection, SitemapEntry[]>;

/** Sections that exist whatever the content says. */
const fixedPaths = [
  "/",
  aboutPath,
  aboutUsPath,
  contactUsPath,
  samplePolicyPath,
  jobsPath,
  clausePath,
  privacyPath,
  newsPath,
  // "/support" is left out: it shows the document centre, whose canonical URL is /support/documents (a menu link).
  applicationsPath,
  reliabilityPath,
  productsPath,
  estimatorMethodPath,
  ...serviceNames.map(servicePath),
];

/** Upstream pages read at once: enough to overlap their latency, few enough not to crowd out visitors. */
const PAGE_CONCURRENCY = 2;

/** A page that failed (a timeout while the upstream is busy) is asked once more before the build gives up. */
async function twice<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    return load();
  }
}

/** Reads every page of a paged call: the first tells the total, the rest follow a few at a time. No page cap:
 * a list of any length is read whole (each call has its own timeout, there is no deadline for the walk). */
async function allPages<T>(fetchPage: (pageIndex: number) => Promise<{ list: T[]; total: number }>, pageSize = MAX_PAGE_SIZE): Promise<T[]> {
  const first = await twice(() => fetchPage(1));
  const pages = Math.ceil(first.total / pageSize);
  const rest: T[][] = new Array(Math.max(0, pages - 1));
  let next = 2;
  const worker = async () => {
    while (next <= pages) {
      const pageIndex = next++;
      rest[pageIndex - 2] = (await twice(() => fetchPage(pageIndex))).list;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGE_CONCURRENCY, rest.length) }, worker));
  return [...first.list, ...rest.flat()];
}

/** Above this many documents the whole list is not read just to date the products (see documentsForDates). */
const DATED_DOCUMENTS_MAX = 500;

/** The documents that date the products (a product's lastmod is its newest document's date) and their count
 * (the document centre's pages). Listing documents costs the upstream a lookup of each one's products through
 * the tree (about 11 s a page of 100 at 10,000 products, all of it in the upstream's one worker, which stops
 * answering anyone meanwhile), so a large list is not walked: its newest document and its count (one row) stand
 * in, and the products are dated by the site's newest change. Likewise when the walk fails. */
async function documentsForDates(api: () => PageClient, onDocumentsMissing?: (error: unknown) => void): Promise<{ list: DocumentMeta[]; total: number }> {
  const head = await twice(() => api().call(queryAttachPage, { pageIndex: 1, pageSize: 1 }));
  if (head.total > DATED_DOCUMENTS_MAX) return { list: head.list, total: head.total };
  try {
    const list = await allPages((pageIndex) => api().call(queryAttachPage, { pageIndex, pageSize: MAX_PAGE_SIZE }));
    return { list, total: list.length };
  } catch (error) {
    onDocumentsMissing?.(error);
    return { list: head.list, total: head.total };
  }
}

/** An internal page link of a menu: "/applications/ev" yes; "https://…", "//…", "#…" and files no. */
function internalPath(link: string): string | null {
  if (!link.startsWith("/") || link.startsWith("//")) return null;
  const path = link.split(/[?#]/)[0]!.replace(/\/+$/, "") || "/";
  if (/\.[a-z0-9]{2,5}$/i.test(path) || path.startsWith("/api/") || path.startsWith("/media/")) return null;
  return path;
}

function newest(dates: (string | undefined)[]): string | undefined {
  let result: string | undefined;
  for (const date of dates) if (date && (!result || date > result)) result = date;
  return result;
}

/** Collects the entries through page clients of one language (paths are the same in both); `api` gives a
 * client per call, so each call gets its own timeout. */
export async function collectSitemapEntries(api: () => PageClient, onDocumentsMissing?: (error: unknown) => void): Promise<SitemapEntries> {
  const [menu, tree, news, jobs, documentList, notices, validations] = await Promise.all([
    api().request(querySitePageData, { templateCode: "menu" }),
    api().call(querySiteList, { type: siteListTypes.products }),
    allPages((pageIndex) => api().call(queryNewsByPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
    allPages((pageIndex) => api().call(queryRecruitmentByPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
    documentsForDates(api, onDocumentsMissing),
    allPages((pageIndex) => api().call(queryNoticeByPage, { pageIndex, pageSize: MAX_PAGE_SIZE })),
    api().call(queryModelValidations, undefined, {}),
  ]);
  const { list: documents, total: documentTotal } = documentList;

  // A product's page changes with its documents: its lastmod is the newest document's date.
  const documentDate = new Map<string, string>();
  for (const document of documents) {
    for (const product of document.products) {
      const known = documentDate.get(product.partNumber);
      if (!known || known < document.date) documentDate.set(product.partNumber, document.date);
    }
  }
  const siteDate = newest([...news.map((item) => item.date), ...jobs.map((item) => item.date), ...documents.map((item) => item.date)]);

  const seen = new Set<string>();
  const sections: SitemapEntries = { pages: [], products: [], datasheets: [], news: [], jobs: [] };
  const add = (section: SitemapSection, path: string, lastmod?: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    sections[section].push({ path, lastmod });
  };
  for (const path of fixedPaths) add("pages", path, siteDate);

  const entry = menu.data[0]?.data;
  if (entry?.kind === "menu") {
    for (const collection of Object.values(entry.collections)) {
      if (!collection.display) continue;
      for (const item of collection.data) {
        const path = internalPath(item.link);
        if (path) add("pages", path, siteDate);
      }
    }
  }

  // A node is public only when its whole ancestry is on.
  const byId = new Map(tree.map((node) => [node.id, node]));
  const publicIds = new Map<number, boolean>();
  const isPublic = (id: number): boolean => {
    const known = publicIds.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const result = !!node && node.status === "on" && (node.parentId === null || isPublic(node.parentId));
    publicIds.set(id, result);
    return result;
  };
  // A category changes when any product below it does: each product's date is carried up its ancestry.
  const categoryDate = new Map<number, string | undefined>();
  for (const node of tree) {
    if (!node.partNumber || !isPublic(node.id)) continue;
    const date = documentDate.get(node.partNumber) ?? siteDate;
    add("products", productDetailPath(node.partNumber), date);
    // Its datasheet as a web page (docs/decisions/054-html-datasheet.md) changes with the same documents.
    add("datasheets", datasheetPagePath(node.partNumber), date);
    for (let parent = node.parentId === null ? undefined : byId.get(node.parentId); parent; parent = parent.parentId === null ? undefined : byId.get(parent.parentId)) {
      categoryDate.set(parent.id, newest([categoryDate.get(parent.id), date]));
    }
  }
  for (const node of tree) {
    if (node.partNumber || !isPublic(node.id)) continue;
    add("pages", categoryPath(node.id), categoryDate.get(node.id) ?? siteDate);
  }

  // Every page of every news list: page N lists the articles N pages below the newest.
  for (const category of [null, ...newsCategories]) {
    const articles = news.filter((item) => category === null || item.category === category);
    for (let page = 1; page <= pageCount(articles.length, NEWS_PAGE_SIZE); page++) {
      const shown = articles.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);
      add("pages", newsListPath({ category, page }), newest(shown.map((item) => item.date)));
    }
  }
  for (const type of new Set(jobs.map((job) => job.type))) {
    add("pages", jobsListPath({ ...defaultJobsState, type }), newest(jobs.filter((job) => job.type === type).map((job) => job.date)));
  }
  // Every page of the document centre's unfiltered list (its canonical pages), newest documents first.
  const documentPages = Math.min(DOCUMENTS_MAX_PAGE, pageCount(documentTotal, DOCUMENTS_PAGE_SIZE));
  for (let page = 2; page <= documentPages; page++) {
    const shown = documents.slice((page - 1) * DOCUMENTS_PAGE_SIZE, page * DOCUMENTS_PAGE_SIZE);
    add("pages", `${documentsPath}${documentListSearch({ ...defaultDocumentListState, page })}`, newest(shown.map((item) => item.date)) ?? siteDate);
  }
  // Every page of the unfiltered change-notice list, newest first, and every notice's own page.
  for (let page = 1; page <= pageCount(notices.length, NOTICES_PAGE_SIZE); page++) {
    const shown = notices.slice((page - 1) * NOTICES_PAGE_SIZE, page * NOTICES_PAGE_SIZE);
    add("pages", `${noticesPath}${writeNoticeList({ ...defaultNoticeListState, page })}`, newest(shown.map((item) => item.issued)) ?? siteDate);
  }
  for (const notice of notices) add("pages", noticeDetailPath(notice.number), notice.issued);
  // Every document's own page (its history and downloads), dated by its current revision; only when the list was
  // walked (documentsForDates): a catalogue too large to walk leaves them to the document centre's pages.
  if (documents.length === documentTotal) for (const document of documents) add("pages", documentDetailPath(document.id), document.date);
  // Beside them, every part's model validation page, dated by the model version it reports on.
  for (const entry of validations) add("pages", modelValidationPagePath(entry.partNumber), entry.date);
  for (const item of news) add("news", newsDetailPath(item.id), item.date);
  for (const job of jobs) add("jobs", positionDetailPath(job.id), job.date);
  // The cross-reference pages of known competitor parts sit under products.
  for (const item of await crossReferenceSitemapEntries(api())) add("products", item.path, item.lastmod ?? siteDate);

  return sections;
}
