// The Atom feed of every notice, or of one part's (docs/decisions/034-part-watches-and-notice-mail.md). Not in
// paths.ts: that module is in every page's first load, this only in the pages that link a feed.
const noticesFeedPath = "/support/notices/feed.atom";

export function noticesFeedHref(partNumber?: string): string {
  return partNumber ? `${noticesFeedPath}?part=${encodeURIComponent(partNumber)}` : noticesFeedPath;
}
