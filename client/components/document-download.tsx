// The gated download of SPEC §1/§3/§6, one implementation for the document centre, the product detail
// and the finder: the first download asks for the download form (or "don't fill in yet"); a filled form
// is stored through addDownloadRecord and remembered, so later downloads go straight to the PDF.
//
// What is remembered: a filled form for good (localStorage: the visitor has told us who they are), a
// skipped form for this browser session only (sessionStorage: we may ask again on a later visit, but
// never nag twice in one). The page's HTML is the same for everyone (cacheable), and without JavaScript
// the link is a plain link to the PDF, so the file is always reachable.
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { addDownloadRecord, type DocumentMeta } from "../../shared/contract/documents.ts";
import { errorMessage } from "../../shared/contract/errors.ts";
import { formLimits } from "../../shared/contract/forms.ts";
import {
  downloadFieldOfError,
  downloadFormFields,
  readDownloadForm,
  validateDownloadForm,
  type DownloadFormErrors,
  type DownloadFormField,
} from "../../shared/download-form.ts";
import { pageClient } from "../api/loader-context.ts";
import { ApiCallError } from "../api/page-client.ts";
import { useLanguage, useLocalize } from "../hooks.ts";
import "../styles/document-download.css";

/** The browser's base of upstream calls; the server embeds the same value in the app context. */
const API_BASE = "/api";
const FILLED_KEY = "qy_download_form";
const SKIPPED_KEY = "qy_download_skipped";

function remembered(): boolean {
  try {
    return localStorage.getItem(FILLED_KEY) !== null || sessionStorage.getItem(SKIPPED_KEY) !== null;
  } catch {
    // Storage switched off: ask every time rather than never.
    return false;
  }
}

function remember(storage: "local" | "session") {
  try {
    if (storage === "local") localStorage.setItem(FILLED_KEY, new Date().toISOString().slice(0, 10));
    else sessionStorage.setItem(SKIPPED_KEY, "1");
  } catch {
    /* nothing to keep it in: the form is simply asked again next time */
  }
}

/** Starts the download of a same-origin attachment without leaving the page. */
function startDownload(href: string) {
  const anchor = window.document.createElement("a");
  anchor.href = href;
  anchor.download = "";
  anchor.rel = "nofollow";
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

const inputTypes: Record<DownloadFormField, { type: string; autoComplete: string; inputMode?: "tel" | "email" }> = {
  name: { type: "text", autoComplete: "name" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  company: { type: "text", autoComplete: "organization" },
  position: { type: "text", autoComplete: "organization-title" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  productDemand: { type: "text", autoComplete: "off" },
};

/** What the flow needs of a document: a DocumentMeta has it, and so has a document's search hit. */
export type DownloadableDocument = Pick<DocumentMeta, "id" | "title" | "downloadPath">;

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
      <a ref={linkRef} href={href} download="" rel="nofollow" className={className ?? "document-download"} onClick={onClick}>
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
      {open ? createPortal(<DownloadDialog document={document} onDone={finish} />, window.document.body) : null}
    </>
  );
}

function DownloadDialog({ document, onDone }: { document: DownloadableDocument; onDone: (downloadHref: string | null) => void }) {
  const { t } = useTranslation("support");
  const language = useLanguage();
  const localize = useLocalize();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const introId = useId();
  const [errors, setErrors] = useState<DownloadFormErrors>({});
  const [failure, setFailure] = useState("");
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    // showModal makes the page behind inert and traps focus; the first field gets it.
    if (dialog && !dialog.open) dialog.showModal();
    formRef.current?.querySelector<HTMLInputElement>("input")?.focus();
  }, []);

  function focusFirstInvalid(found: DownloadFormErrors) {
    const first = downloadFormFields.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values = readDownloadForm(new FormData(event.currentTarget));
    const found = validateDownloadForm(values);
    setErrors(found);
    setFailure("");
    if (Object.keys(found).length) {
      focusFirstInvalid(found);
      return;
    }
    setPending(true);
    try {
      const record = await pageClient(undefined, language).call(addDownloadRecord, { attachId: document.id, ...values });
      remember("local");
      onDone(`${API_BASE}${record.downloadPath}`);
    } catch (error) {
      const code = error instanceof ApiCallError ? error.code : "";
      const field = downloadFieldOfError(code);
      if (field) {
        const next = { [field]: code } as DownloadFormErrors;
        setErrors(next);
        focusFirstInvalid(next);
      } else {
        setFailure(error instanceof ApiCallError && error.status > 0 && error.status < 500 ? error.message : t("download.failed"));
      }
    } finally {
      setPending(false);
    }
  }

  function skip() {
    remember("session");
    onDone(`${API_BASE}${document.downloadPath}`);
  }

  const field = (name: DownloadFormField, wide = false) => {
    const code = errors[name];
    const id = `download-${name}`;
    return (
      <div className={`download-form__field${wide ? " download-form__field--wide" : ""}${code ? " download-form__field--invalid" : ""}`}>
        <label htmlFor={id}>
          {t(`download.fields.${name}`)}
          <span className="download-form__required" aria-hidden="true">
            {" "}
            *
          </span>
        </label>
        <input
          id={id}
          name={name}
          type={inputTypes[name].type}
          autoComplete={inputTypes[name].autoComplete}
          inputMode={inputTypes[name].inputMode}
          maxLength={formLimits[name]}
          placeholder={t(`download.placeholders.${name}`)}
          aria-required="true"
          aria-invalid={code ? true : undefined}
          aria-describedby={code ? `${id}-error` : undefined}
        />
        {code ? (
          <p className="download-form__error" id={`${id}-error`}>
            {errorMessage(code, language)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <dialog
      ref={dialogRef}
      className="download-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onClose={() => onDone(null)}
    >
      <div className="download-dialog__head">
        <h2 id={titleId}>{t("download.title")}</h2>
        <button type="button" className="download-dialog__close" onClick={() => onDone(null)} aria-label={t("download.close")}>
          ×
        </button>
      </div>
      <p id={introId} className="download-dialog__intro">
        {t("download.intro", { title: document.title })}
      </p>
      <form ref={formRef} className="download-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {failure ? (
          <p className="download-form__alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="download-form__grid">
          {field("name")}
          {field("phone")}
          {field("company")}
          {field("position")}
          {field("email", true)}
          {field("productDemand", true)}
        </div>
        <p className="download-form__privacy">
          {t("download.privacy")}{" "}
          <a href={localize("/privacy")} target="_blank" rel="noopener">
            {t("download.privacyLink")}
          </a>
        </p>
        <div className="download-form__actions">
          <button type="button" className="button" onClick={skip}>
            {t("download.skip")}
          </button>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? t("download.sending") : t("download.submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
