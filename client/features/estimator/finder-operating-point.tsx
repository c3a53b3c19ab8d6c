// The estimator inside the finder: a one-line operating-point bar above the table that opens the panel and,
// once `op` is valid, a note saying at what point and on what terms (the table's estimate columns: finder-estimate-columns.ts).
// An island of the finder (its own chunk): nothing imports it statically. Its strings (the estimator's, 47 KB of
// JSON in Chinese) come with it rather than in every finder's HTML (client/runtime/island-strings.tsx); a URL with
// an operating point embeds them anyway, for the table's estimate columns (docs/decisions/042-signed-in-public-reads.md).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { usePageSearch } from "../../hooks.ts";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import type { ProductListItem } from "../../../shared/contract/products.ts";
import { typicalIndex } from "../../../shared/estimator/typical-part.ts";
import { exampleOperatingPoint, suggestOperatingPoint, type ParsedOperatingPoint } from "../../../shared/estimator/index.ts";
import { operatingPointSummary } from "./format.ts";
import { ConverterFields, OperatingPointPanel, WithField } from "./operating-point-panel.tsx";
import { WithSubscripts } from "../../components/param-name.tsx";
import { IslandStrings } from "../../runtime/island-strings.tsx";

/** The page's typical part's loss data (shared/estimator/typical-part.ts): the panel's suggestion suits it. */
export function typicalPart(list: ProductListItem[]): LossData | undefined {
  return list[typicalIndex(list.map((product) => product.loss?.ratings.v))]?.loss ?? undefined;
}

/** `typical`: the page's typical part's loss data when the upstream sent it alone (a finder page without a point). */
type Props = { parsed: ParsedOperatingPoint | null; list: ProductListItem[]; typical: LossData | null };

/** The panel and the note, with the estimator's strings as the island's own. */
export function FinderOperatingPoint(props: Props) {
  return (
    <IslandStrings namespaces={estimatorStrings}>
      <OperatingPointBar {...props} />
    </IslandStrings>
  );
}
const estimatorStrings = ["estimator"] as const;

/** The panel and the note; nothing for families without estimates (gate drivers). */
function OperatingPointBar({ parsed, list, typical }: Props) {
  const { t } = useTranslation("estimator");
  // The finder's own parameters only: the form carries them along, never ones the finder ignores.
  const query = new URLSearchParams(usePageSearch());
  const sample = typical ?? typicalPart(list);
  if (!sample && !parsed) return null;
  return (
    <div className="finder-estimator">
      {/* A bar of one line that says the current point; the form opens on demand (and by itself when the URL's
          point is wrong, to show why), so the table is not two screens further down. A <details>: no JavaScript. */}
      <details className="op-bar" open={parsed !== null && !parsed.ok}>
        <summary className="op-bar__summary">
          <span className="op-bar__label">{t("bar.label")}</span>
          <span className="op-bar__point">{parsed?.ok ? <WithSubscripts text={operatingPointSummary(parsed.value, t)} /> : t("bar.none")}</span>
          <span className="op-bar__action">{t(parsed?.ok ? "bar.change" : "bar.set")}</span>
        </summary>
        <OperatingPointPanel
          parsed={parsed}
          suggestion={sample ? suggestOperatingPoint(sample) : exampleOperatingPoint}
          keep={[...query]}
          extra={
            <>
              <ConverterFields parsed={parsed} />
              <WithField companion={query.get("with")} />
            </>
          }
          carries={["with"]}
        />
        {/* The terms of the estimate columns, with the form they come from: the bar above already names the point. */}
        {parsed?.ok ? (
          <p className="finder-estimator__note" role="note">
            <WithSubscripts text={t("finder.note", { summary: operatingPointSummary(parsed.value, t) })} />
          </p>
        ) : null}
      </details>
    </div>
  );
}
