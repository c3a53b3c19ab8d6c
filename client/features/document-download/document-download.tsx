// The gated download of SPEC §1/§3/§6, one implementation for the document centre, the product detail
// and the finder: the first download asks for the download form (or "don't fill in yet"); a filled form
// is stored through addDownloadRecord and remembered, so later downloads go straight to the PDF.
//
// What is remembered: a filled form for good (localStorage: the visitor has told us who they are), a
// skipped form for this browser session only (sessionStorage: we may ask again on a later visit, but
// never nag twice in one). The page's HTML is the same for everyone (cacheable), and without JavaScript
// the link is a plain link to the PDF, so the file is always reachable. The dialog's code loads only when
// it is needed (prefetched when the pointer or focus reaches the link).
import { Suspense, lazy, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { guardedImport } from "../../runtime/chunk-reload.ts";
import { API_BASE, remembered, startDownload, type DownloadableDocument } from "./download-memory.ts";
import "../../styles/document-download.css";

const loadDialog = guardedImport(() => import("./document-download-dialog.tsx"));
const DownloadDialog = lazy(loadDialog);
function prefetchDialog() {
  void loadDialog().catch(() => undefined);
}

export interface DocumentDownloadLinkProps {
  document: DownloadableDocument;
  className?: string;
  /** The link's content; by default "Download PDF" with the title for screen readers. */
  children?: ReactNode;
}

export function DocumentDownloadLink({ document, className, children }: DocumentDownloadLinkProps) {
  const { t } = useTranslation("support");
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const linkRef = useRef<HTMLAnchorElement>(null);
  const href = `${API_BASE}${document.downloadPath}`;

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new tab, save as…) are the visitor's own choice: leave them to the browser.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (remembered()) {
      announce();
      return;
    }
    event.preventDefault();
    setOpen(true);
  }

  function announce() {
    setAnnouncement("");
    requestAnimationFrame(() => setAnnouncement(t("download.started", { title: document.title })));
  }

  function finish(downloadHref: string | null) {
    setOpen(false);
    linkRef.current?.focus();
    if (downloadHref) {
      startDownload(downloadHref);
      announce();
    }
  }

  return (
    <>
      <a
        ref={linkRef}
        href={href}
        download=""
        rel="nofollow"
        className={className ?? "document-download"}
        onClick={onClick}
        onPointerEnter={prefetchDialog}
        onFocus={prefetchDialog}
      >
        {children ?? (
          <>
            {t("download.link")}
            <span className="visually-hidden"> {document.title}</span>
          </>
        )}
      </a>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <DownloadDialog document={document} onDone={finish} />
            </Suspense>,
            window.document.body,
          )
        : null}
    </>
  );
}
