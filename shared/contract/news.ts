// News: list by category and page (newest first), one article with related articles, and the page-view counter.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";

export const newsCategories = ["company", "product", "industry", "events"] as const;
export type NewsCategory = (typeof newsCategories)[number];

const newsListItem = z.object({
  id: z.number().int(),
  category: z.enum(newsCategories),
  /** YYYY-MM-DD */
  date: z.string(),
  image: z.string(),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  views: z.number().int().nonnegative(),
});
export type NewsListItem = z.infer<typeof newsListItem>;

/** Body paragraphs: plain text; "## " starts a sub-heading and "- " a bullet item (FORMAT.md). */
const newsArticle = newsListItem.extend({ body: z.array(z.string()) });
export type NewsArticle = z.infer<typeof newsArticle>;

const newsLink = z.object({ id: z.number().int(), title: z.string(), date: z.string() });

export const queryNewsByPage = defineCall({
  name: "queryNewsByPage",
  path: "/front/queryNewsByPage",
  summary: "News by page, newest first, optionally of one category or tag.",
  body: z.strictObject({
    category: z.enum(newsCategories).optional(),
    tag: z.string().trim().min(1).max(50).optional(),
    ...pagingInput.shape,
  }),
  data: paged(newsListItem).extend({
    /** Article count of every category (for the category tabs). */
    categoryCounts: z.record(z.enum(newsCategories), z.number().int().nonnegative()),
  }),
});
export type NewsPage = z.infer<typeof queryNewsByPage.data>;

export const queryNewsById = defineCall({
  name: "queryNewsById",
  path: "/front/queryNewsById",
  summary: "One news article with up to 4 related articles (same category or shared tags) and its neighbours by date in its category.",
  body: z.strictObject({ id: z.number().int().positive() }),
  data: z.object({
    article: newsArticle,
    related: z.array(newsListItem).max(4),
    /** The next older and next newer article of the same category. */
    previous: newsLink.nullable(),
    next: newsLink.nullable(),
  }),
});
export type NewsDetail = z.infer<typeof queryNewsById.data>;

export const addPageView = defineCall({
  name: "addPageView",
  path: "/open/proxy/{provider}/basic/news/addPageView",
  summary:
    "Counts a view of an article, once per visitor and day (visitor = the qy_vid cookie the upstream sets, else a hash of IP and user agent); answers the view count.",
  body: z.strictObject({ id: z.number().int().positive() }),
  data: z.object({ id: z.number().int(), views: z.number().int().nonnegative(), counted: z.boolean() }),
});
