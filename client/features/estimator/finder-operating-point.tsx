// The estimator inside the finder: the operating-point panel above the table and, once `op` is valid, a
// note saying at what point and on what terms (the table's estimate columns: finder-estimate-columns.ts).
// An island of the finder (its own chunk): nothing imports it statically.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { usePageSearch } from "../../hooks.ts";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { exampleOperatingPoint, suggestOperatingPoint, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { operatingPointSummary } from "./format.ts";
import { OperatingPointPanel } from "./operating-point-panel.tsx";
import { WithSubscripts } from "../../components/param-name.tsx";

/** The part whose voltage class is the most common on the page (the higher on a tie): the panel's suggestion suits it. */
function typicalPart(list: ProductListItem[]): LossData | undefined {
  const losses = list.flatMap((product) => (product.loss ? [product.loss] : []));
  const count = (v: number) => losses.filter((loss) => loss.ratings.v === v).length;
  return [...losses].sort((a, b) => count(b.ratings.v) - count(a.ratings.v) || b.ratings.v - a.ratings.v)[0];
}

/** The panel and the note; nothing for families without estimates (gate drivers). */
export function FinderOperatingPoint({ parsed, list }: { parsed: ParsedOperatingPoint | null; list: ProductListItem[] }) {
  const { t } = useTranslation("estimator");
  // The finder's own parameters only: the form carries them along, never ones the finder ignores.
  const search = usePageSearch();
  const sample = typicalPart(list);
  if (!sample && !parsed) return null;
  return (
    <div className="finder-estimator">
      <OperatingPointPanel parsed={parsed} suggestion={sample ? suggestOperatingPoint(sample) : exampleOperatingPoint} keep={[...new URLSearchParams(search)]} />
      {parsed?.ok ? (
        <p className="finder-estimator__note" role="note">
          <WithSubscripts text={t("finder.note", { summary: operatingPointSummary(parsed.value, t) })} />
        </p>
      ) : null}
    </div>
  );
}
