// "Add a device of your own" on compare: a GET form (works without JavaScript) whose fields the loader joins
// into one dev= parameter (shared/estimator/custom-device.ts); the device is then estimated beside ours at the
// same operating point. Bad values come back with localized messages beside the fields.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { customFieldName, customFields, customFormFields, customKinds, CUSTOM_DEFAULTS, type CustomFieldKey } from "../../../shared/estimator/custom-device.ts";
import type { ParsedDevice } from "../../../shared/estimator/validate-device.ts";
import { WithSubscripts } from "../../components/param-name.tsx";

export function CustomDeviceForm({ device, keep, action }: { device: ParsedDevice | null; keep: Array<[string, string]>; action: string }) {
  const { t } = useTranslation("estimator");
  const reading = device?.reading;
  const issues = device && !device.ok ? device.issues : [];
  const issueOf = (field: string) => issues.find((issue) => issue.field === field);
  const kept = keep.filter(([name]) => name !== "dev" && !name.startsWith("dev_") && name !== customFormFields.name && name !== customFormFields.kind);
  const values = (key: CustomFieldKey): [string, string] => {
    const [cold = "", hot = ""] = (reading?.draft[key] ?? "").split("/");
    return [cold, hot];
  };
  const field = (key: CustomFieldKey, pair: boolean) => {
    const issue = issueOf(key);
    const ids = pair ? [`dev-${key}-0`, `dev-${key}-1`] : [`dev-${key}`];
    const [cold, hot] = values(key);
    return (
      <div key={key} className={`op-field${issue ? " is-invalid" : ""}`}>
        {pair ? (
          <fieldset className="device-pair">
            <legend>
              <WithSubscripts text={t(`device.fields.${key}`)} />
            </legend>
            {[0, 1].map((index) => (
              <label key={index} htmlFor={ids[index]}>
                {/* One flex item: the label stacks its text over its field. */}
                <span>
                  <WithSubscripts text={t(index === 0 ? "device.at25" : "device.atHot")} />
                </span>
                <input
                  id={ids[index]}
                  name={customFieldName(key, index as 0 | 1)}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={index === 0 ? cold : hot}
                  aria-invalid={issue ? true : undefined}
                />
              </label>
            ))}
          </fieldset>
        ) : (
          <>
            <label htmlFor={ids[0]}>
              <WithSubscripts text={t(`device.fields.${key}`)} />
            </label>
            <input
              id={ids[0]}
              name={customFieldName(key)}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={reading?.draft[key] ?? ""}
              aria-invalid={issue ? true : undefined}
            />
          </>
        )}
        <small className="op-field__hint">
          {t("device.usedBy", {
            kinds: kindsOf(key)
              .map((kind) => t(`device.kinds.${kind}`))
              .join(" / "),
          })}
        </small>
        {issue ? (
          <small className="op-field__error">
            <WithSubscripts text={t(issue.message, { field: t(`device.names.${key}`), ...issue.values })} />
          </small>
        ) : null}
      </div>
    );
  };
  return (
    <details className="device-form" open={issues.length > 0 || undefined}>
      <summary>{t("device.summary")}</summary>
      <p>{t("device.intro")}</p>
      {issues.length ? (
        <div className="op-panel__errors" role="alert">
          <p>{t("device.invalid")}</p>
          <ul>
            {issues.map((issue) => (
              <li key={issue.field}>
                <WithSubscripts text={t(issue.message, { field: issue.field === "text" ? t("plausibility.text") : t(`device.names.${issue.field}`), ...issue.values })} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="get" action={action} className="op-form">
        {kept.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div className="op-form__grid">
          <div className={`op-field${issueOf("name") ? " is-invalid" : ""}`}>
            <label htmlFor="dev-name">{t("device.fields.name")}</label>
            <input
              id="dev-name"
              name={customFormFields.name}
              type="text"
              autoComplete="off"
              defaultValue={reading?.name ?? ""}
              aria-invalid={issueOf("name") ? true : undefined}
            />
          </div>
          <div className={`op-field${issueOf("kind") ? " is-invalid" : ""}`}>
            <label htmlFor="dev-kind">{t("device.fields.kind")}</label>
            <select id="dev-kind" name={customFormFields.kind} defaultValue={reading?.kind || "mosfet"}>
              {customKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`device.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          {customFields.map((entry) => field(entry.key, entry.pair))}
        </div>
        <p className="op-panel__intro">
          <WithSubscripts text={t("device.defaults", { ...CUSTOM_DEFAULTS })} />
        </p>
        <div className="op-form__actions">
          <button type="submit" className="button button--primary">
            {t("device.submit")}
          </button>
        </div>
      </form>
    </details>
  );
}

/** The kinds that use a field (its hint says so, since one form serves all three). */
function kindsOf(key: CustomFieldKey): readonly string[] {
  return customFields.find((entry) => entry.key === key)!.kinds;
}
