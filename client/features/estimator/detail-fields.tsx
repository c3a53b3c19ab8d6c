// The detail page's own fields of the operating-point form: the load cycle, after the whole converter's fields and
// the stage's other part that the finder and compare show too (operating-point-panel.tsx). In the detail page's
// chunk, not the panel's, so the finder's first load carries none of it.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { cycleFormField, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { WithSubscripts } from "../../components/param-name.tsx";
import { ConverterFields, WithField } from "./operating-point-panel.tsx";

/** `companion`: the `with=` part number (the stage's other device), shown again in its field. */
export function DetailFields({ parsed, cycle, companion = null }: { parsed: ParsedOperatingPoint | null; cycle: string | null; companion?: string | null }) {
  const { t } = useTranslation("estimator");
  return (
    <>
      <ConverterFields parsed={parsed} />
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
