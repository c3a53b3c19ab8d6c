// A recognised competitor part: its sourced facts, our candidates by tier with their reasons and tables, the
// rejected products, and the estimate of our candidates at the visitor's operating point.
import { useMemo } from "react";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { Link } from "../../components/link.tsx";
import { island } from "../../runtime/island.tsx";
import { useLocalize } from "../../hooks.ts";
import { crossReferenceTiers as tiers, type CrossReferenceData } from "../../../shared/contract/index.ts";
import type { ParsedOperatingPoint } from "../../../shared/estimator/operating-point.ts";
import { SampleOrReplacement } from "../../pages/products/lifecycle.tsx";
import { LifecycleBadge } from "../../pages/products/lifecycle-badge.tsx";
import { COMPARE_MAX, writeCompareQuery } from "../../../shared/query/compare.ts";
import { ComparisonTable } from "./comparison-table.tsx";
import { ComparisonExport } from "./comparison-export.tsx";
import { productDetailPath, comparePath } from "../../../shared/paths.ts";
import { ProseText } from "../../components/prose-text.tsx";

// The estimator hydrates after the rest of the page, from its own chunk.
const CompareEstimate = island(() => import("../estimator/compare-estimate.tsx").then((module) => module.CompareEstimate));

export function PartResult({
  result,
  operatingPoint,
  op,
  print = false,
}: {
  result: CrossReferenceData;
  operatingPoint: ParsedOperatingPoint | null;
  op: string | null;
  /** The print-ready view: every table and source open, no estimate and no sample buttons. */
  print?: boolean;
}) {
  const { t } = useTranslation("cross-reference");
  const localize = useLocalize();
  const part = result.part!;
  const decoded = "decoded" in part;
  const counts = result.counts;
  const total = counts["drop-in"] + counts.functional + counts["needs-review"];
  // Memoised: the estimator is an island, which must get the same props until its chunk has hydrated it.
  const estimateParts = useMemo(
    () =>
      result.candidates
        // Every candidate shown, in rank order: the estimate orders those that stand the point first.
        .filter((c) => c.product.loss)
        .map((c) => ({ partNumber: c.product.partNumber, loss: c.product.loss })),
    [result],
  );
  return (
    <>
      <section className="xref-part" aria-labelledby="xref-part-heading">
        <h2 id="xref-part-heading">
          {t(`manufacturer.${part.manufacturer}`)} {part.partNumber}
        </h2>
        <p className="xref-part__type">
          {t(`deviceType.${part.deviceType}`)} · {part.ratings.v.value} V{part.package ? ` · ${part.package.datasheetName}` : ""}
        </p>
        {decoded ? <p className="xref-part__decoded">{t("page.decodedPart")}</p> : null}
        {result.stripped ? <p className="xref-part__type">{t("lookup.stripped", { suffix: result.stripped })}</p> : null}
        {print ? <p className="xref-print-note">{t("export.printNote", { part: part.partNumber })}</p> : <ComparisonExport result={result} />}
        <details className="xref-sources" open={print}>
          <summary>{t("page.sources")}</summary>
          <ul>
            {part.documents.map((doc) => (
              <li key={doc.id}>
                <a href={doc.url} rel="noopener nofollow">
                  {doc.title}
                </a>
                {doc.revision || doc.date ? ` (${[doc.revision, doc.date].filter(Boolean).join(", ")})` : ` (${t("page.documentUndated")})`}
              </li>
            ))}
          </ul>
        </details>
      </section>

      <section className="xref-candidates" aria-labelledby="xref-candidates-heading">
        <h2 id="xref-candidates-heading">{t("page.candidates")}</h2>
        {result.candidates.length ? (
          <p>
            {t("page.counts", { dropIn: counts["drop-in"], functional: counts.functional, review: counts["needs-review"] })}
            {result.candidates.length > 1 ? (
              <>
                {" "}
                <Link
                  to={localize(
                    comparePath(
                      writeCompareQuery(
                        result.candidates.slice(0, COMPARE_MAX).map((c) => c.product.partNumber),
                        op,
                      ),
                    ),
                  )}
                >
                  {t("page.compareCandidates", { count: Math.min(COMPARE_MAX, result.candidates.length) })}
                </Link>
              </>
            ) : null}
          </p>
        ) : (
          <p>{t("page.noCandidates", { part: part.partNumber })}</p>
        )}
        {total > result.candidates.length ? <p>{t("page.shownCandidates", { shown: result.candidates.length, total })}</p> : null}
        {result.candidates.length ? (
          // The tiers' meaning once; the list itself is in rank order (closest first), each candidate with its tier.
          <dl className="xref-tiers">
            {tiers.map((tier) =>
              counts[tier] ? (
                <div key={tier} className={`xref-tier xref-tier--${tier}`}>
                  <dt>{t(`tier.${tier}`)}</dt>
                  <dd className="xref-tier__hint">{t(`tierHint.${tier}`)}</dd>
                </div>
              ) : null,
            )}
          </dl>
        ) : null}
        <ol className="xref-ranked">
          {result.candidates.map((candidate) => {
            const number = candidate.product.partNumber;
            return (
              <li key={number}>
                <article className="xref-candidate" aria-labelledby={`xref-${number}`}>
                  <h3 id={`xref-${number}`}>
                    <Link to={localize(productDetailPath(number))}>{number}</Link>
                    {candidate.product.name !== number ? <span className="xref-candidate__name"> {candidate.product.name}</span> : null}
                  </h3>
                  <p className="xref-candidate__states">
                    <span className={`xref-candidate__tier xref-tier--${candidate.tier}`}>{t(`tier.${candidate.tier}`)}</span>{" "}
                    <LifecycleBadge lifecycle={candidate.product.lifecycle} />
                  </p>
                  {candidate.reasons.length ? (
                    <ul className="xref-candidate__reasons" aria-label={t("page.reasons")}>
                      {candidate.reasons.map((reason, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                        <li key={index}>
                          <ProseText text={t(`reason.${reason.key}`, reason.values ?? {})} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {print ? null : <SampleOrReplacement product={candidate.product} compact />}
                  <details className="xref-candidate__table" open={print}>
                    <summary>{t("page.table")}</summary>
                    <ComparisonTable rows={candidate.rows} theirs={part.partNumber} ours={number} id={`xref-table-${number}`} />
                  </details>
                </article>
              </li>
            );
          })}
        </ol>
        {result.rejected.length ? (
          <details className="xref-rejected" open={print}>
            <summary>{t("page.rejected", { count: result.rejectedCount })}</summary>
            {result.rejectedCount > result.rejected.length ? <p>{t("page.shownRejected", { shown: result.rejected.length })}</p> : null}
            <ul>
              {result.rejected.map((rejected) => (
                <li key={rejected.product.partNumber}>
                  <Link to={localize(productDetailPath(rejected.product.partNumber))}>{rejected.product.partNumber}</Link>:{" "}
                  <ProseText text={rejected.reasons.map((reason) => t(`reason.${reason.key}`, reason.values ?? {})).join(" ")} />
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      {estimateParts.length && !print ? (
        // The estimator's own section (and heading) follows the note on what it can compare.
        <div className="xref-estimate">
          <p className="xref-estimate__note">{t(part.switching ? "page.estimatePointOnly" : "page.estimateNoData", { part: part.partNumber })}</p>
          <CompareEstimate parts={estimateParts} parsed={operatingPoint} />
        </div>
      ) : null}
    </>
  );
}
