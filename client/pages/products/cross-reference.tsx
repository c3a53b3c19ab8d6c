// /productAndService/crossReference: "what is yours?" for a competitor part number — our candidates by tier,
// each with its per-parameter table at the datasheets' stated conditions, the estimate of ours at the
// visitor's operating point, a bill of materials at once, and a parameter search for a number we do not know.
import { useLoaderData } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { Link } from "../../components/link.tsx";
import { useAtomValue } from "jotai";
import { publicOriginAtom } from "../../state/atoms.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { absoluteUrl } from "../../../shared/seo/seo.ts";
import { localizePath } from "../../../shared/languages.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import { crossReferenceLoader, type CrossReferencePageData } from "./cross-reference-loader.ts";
import { PartResult } from "../../features/cross-reference/part-result.tsx";
import { BomForm, PartForm, UnknownPart } from "../../features/cross-reference/forms.tsx";
import { BomTable } from "../../features/cross-reference/bom-table.tsx";
import { KnownParts } from "../../features/cross-reference/known-parts.tsx";
import { productsPath, crossReferencePath, productDetailPath } from "../../../shared/paths.ts";
import "../../styles/product.css";
import "../../styles/cross-reference.css";

export const loader = crossReferenceLoader;

export function Component() {
  const { query, result, bom, operatingPoint } = useLoaderData() as CrossReferencePageData;
  const { t } = useTranslation("cross-reference");
  const { t: tc } = useTranslation();
  const localize = useLocalize();
  const language = useLanguage();
  const origin = useAtomValue(publicOriginAtom) || "http://localhost";
  const part = result.part;
  // Only a part of the table has a page of its own for crawlers; a decoded, unknown, empty or BOM answer does not.
  // The print-ready view is a copy of the part's page for a printer: never indexed, the part's page its canonical.
  const print = query.view === "print" && part !== null;
  const indexable = result.match === "exact" && !bom;
  const title = part ? t("page.titlePart", { part: part.partNumber }) : t("page.title");
  const description = part
    ? t("page.descriptionPart", {
        manufacturer: t(`manufacturer.${part.manufacturer}`),
        part: part.partNumber,
        count: result.counts["drop-in"] + result.counts.functional + result.counts["needs-review"],
      })
    : t("page.description");
  const itemList =
    part && indexable
      ? {
          "@context": "https://schema.org",
          "@type": "ItemList",
          name: title,
          numberOfItems: result.candidates.length,
          itemListElement: result.candidates.map((candidate, index) => ({
            "@type": "ListItem",
            position: index + 1,
            name: candidate.product.partNumber,
            url: absoluteUrl(origin, localizePath(productDetailPath(candidate.product.partNumber), language)),
          })),
        }
      : null;

  return (
    <main id="main" className="main xref-page">
      <PageMeta
        title={title}
        description={description}
        canonicalPath={`${crossReferencePath}${writeCrossReferenceQuery({ part: indexable && part ? part.partNumber : "" })}`}
        noindex={print || (!indexable && (Boolean(query.part) || Boolean(bom)))}
      />
      {itemList ? <JsonLd data={itemList} /> : null}
      <Breadcrumbs
        items={[
          { label: tc("nav.products"), to: productsPath },
          part ? { label: t("page.title"), to: crossReferencePath } : { label: t("page.title") },
          ...(part ? [{ label: part.partNumber }] : []),
        ]}
      />
      <div className="product-body">
        <h1>{title}</h1>
        {print ? null : (
          <>
            <p className="xref-intro">{t("page.intro")}</p>
            <PartForm part={query.part} op={query.op} />
          </>
        )}

        {query.part && part ? <PartResult result={result} operatingPoint={operatingPoint} op={query.op} print={print} /> : null}
        {query.part && !part ? (
          <>
            <p className="xref-not-found" role="status">
              {t("page.notFound", { part: query.part })}
            </p>
            {result.suggestions.length ? (
              <nav className="xref-suggestions" aria-labelledby="xref-suggestions-heading">
                <h2 id="xref-suggestions-heading">{t("page.didYouMean")}</h2>
                <ul>
                  {result.suggestions.map((suggestion) => (
                    <li key={suggestion.partNumber}>
                      <Link to={localize(`${crossReferencePath}${writeCrossReferenceQuery({ part: suggestion.partNumber, op: query.op })}`)}>
                        {suggestion.partNumber}
                      </Link>{" "}
                      <span className="xref-table__conditions">
                        {t(`manufacturer.${suggestion.manufacturer}`)} · {t(`deviceType.${suggestion.deviceType}`)}
                      </span>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            <UnknownPart part={query.part} families={result.families} />
          </>
        ) : null}

        {bom ? <BomTable rows={bom} bom={query.bom} truncated={query.bomTruncated} /> : null}
        {print ? null : <BomForm text={query.bom.join("\n")} />}
        {!query.part ? <UnknownPart part="" families={result.families} /> : null}
        {result.known.length && !print ? <KnownParts parts={result.known} /> : null}
      </div>
    </main>
  );
}
