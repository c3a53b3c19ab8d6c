// One URL of the sitemap, apart from the lists that build them (sitemap-urls.ts and the cross-reference
// pages' list it calls) so that neither has to import the other for it.
export interface SitemapEntry {
  /** Path without the language prefix ("/" is the language home); the document list's pages carry ?page=N. */
  path: string;
  /** YYYY-MM-DD */
  lastmod?: string | undefined;
}
