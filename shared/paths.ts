// Every path of the site, built and matched here only, so links, redirects, route guards, sitemaps and the
// search index cannot drift apart. Builders return paths without the language prefix (localizePath adds it).
// Client bundles import this module: it stays small and imports no schema library.
import { languageAlternation, type Language } from "./languages.ts";

// ── Products and services ──────────────────────────────────────────────────────────────────────────────
/** The catalog overview (families and series), also the finder's route without an id. */
export const productsPath = "/productAndService/products";
const categoryPattern = /^\/productAndService\/products\/(\d+)$/;

/** A category's finder. */
export function categoryPath(id: number): string {
  return `${productsPath}/${id}`;
}

/** The id of a category path ("/productAndService/products/12"), else null. */
export function matchCategory(path: string): number | null {
  const match = categoryPattern.exec(path);
  return match ? Number(match[1]) : null;
}

/** A category's finder result as CSV (the finder's query follows). */
export function categoryCsvPath(id: number): string {
  return `${categoryPath(id)}.csv`;
}

// A plain id of at most nine digits: the CSV handler never asks the upstream about anything else.
const categoryCsvPattern = new RegExp(`^/(${languageAlternation})/productAndService/products/([1-9]\\d{0,8})\\.csv$`);

/** The language and category id of a category CSV path with its language prefix, else null. */
export function matchCategoryCsv(pathname: string): { language: Language; id: number } | null {
  const match = categoryCsvPattern.exec(pathname);
  return match ? { language: match[1] as Language, id: Number(match[2]) } : null;
}

/** A product's detail page, by part number. */
export function productDetailPath(partNumber: string): string {
  return `/productAndService/productDetail/${encodeURIComponent(partNumber)}`;
}

/** The compare page; `search` is its query as shared/query/compare.ts writes it ("" or "?…"). */
export function comparePath(search = ""): string {
  return `/productAndService/compare${search}`;
}

/** The cross-reference page (its query: shared/query/cross-reference.ts). */
export const crossReferencePath = "/productAndService/crossReference";
/** The cross-reference's CSV with its language prefix, as the site mounts it. */
export const crossReferenceCsvPattern = new RegExp(`^/(${languageAlternation})/productAndService/crossReference\\.csv$`);

/** Where the estimator's methods page lives: the route, the sitemap and every estimate's link name it here. */
export const estimatorMethodPath = "/productAndService/estimator/method";

/** A service page (SPEC §2): custom driving has its own route. */
export function servicePath(name: "customDevice" | "customModule" | "customDriving"): string {
  return name === "customDriving" ? "/productAndService/customDriving" : `/productAndService/service/${name}`;
}

// ── News ───────────────────────────────────────────────────────────────────────────────────────────────
export const newsPath = "/news";

/** A news list page; page 1 has no index, and the all-categories list pages by query. */
export function newsListPath({ category, page }: { category: string | null; page: number }): string {
  if (category === null) return page > 1 ? `${newsPath}?page=${page}` : newsPath;
  return page > 1 ? `${newsPath}/${category}/${page}` : `${newsPath}/${category}`;
}

/** An article. */
export function newsDetailPath(id: number): string {
  return `${newsPath}/newsDetail/${id}`;
}

// ── Support ────────────────────────────────────────────────────────────────────────────────────────────
export const supportPath = "/support";
/** The document centre's own path; the bare /support shows the same list and names this one canonical. */
export const documentsPath = `${supportPath}/documents`;

/** A support page by name ("documents", "faq"…). */
export function supportPagePath(name: string): string {
  return `${supportPath}/${name}`;
}

/** The change and discontinuation notices (PCN, PDN) and one notice by its number. */
export const noticesPath = `${supportPath}/notices`;
export function noticeDetailPath(number: string): string {
  return `${noticesPath}/${number}`;
}

/** The document centre searched for a keyword (a search result that stands for a document list). */
export function documentsSearchPath(keyword: string): string {
  return `${documentsPath}?q=${encodeURIComponent(keyword)}`;
}

// ── About, jobs and the content pages ──────────────────────────────────────────────────────────────────
export const aboutPath = "/about";
export const aboutUsPath = "/about/us";
export const contactUsPath = "/about/contactUs";
/** The sample policy page. */
export const samplePolicyPath = "/about/sample";
export const jobsPath = "/about/joinUs";
export const privacyPath = "/privacy";
export const clausePath = "/clause";
export const reliabilityPath = "/reliability";
export const applicationsPath = "/applications";

/** The jobs list of one position type, or of all (null). */
export function jobsTypePath(type: string | null): string {
  return type ? `${jobsPath}/${type}` : jobsPath;
}

/** A position. */
export function positionDetailPath(id: number): string {
  return `${jobsPath}/positionDetail/${id}`;
}

/** A content page of a section with several ("/reliability/certifications", "/applications/ev"). */
export function sectionPagePath(section: typeof reliabilityPath | typeof applicationsPath, name: string): string {
  return `${section}/${name}`;
}

// ── Search ─────────────────────────────────────────────────────────────────────────────────────────────
export const searchPath = "/search";

// ── Signed-in pages and signing in ─────────────────────────────────────────────────────────────────────
export type UserPage = "sampleList" | "sampleProgress" | "orderDetail" | "account" | "watches";

/** Every signed-in page sits under this prefix (robots.txt keeps crawlers out of it). */
export const userPathPrefix = "/user/";

/** A signed-in page (SPEC §2); the order detail takes its order number (orderDetailPath). */
export function userPagePath(name: Exclude<UserPage, "orderDetail">): string {
  return `/user/${name}`;
}

/** One order of the signed-in visitor. */
export function orderDetailPath(orderNumber: string): string {
  return `/user/orderDetail/${encodeURIComponent(orderNumber)}`;
}

// Every UserPage under its language (a literal: the shell chunk every first load carries stays small).
const userPagePattern = new RegExp(`^/(${languageAlternation})/user/(sampleList|sampleProgress|orderDetail|account|watches)(/|$)`);

/**
 * Whether a path (with its language prefix) is one of the signed-in pages or the account page: the server
 * never caches them, and signing out on one returns to the language home (SPEC §4).
 */
export function isUserPage(pathname: string): boolean {
  return userPagePattern.test(pathname);
}

/** The login page; with `returnPath`, where signing in leads back to (shared/http/return-path.ts checks it first). */
export function loginPath(returnPath?: string): string {
  return returnPath === undefined ? "/login" : `/login?path=${encodeURIComponent(returnPath)}`;
}
