// The download form of SPEC §3 in a modal dialog: labelled fields with their SPEC §5 messages, "don't fill
// in yet", and the stored form. Loaded only when a visitor first asks for a file (document-download.tsx).
import { downloadConsent } from "../../../shared/forms/consent.ts";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { addDownloadRecord } from "../../../shared/contract/documents.ts";
import { errorMessage } from "../../../shared/contract/errors.ts";
import { formLimits } from "../../../shared/contract/forms.ts";
import {
  downloadFieldOfError,
  downloadFormFields,
  readDownloadForm,
  validateDownloadForm,
  type DownloadFormErrors,
  type DownloadFormField,
} from "../../../shared/forms/download-form.ts";
import { pageClient } from "../../api/loader-context.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { API_BASE, remember, type DownloadableDocument } from "./download-memory.ts";
import { privacyPath } from "../../../shared/paths.ts";

const inputTypes: Record<DownloadFormField, { type: string; autoComplete: string; inputMode?: "tel" | "email" }> = {
  name: { type: "text", autoComplete: "name" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  company: { type: "text", autoComplete: "organization" },
  position: { type: "text", autoComplete: "organization-title" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  productDemand: { type: "text", autoComplete: "off" },
};

export default function DownloadDialog({ document, onDone }: { document: DownloadableDocument; onDone: (downloadHref: string | null) => void }) {
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
      const consent = { policyVersion: downloadConsent.policyVersion };
      const record = await pageClient(undefined, language).call(addDownloadRecord, { attachId: document.id, ...values, consent });
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
    <dialog ref={dialogRef} className="download-dialog" aria-labelledby={titleId} aria-describedby={introId} onClose={() => onDone(null)}>
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
          {downloadConsent.text[language]}{" "}
          <a href={localize(privacyPath)} target="_blank" rel="noopener">
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
