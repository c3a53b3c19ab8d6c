// The document centre's list: type tabs with counts, a GET form for keyword and product family (it works
// without JavaScript; in the browser it navigates without a reload), the documents, and numbered paging.
// Every control writes its URL through shared/query/support.ts.
import type { FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { documentTypes } from "../../../shared/contract/documents.ts";
import { DOCUMENT_KEYWORD_MAX, DOCUMENTS_PAGE_SIZE, documentListHref, parseDocumentList } from "../../../shared/query/support.ts";
import { PageLinks } from "../../components/page-links.tsx";
import { DocumentList } from "./document-list.tsx";
import type { DocumentCentreData } from "./support-loader.ts";

export function DocumentCentre({ centre }: { centre: DocumentCentreData }) {
  const { t } = useTranslation("support");
  const { pathname } = useLocation();
  const { state, result, families } = centre;
  const href = (change: Parameters<typeof documentListHref>[2]) => documentListHref(pathname, state, change);
  const allCount = Object.values(result.typeCounts).reduce((sum, count) => sum + count, 0);
  const pages = Math.max(1, Math.ceil(result.total / DOCUMENTS_PAGE_SIZE));
  const first = (state.page - 1) * DOCUMENTS_PAGE_SIZE + 1;
  const filtered = state.family !== null || state.keyword !== "";
  const navigate = useNavigate();
  // Without JavaScript the GET form sends every field as typed; with it, the same state goes to its one URL.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
    const next = parseDocumentList(fields);
    navigate(href({ keyword: next.keyword, family: next.family }));
  }
  return (
    <section className="doc-centre" aria-labelledby="doc-centre-title">
      <h2 id="doc-centre-title">{t("centre.heading")}</h2>
      {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark; a <search> wrapper would add a box the layout does not have. */}
      <form method="get" action={pathname} className="doc-filter" role="search" aria-label={t("centre.filterLabel")} onSubmit={onSubmit}>
        {state.type ? <input type="hidden" name="type" value={state.type} /> : null}
        <div className="doc-filter__field doc-filter__field--keyword">
          <label htmlFor="doc-filter-q">{t("centre.keyword")}</label>
          <input
            id="doc-filter-q"
            type="search"
            name="q"
            defaultValue={state.keyword}
            maxLength={DOCUMENT_KEYWORD_MAX}
            placeholder={t("centre.keywordPlaceholder")}
            key={`q-${state.keyword}`}
          />
        </div>
        <div className="doc-filter__field">
          <label htmlFor="doc-filter-family">{t("centre.family")}</label>
          <select id="doc-filter-family" name="family" defaultValue={state.family ?? ""} key={`f-${state.family ?? ""}`}>
            <option value="">{t("centre.allFamilies")}</option>
            {families.map((family) => (
              <option key={family.id} value={family.id}>
                {family.name}
              </option>
            ))}
          </select>
        </div>
        <div className="doc-filter__actions">
          <button type="submit" className="button button--primary">
            {t("centre.apply")}
          </button>
          {filtered ? (
            <Link to={href({ family: null, keyword: "" })} className="doc-filter__clear">
              {t("centre.clear")}
            </Link>
          ) : null}
        </div>
      </form>
      <nav className="doc-tabs" aria-label={t("centre.typesLabel")}>
        <ul>
          <li>
            <Link to={href({ type: null })} aria-current={state.type === null ? "page" : undefined}>
              {t("centre.allTypes")} <span className="doc-tabs__count">{allCount}</span>
            </Link>
          </li>
          {documentTypes.map((type) => (
            <li key={type}>
              <Link to={href({ type })} aria-current={state.type === type ? "page" : undefined}>
                {t(`typesPlural.${type}`)} <span className="doc-tabs__count">{result.typeCounts[type] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="doc-centre__count" role="status">
        {result.total === 0 ? t("centre.none") : t("centre.showing", { from: first, to: first + result.list.length - 1, total: result.total, count: result.total })}
      </p>
      {result.list.length > 0 ? <DocumentList documents={result.list} /> : null}
      <PageLinks page={state.page} pages={pages} href={(page) => href({ page })} label={t("centre.pagingLabel")} />
    </section>
  );
}
