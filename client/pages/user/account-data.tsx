// The account page's parts about the visitor's own data: the saved applicant details (change, delete),
// "download my data" (a JSON file) and "delete my account" (a disclosure that asks to confirm). Plain
// forms and a link: all of it works without JavaScript.
import { useId } from "react";
import { Form, useActionData } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useLanguage } from "../../hooks.ts";
import { downloadMyDataPath, type Applicant } from "../../../shared/contract/index.ts";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import type { ApplicantFormField } from "../../../shared/forms/applicant-fields.ts";
import type { AccountActionData } from "./account-action.ts";

const fields = [
  ["name", "text", "name", fieldLimits.name],
  ["phone", "tel", "tel", fieldLimits.phoneInput],
  ["email", "email", "email", fieldLimits.email],
  ["companyName", "text", "organization", fieldLimits.companyName],
  ["position", "text", "organization-title", fieldLimits.position],
] as const satisfies ReadonlyArray<readonly [ApplicantFormField, string, string, number]>;

export function ApplicantDetails({ saved }: { saved: Applicant | null }) {
  const { t } = useTranslation("user");
  const result = useActionData() as AccountActionData | undefined;
  const baseId = useId();
  const errors = result?.applicantErrors ?? {};
  const values = result?.applicant ?? saved;
  return (
    <section className="account-section" aria-labelledby="applicant-title">
      <h2 id="applicant-title">{t("account.applicantTitle")}</h2>
      <p>{saved ? t("account.applicantLead") : t("account.applicantNone")}</p>
      <Form method="post" className="form-grid" noValidate>
        {fields.map(([name, type, autoComplete, max]) => (
          <div key={name} className="form-grid__field">
            <label htmlFor={`${baseId}-${name}`}>{t(`applicant.${name}`)}</label>
            <input
              id={`${baseId}-${name}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              maxLength={max}
              defaultValue={values?.[name] ?? ""}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `${baseId}-${name}-error` : undefined}
            />
            {errors[name] && (
              <p className="form-error" id={`${baseId}-${name}-error`}>
                {errors[name]}
              </p>
            )}
          </div>
        ))}
        <div className="form-grid__field form-grid__field--wide account-actions">
          <button type="submit" name="intent" value="applicant-save" className="button button--primary">
            {t("account.applicantSave")}
          </button>
          {saved && (
            <button type="submit" name="intent" value="applicant-remove" className="button" formNoValidate>
              {t("account.applicantDelete")}
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}

export function MyData() {
  const { t } = useTranslation("user");
  const language = useLanguage();
  const result = useActionData() as AccountActionData | undefined;
  const confirmId = useId();
  const failed = result?.intent === "account-delete";
  return (
    <section className="account-section" aria-labelledby="my-data-title">
      <h2 id="my-data-title">{t("account.dataTitle")}</h2>
      <p>{t("account.dataLead")}</p>
      <p>
        {/* The upstream's file, through the site's /api: a download, not a page. */}
        <a className="button" href={`/api${downloadMyDataPath}?language=${language}`} download>
          {t("account.download")}
        </a>
      </p>
      <details className="account-delete" open={failed || undefined}>
        <summary>{t("account.delete")}</summary>
        <Form method="post" className="account-delete__form">
          <p>{t("account.deleteLead")}</p>
          <label className="checkbox" htmlFor={confirmId}>
            <input id={confirmId} type="checkbox" name="confirm" aria-describedby={failed ? `${confirmId}-error` : undefined} /> {t("account.deleteConfirm")}
          </label>
          {failed && (
            <p className="form-error" id={`${confirmId}-error`} role="alert">
              {result?.error?.code === "confirm" ? t("account.deleteConfirmNeeded") : result?.error?.message}
            </p>
          )}
          <button type="submit" name="intent" value="account-delete" className="button button--danger">
            {t("account.deleteNow")}
          </button>
        </Form>
      </details>
    </section>
  );
}
