// What the download flow remembers in this browser (see document-download.tsx for why), and how it starts
// a file's download; shared by the link and its lazily loaded dialog.
import type { DocumentMeta } from "../../../shared/contract/documents.ts";

/** What the flow needs of a document: a DocumentMeta has it, and so has a document's search hit. */
export type DownloadableDocument = Pick<DocumentMeta, "id" | "title" | "downloadPath">;

/** The browser's base of upstream calls; the server embeds the same value in the app context. */
export const API_BASE = "/api";
const FILLED_KEY = "qy_download_form";
const SKIPPED_KEY = "qy_download_skipped";

export function remembered(): boolean {
  try {
    return localStorage.getItem(FILLED_KEY) !== null || sessionStorage.getItem(SKIPPED_KEY) !== null;
  } catch {
    // Storage switched off: ask every time rather than never.
    return false;
  }
}

export function remember(storage: "local" | "session") {
  try {
    if (storage === "local") localStorage.setItem(FILLED_KEY, new Date().toISOString().slice(0, 10));
    else sessionStorage.setItem(SKIPPED_KEY, "1");
  } catch {
    /* nothing to keep it in: the form is simply asked again next time */
  }
}

/** Starts the download of a same-origin attachment without leaving the page. */
export function startDownload(href: string) {
  const anchor = window.document.createElement("a");
  anchor.href = href;
  anchor.download = "";
  anchor.rel = "nofollow";
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
