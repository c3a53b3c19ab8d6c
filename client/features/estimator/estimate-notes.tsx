// What every estimate says beside its numbers: whether the part can stand the operating point (and why not),
// the cautions short of that and the assumptions it rests on, ending with the datasheet governing.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import { assumptionsOf, assumptionsOfParts, type Estimate, type EstimateWarning, type OperatingPoint, type Unsuitability } from "../../../shared/estimator/index.ts";
import { useLanguage } from "../../hooks.ts";
import { warningText } from "./warning-text.ts";
import { WithSubscripts } from "../../components/param-name.tsx";

/** The sentence of a reason for unsuitability or of a caution, in the page's language. */
function useWarningText() {
  const { t } = useTranslation("estimator");
  return warningText(t, useLanguage());
}

export function EstimateWarnings({ result }: { result: Estimate }) {
  const { t } = useTranslation("estimator");
  const text = useWarningText();
  if (!result.unsuitable.length && !result.warnings.length) return <p className="estimate-ok">{t("warnings.none")}</p>;
  const list = (items: Array<Unsuitability | EstimateWarning>, heading: string, className: string) => (
    <div className={className}>
      <p className="estimate-warnings__heading">{heading}</p>
      <ul className="estimate-warnings">
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
          <li key={index}>
            <span aria-hidden="true">⚠ </span>
            <WithSubscripts text={text(item)} />
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <>
      {result.unsuitable.length ? list(result.unsuitable, t("warnings.notSuitable"), "estimate-unsuitable") : null}
      {result.warnings.length ? list(result.warnings, t("warnings.cautions"), "estimate-cautions") : null}
    </>
  );
}

/** `parts` (compare): the assumptions of every compared part, those of some parts naming them. */
export function EstimateAssumptions({
  data,
  op,
  headingLevel = 3,
  parts,
}: {
  data: LossData;
  op: OperatingPoint;
  headingLevel?: 3 | 4;
  parts?: Array<{ partNumber: string; data: LossData }>;
}) {
  const { t } = useTranslation("estimator");
  const Heading = `h${headingLevel}` as const;
  const items = parts && parts.length > 1 ? assumptionsOfParts(parts, op) : assumptionsOf(data, op).map((item) => ({ ...item, parts: null }));
  return (
    <div className="estimate-assumptions">
      <Heading>{t("assumptions.heading")}</Heading>
      <ul>
        {items.map((item) => (
          <li key={`${item.key}-${item.parts?.join() ?? ""}`} className={item.key === "datasheetGoverns" ? "estimate-assumptions__governs" : undefined}>
            <WithSubscripts text={`${item.parts ? `${item.parts.join(", ")}: ` : ""}${t(`assumptions.${item.key}`, item.values ?? {})}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}
