// The first block of the search page when the text names a competitor part (or a number its manufacturer's
// nomenclature decodes): their part → our best match, and a link to the whole cross-reference.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { useLocalize } from "../../hooks.ts";
import type { CrossReferenceData } from "../../../shared/contract/cross-reference.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import { crossReferencePath } from "../../../shared/paths.ts";
import "../../styles/cross-reference.css";

export function CrossReferenceBlock({ result }: { result: CrossReferenceData }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  const page = (part: string) => localize(`${crossReferencePath}${writeCrossReferenceQuery({ part })}`);
  const part = result.part;
  if (part) {
    const best = result.candidates[0];
    return (
      <section className="search-xref" aria-labelledby="search-xref-heading">
        <h2 id="search-xref-heading">{t("page.searchBlock", { part: part.partNumber })}</h2>
        <p>
          {t(`manufacturer.${part.manufacturer}`)} · {t(`deviceType.${part.deviceType}`)}
          {"decoded" in part ? ` · ${t("decoded")}` : ""}
        </p>
        <p>{best ? t("page.searchBest", { ours: best.product.partNumber, tier: t(`tier.${best.tier}`) }) : t("page.searchNoMatch")}</p>
        <Link to={page(part.partNumber)} className="button">
          {t("page.searchOpen", { part: part.partNumber })}
        </Link>
      </section>
    );
  }
  return (
    <section className="search-xref" aria-labelledby="search-xref-heading">
      <h2 id="search-xref-heading">{t("page.searchBlock", { part: result.query })}</h2>
      <p>{t("page.searchSuggestions")}</p>
      <ul>
        {result.suggestions.map((suggestion) => (
          <li key={suggestion.partNumber}>
            <Link to={page(suggestion.partNumber)}>{suggestion.partNumber}</Link> ({t(`manufacturer.${suggestion.manufacturer}`)})
          </li>
        ))}
      </ul>
    </section>
  );
}
