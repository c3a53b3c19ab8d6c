// The upstream names the version of its published content in a response header; when it changes, the
// site drops what it cached (issue 9: "dropped when the content changes").
export const contentVersionHeader = "x-content-version";
