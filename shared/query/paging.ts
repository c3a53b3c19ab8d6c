// Paging rules every paged list shares (news, jobs, the sitemap's list pages).

/** Page count of a list (at least 1, so an empty category still has its first page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
