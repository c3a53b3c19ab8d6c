// "Cancel the order" on a pending order's page: a disclosure with an optional reason and a confirming
// button, a plain POST form so it works before hydration and without JavaScript.
import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import type { OrderDetailActionData } from "./order-detail-action.ts";

export function OrderCancel({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation("user");
  const id = useId();
  const result = useActionData() as OrderDetailActionData | undefined;
  const navigation = useNavigation();
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "cancel";
  // A refusal (the order moved on meanwhile) is shown even though the form is gone.
  if (!allowed) {
    return result?.error ? (
      <p className="user-notice user-notice--warning" role="status">
        {result.error.message || t("cancel.failed")}
      </p>
    ) : null;
  }
  return (
    <details className="order-cancel" open={result?.error ? true : undefined}>
      <summary>{t("cancel.open")}</summary>
      <Form method="post" className="order-cancel__form">
        <input type="hidden" name="intent" value="cancel" />
        <p>{t("cancel.lead")}</p>
        <label htmlFor={id}>{t("cancel.reason")}</label>
        <textarea id={id} name="reason" rows={2} maxLength={fieldLimits.note} />
        <button type="submit" className="button" disabled={cancelling}>
          {cancelling ? t("cancel.cancelling") : t("cancel.confirm")}
        </button>
        <p className={result?.error ? "form-error" : "visually-hidden"} role="status" aria-live="polite">
          {result?.error ? result.error.message || t("cancel.failed") : ""}
        </p>
      </Form>
    </details>
  );
}
