// A bill of materials' answer: each number with how it was recognised, our best match and its tier, and the
// same table as a CSV file.
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { useLocalize } from "../../hooks.ts";
import { CROSS_REFERENCE_BATCH_MAX, type CrossReferenceBatchRow } from "../../../shared/contract/index.ts";
import { writeCrossReferenceQuery } from "../../../shared/query/cross-reference.ts";
import { crossReferencePath, productDetailPath } from "../../../shared/paths.ts";

export function BomTable({ rows, bom, truncated }: { rows: CrossReferenceBatchRow[]; bom: string[]; truncated: boolean }) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  const notFound = rows.flatMap((row, index) => (row.part ? [] : [{ row, line: index + 1 }]));
  return (
    <section className="xref-bom" aria-labelledby="xref-bom-results">
      <h2 id="xref-bom-results">{t("page.bomResults", { count: rows.length })}</h2>
      {truncated ? <p role="status">{t("page.bomTruncated", { max: CROSS_REFERENCE_BATCH_MAX })}</p> : null}
      {notFound.length ? (
        <p role="status" className="xref-bom__not-found">
          {t("lookup.notFound", {
            count: notFound.length,
            lines: notFound.map(({ row, line }) => t("lookup.line", { line, query: row.query })).join("; "),
          })}
        </p>
      ) : null}
      <p>
        <a href={localize(`${crossReferencePath}.csv${writeCrossReferenceQuery({ bom })}`)} download className="button">
          {t("page.bomCsv")}
        </a>
      </p>
      <ScrollBox className="table-scroll" labelledBy="xref-bom-caption">
        <table className="xref-table xref-bom__table">
          <caption id="xref-bom-caption">{t("page.bomCaption", { count: rows.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("page.bomQuery")}</th>
              <th scope="col">{t("page.bomMatch")}</th>
              <th scope="col">{t("page.bomManufacturer")}</th>
              <th scope="col">{t("page.bomBest")}</th>
              <th scope="col">{t("page.bomTier")}</th>
              <th scope="col">{t("page.bomCandidates")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
              <tr key={`${row.query}-${index}`}>
                <th scope="row">{row.query}</th>
                <td>
                  {row.part ? <Link to={localize(`${crossReferencePath}${writeCrossReferenceQuery({ part: row.part.partNumber })}`)}>{row.part.partNumber}</Link> : null}{" "}
                  <span className="xref-table__conditions">{t(`page.match.${row.match ?? "none"}`)}</span>
                  {row.stripped ? <span className="xref-table__conditions">{t("lookup.stripped", { suffix: row.stripped })}</span> : null}
                  {row.suggestion ? (
                    <span className="xref-table__conditions">
                      <Link to={localize(`${crossReferencePath}${writeCrossReferenceQuery({ part: row.suggestion.partNumber })}`)}>
                        {t("lookup.didYouMean", { part: row.suggestion.partNumber })}
                      </Link>
                    </span>
                  ) : null}
                </td>
                <td>{row.part ? t(`manufacturer.${row.part.manufacturer}`) : t("page.bomNone")}</td>
                <td>{row.best ? <Link to={localize(productDetailPath(row.best.partNumber))}>{row.best.partNumber}</Link> : t("page.bomNone")}</td>
                <td>{row.best ? t(`tier.${row.best.tier}`) : t("page.bomNone")}</td>
                <td className="is-numeric">{row.counts["drop-in"] + row.counts.functional + row.counts["needs-review"]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
