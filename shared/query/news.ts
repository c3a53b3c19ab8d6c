// URL state of the news lists (SPEC §2): /news (all categories, ?page=N), /news/{category} and
// /news/{category}/{pageIndex}. One pure parser; shared/paths.ts writes the paths, so links and loaders agree.
import { newsCategories, type NewsCategory } from "../contract/news.ts";

/** Articles per list page: three rows of two on a phone, two rows of three on a desktop. */
export const NEWS_PAGE_SIZE = 6;
/** Far beyond any real archive; a larger number is not a page. */
export const NEWS_MAX_PAGE = 9999;

export interface NewsListState {
  /** null = all categories. */
  category: NewsCategory | null;
  page: number;
}

export type NewsListParse =
  | { kind: "ok"; state: NewsListState }
  /** The same page under its canonical URL (page 1 never carries an index). */
  | { kind: "redirect"; state: NewsListState }
  | { kind: "notFound" };

function isNewsCategory(value: unknown): value is NewsCategory {
  return typeof value === "string" && (newsCategories as readonly string[]).includes(value);
}

function pageNumber(value: string): number | null {
  if (!/^[1-9]\d*$/.test(value)) return null;
  const page = Number(value);
  return page <= NEWS_MAX_PAGE ? page : null;
}

/**
 * Reads a news list URL. Path segments name pages, so a wrong one is a 404; the `page` query of the
 * all-categories list is a filter-like value, so garbage there falls back to page 1.
 */
export function parseNewsList(params: { category?: string | undefined; pageIndex?: string | undefined }, search = ""): NewsListParse {
  if (params.category === undefined) {
    const raw = new URLSearchParams(search).get("page");
    const page = raw === null ? 1 : (pageNumber(raw) ?? 1);
    return { kind: "ok", state: { category: null, page } };
  }
  if (!isNewsCategory(params.category)) return { kind: "notFound" };
  if (params.pageIndex === undefined) return { kind: "ok", state: { category: params.category, page: 1 } };
  const page = pageNumber(params.pageIndex);
  if (page === null) return { kind: "notFound" };
  const state = { category: params.category, page };
  return page === 1 ? { kind: "redirect", state } : { kind: "ok", state };
}

/** An article id from the URL: a positive integer written plainly, else null (404). */
export function parseNewsId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2147483647 ? id : null;
}
