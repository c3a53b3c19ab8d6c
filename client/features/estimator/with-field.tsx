// The operating-point form's field for the stage's other device (`with=`, docs/decisions/041-stage-totals.md and
// 043-line-frequency-and-slow-leg.md): on the product page, the finder and compare. Named `with` as in the URL, so
// the form's redirect keeps it beside the op= it joins. Passed into the panel as `extra`, from each page's own
// chunk, so no first load carries it.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { WithSubscripts } from "../../components/param-name.tsx";

/** `companion`: the part number the URL names, shown again in the field. */
export function WithField({ companion }: { companion: string | null }) {
  const { t } = useTranslation("estimator");
  return (
    <div className="op-field op-field--wide">
      <label htmlFor="op-with">{t("stage.withField")}</label>
      <input id="op-with" name="with" type="text" autoComplete="off" spellCheck={false} defaultValue={companion ?? ""} aria-describedby="op-with-h" />
      <small id="op-with-h" className="op-field__hint">
        <WithSubscripts text={t("stage.withHint")} />
      </small>
    </div>
  );
}
