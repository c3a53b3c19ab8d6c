// The competitor parts of the table, by manufacturer: the empty page's index of part pages (for people and crawlers).
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { useLocalize } from "../../hooks.ts";
import type { CompetitorPartSummary } from "../../../shared/contract/index.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import { crossReferencePath } from "../../../shared/paths.ts";

export function KnownParts({ parts }: { parts: CompetitorPartSummary[] }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  const byManufacturer = new Map<string, CompetitorPartSummary[]>();
  for (const part of parts) byManufacturer.set(part.manufacturer, [...(byManufacturer.get(part.manufacturer) ?? []), part]);
  return (
    <section className="xref-known" aria-labelledby="xref-known-heading">
      <h2 id="xref-known-heading">{t("page.knownHeading", { count: parts.length })}</h2>
      {[...byManufacturer].map(([manufacturer, list]) => (
        <div key={manufacturer} className="xref-known__group">
          <h3>{t(`manufacturer.${manufacturer}`)}</h3>
          <ul>
            {list.map((part) => (
              <li key={part.partNumber}>
                <Link to={localize(`${crossReferencePath}${writeCrossReferenceQuery({ part: part.partNumber })}`)}>{part.partNumber}</Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
