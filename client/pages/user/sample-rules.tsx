// The stated sample rules, shown beside the applicant form before the visitor submits, with the
// evaluation-only confirmation; the numbers are the ones the upstream enforces (sampleLimits), so what
// the page promises and what it refuses agree.
import { useId } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { sampleLimits } from "../../../shared/contract/index.ts";

export function SampleRules({ total, confirmed, error }: { total: number; confirmed: boolean; error?: string | undefined }) {
  const { t } = useTranslation("user");
  const id = useId();
  const over = total > sampleLimits.maxOrderQuantity;
  return (
    <section className="sample-rules" aria-labelledby="sample-rules-title">
      <h3 id="sample-rules-title">{t("rules.title")}</h3>
      <ul>
        <li>{t("rules.quantity", { maxQuantity: sampleLimits.maxQuantity, maxOrderQuantity: sampleLimits.maxOrderQuantity })}</li>
        <li>{t("rules.openOrders", { maxOpenOrders: sampleLimits.maxOpenOrders })}</li>
        <li>{t("rules.review", { days: sampleLimits.reviewWorkingDays })}</li>
        <li>
          <strong>{t("applicant.note")}</strong>
        </li>
      </ul>
      {over && <p className="form-error">{t("rules.overTotal", { total, max: sampleLimits.maxOrderQuantity })}</p>}
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="evaluationOnly"
          defaultChecked={confirmed}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />{" "}
        {t("rules.confirm")}
      </label>
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </section>
  );
}
