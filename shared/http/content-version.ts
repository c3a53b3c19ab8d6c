// The upstream names the version of its published content in a response header; when it changes, the
// site drops what it cached (docs/decisions/010-page-and-upstream-caches.md).
export const contentVersionHeader = "x-content-version";
