// Site search (SPEC §2 search page): products, documents, news, jobs and content pages in one ranked list.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { paged, pagingInput } from "./envelope.ts";
import { languages } from "../languages.ts";

export const searchTypes = ["products", "documents", "news", "jobs", "pages"] as const;
export type SearchType = (typeof searchTypes)[number];

export const SEARCH_TEXT_MAX = 100;
/** How many hits of the other language's content come with a result that asks for them. */
export const SEARCH_OTHER_LANGUAGE_HITS = 5;
/** The most hits of each type a result can answer in `groups`. */
const SEARCH_GROUP_MAX = 10;

const searchHit = z.object({
  type: z.enum(searchTypes),
  /** The item's id within its type (product part number, document id, news or job id, page templateCode). */
  id: z.string(),
  /** Plain title. */
  title: z.string(),
  /** Title as HTML: escaped text with the hits wrapped in <mark>…</mark>, nothing else; safe to render. */
  titleHtml: z.string(),
  /** A short excerpt as HTML, escaped and marked like titleHtml. */
  snippetHtml: z.string(),
  /** Site path without language prefix (e.g. /news/newsDetail/3). */
  link: z.string(),
  /** YYYY-MM-DD for news, documents and jobs; null otherwise. */
  date: z.string().nullable(),
  /** For documents: the PDF's download path (relative to the API base). */
  downloadPath: z.string().nullable(),
  /** The language of the text the hit was found in (the request's, or the other one in `other`). */
  language: z.enum(languages).optional(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchSite = defineCall({
  name: "searchSite",
  path: "/front/searchSite",
  summary:
    "Full-text search over products, documents, news, jobs and pages in the request's language: ranked, paged, with highlighted snippets and per-type counts. With groupSize, also the first hits of each type. With otherLanguage, also the first hits of the same text in the other language's content (a Chinese query on the English site). Empty text → 400.",
  body: z.strictObject({
    text: z.string().max(SEARCH_TEXT_MAX),
    type: z.enum(searchTypes).optional(),
    /** Also search the other language's content and answer its first hits in `other`. */
    otherLanguage: z.boolean().optional(),
    /** Also answer the first groupSize hits of each type in `groups` (the "All" view), ranked in the same pass. */
    groupSize: z.number().int().min(1).max(SEARCH_GROUP_MAX).optional(),
    ...pagingInput.shape,
  }),
  data: paged(searchHit).extend({
    /** The text as searched (trimmed). */
    text: z.string(),
    /** Hits per type, regardless of the type filter. */
    counts: z.record(z.enum(searchTypes), z.number().int().nonnegative()),
    /** With groupSize: the first hits of each type that has any (same type filter), in searchTypes' order. */
    groups: z.array(z.object({ type: z.enum(searchTypes), list: z.array(searchHit) })).optional(),
    /** With otherLanguage: the other language's first hits (same type filter) and their total; null when it has none. */
    other: z
      .object({ language: z.enum(languages), total: z.number().int().positive(), list: z.array(searchHit) })
      .nullable()
      .optional(),
  }),
});
export type SearchResult = z.infer<typeof searchSite.data>;
