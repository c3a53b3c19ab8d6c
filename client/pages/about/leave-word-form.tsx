// The leave-word form: labelled fields with their SPEC §5 messages beside them, an error summary, a
// honeypot, and a success state that says clearly the message has arrived.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { errorMessage } from "../../../shared/contract/errors.ts";
import { formLimits } from "../../../shared/contract/forms.ts";
import { HONEYPOT_FIELD, type LeaveWordField } from "../../../shared/forms/leave-word-form.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { FORM_ANCHOR, type LeaveWordResult } from "./contact-result.ts";
import { contactUsPath } from "../../../shared/paths.ts";

const fieldTypes: Record<LeaveWordField, { type: string; autoComplete: string; inputMode?: "tel" | "email" }> = {
  name: { type: "text", autoComplete: "name" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  company: { type: "text", autoComplete: "organization" },
  content: { type: "text", autoComplete: "off" },
};

export function LeaveWordForm({ posted, sentWithoutScript, prefill }: { posted: LeaveWordResult | undefined; sentWithoutScript: boolean; prefill?: string | undefined }) {
  const [round, setRound] = useState(0);
  // A new key per message gives "send another" a fresh, empty fetcher.
  const fetcher = useFetcher<LeaveWordResult>({ key: `leave-word-${round}` });
  const { t } = useTranslation("about");
  const language = useLanguage();
  const localize = useLocalize();
  const result = fetcher.data ?? (round === 0 ? posted : undefined);
  const sent = result?.status === "sent" || (round === 0 && !fetcher.data && !posted && sentWithoutScript);
  const statusRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";

  // Focus follows the outcome, so keyboard and screen-reader users land on what changed.
  useEffect(() => {
    if (fetcher.data?.status === "sent") statusRef.current?.focus();
    else if (fetcher.data) summaryRef.current?.focus();
  }, [fetcher.data]);

  if (sent) {
    return (
      <section id={FORM_ANCHOR} className="leave-word leave-word--sent" aria-labelledby="leave-word-title">
        <div className="leave-word__success" role="status" tabIndex={-1} ref={statusRef}>
          <span className="leave-word__tick" aria-hidden="true">
            ✓
          </span>
          <h2 id="leave-word-title">{t("contact.successTitle")}</h2>
          <p>{t("contact.successText")}</p>
          {round === 0 && !fetcher.data ? (
            <Link className="button" to={`${localize(contactUsPath)}#${FORM_ANCHOR}`} replace>
              {t("contact.another")}
            </Link>
          ) : (
            <button type="button" className="button" onClick={() => setRound((value) => value + 1)}>
              {t("contact.another")}
            </button>
          )}
        </div>
      </section>
    );
  }

  const errors = result?.status === "invalid" ? result.errors : {};
  const values = result?.status === "invalid" || result?.status === "refused" ? result.values : undefined;
  const hasErrors = Object.keys(errors).length > 0;
  const field = (name: LeaveWordField, options: { required?: boolean; multiline?: boolean; placeholder?: string } = {}) => {
    const code = errors[name];
    const id = `leave-word-${name}`;
    const describedBy = [code ? `${id}-error` : null, name === "phone" || name === "email" ? "leave-word-reach" : null].filter(Boolean).join(" ");
    const common = {
      id,
      name,
      defaultValue: values?.[name] ?? (name === "content" ? prefill?.slice(0, formLimits.content) : undefined) ?? "",
      maxLength: formLimits[name],
      "aria-invalid": code ? true : undefined,
      "aria-describedby": describedBy || undefined,
      "aria-required": options.required || undefined,
      placeholder: options.placeholder,
    };
    return (
      <div className={`form-field${options.multiline ? " form-field--wide" : ""}${code ? " form-field--invalid" : ""}`}>
        <label htmlFor={id}>
          {t(`contact.${name}`)}
          {options.required ? (
            <span className="form-field__required" title={t("contact.required")}>
              {" "}
              *<span className="visually-hidden">{t("contact.required")}</span>
            </span>
          ) : null}
        </label>
        {options.multiline ? (
          <textarea {...common} rows={6} />
        ) : (
          <input {...common} type={fieldTypes[name].type} autoComplete={fieldTypes[name].autoComplete} inputMode={fieldTypes[name].inputMode} />
        )}
        {code ? (
          <p className="form-field__error" id={`${id}-error`}>
            {errorMessage(code, language)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section id={FORM_ANCHOR} className="leave-word" aria-labelledby="leave-word-title">
      <h2 id="leave-word-title">{t("contact.formTitle")}</h2>
      <p className="leave-word__intro">{t("contact.formIntro")}</p>
      <div ref={summaryRef} tabIndex={-1} className="leave-word__summary-slot">
        {hasErrors ? (
          <p className="form-alert" role="alert">
            {t("contact.errorSummary")}
          </p>
        ) : result?.status === "refused" ? (
          <p className="form-alert" role="alert">
            {result.message || t("contact.failed")}
          </p>
        ) : null}
      </div>
      <fetcher.Form method="post" action={localize(contactUsPath)} noValidate className="leave-word__form" key={round}>
        <div className="form-grid">
          {field("name", { required: true })}
          {field("company", { placeholder: t("contact.companyPlaceholder") })}
          {field("phone")}
          {field("email")}
          <p id="leave-word-reach" className="form-hint form-field--wide">
            {t("contact.phoneOrEmail")}
          </p>
          {field("content", { required: true, multiline: true, placeholder: t("contact.contentPlaceholder") })}
        </div>
        {/* The honeypot: off screen and out of the tab order, invisible to people and screen readers. */}
        <div className="leave-word__trap" aria-hidden="true">
          <label htmlFor="leave-word-website">{t("contact.honeypot")}</label>
          <input id="leave-word-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t("contact.sending") : t("contact.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
