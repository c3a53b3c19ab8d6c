// The detail page's own fields of the operating-point form: the whole converter (parts in parallel, the heat sink's
// R_th) and the load cycle. In the detail page's chunk, not the panel's, so the finder's first load carries none.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { cycleFormField, formFields, formatNumber, type OperatingPointIssue, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { WithField } from "./operating-point-panel.tsx";

/** `companion`: the `with=` part number (the stage's other device), shown again in its field. */
export function DetailFields({ parsed, cycle, companion = null }: { parsed: ParsedOperatingPoint | null; cycle: string | null; companion?: string | null }) {
  const { t } = useTranslation("estimator");
  const issues: OperatingPointIssue[] = parsed && !parsed.ok ? parsed.issues : [];
  // What the URL set, or what was typed when it was refused.
  const value = (name: "parallel" | "rsa") => {
    if (parsed?.ok) return parsed.value[name] === undefined ? "" : formatNumber(parsed.value[name]!);
    return parsed?.draft[name] ?? "";
  };
  const mismatch = parsed?.ok ? parsed.value.parallelMismatch === true : parsed?.draft.parallelMismatch === "w";
  const text = (name: "parallel" | "rsa") => {
    const issue = issues.find((item) => item.field === name);
    return (
      <div className={`op-field${issue ? " is-invalid" : ""}`}>
        <label htmlFor={`op-${name}`}>
          <WithSubscripts text={t(`converter.${name}`)} />
        </label>
        <input
          id={`op-${name}`}
          name={formFields[name]}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={value(name)}
          aria-invalid={issue ? true : undefined}
          aria-describedby={[issue ? `op-${name}-e` : null, `op-${name}-h`].filter(Boolean).join(" ")}
        />
        <small id={`op-${name}-h`} className="op-field__hint">
          <WithSubscripts text={t(`converter.${name}Hint`)} />
        </small>
        {issue ? (
          <small id={`op-${name}-e`} className="op-field__error">
            {t(issue.message, issue.values)}
          </small>
        ) : null}
      </div>
    );
  };
  return (
    <>
      {text("parallel")}
      <div className="op-field op-field--wide">
        <label>
          <input type="checkbox" name={formFields.parallelMismatch} value="w" defaultChecked={mismatch} /> {t("converter.mismatch")}
        </label>
      </div>
      {text("rsa")}
      <WithField companion={companion} />
      <div className="op-field op-field--wide">
        <label htmlFor="op-cycle">{t("converter.cycleField")}</label>
        <input id="op-cycle" name={cycleFormField} type="text" autoComplete="off" spellCheck={false} defaultValue={cycle ?? ""} aria-describedby="op-cycle-h" />
        <small id="op-cycle-h" className="op-field__hint">
          <WithSubscripts text={t("converter.cycleHint")} />
        </small>
      </div>
    </>
  );
}
