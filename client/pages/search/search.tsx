// The search page (SPEC §2): /search?text=… across products, documents, news, jobs and pages, with type
// tabs, highlighted snippets, paging, and the no-results message with tips. Empty text runs no search.
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { searchSite, searchTypes, SEARCH_TEXT_MAX, type SearchResult, type SearchType } from "../../../shared/contract/search.ts";
import { sanitizeMarkedHtml } from "../../../shared/html.ts";
import { splitLanguagePrefix, type Language } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { useLocalize } from "../../hooks.ts";

const PAGE_SIZE = 10;

interface SearchData {
  text: string;
  type: SearchType | null;
  page: number;
  result: SearchResult | null;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<SearchData> {
  const url = new URL(request.url);
  const language = (splitLanguagePrefix(url.pathname).language ?? "zh") as Language;
  const text = (url.searchParams.get("text") ?? "").trim().slice(0, SEARCH_TEXT_MAX);
  const typeParam = url.searchParams.get("type");
  const type = (searchTypes as readonly string[]).includes(typeParam ?? "") ? (typeParam as SearchType) : null;
  const page = Math.min(Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1), 1000);
  if (!text) return { text, type, page, result: null };
  const result = await pageClient(context, language).call(searchSite, {
    text,
    ...(type ? { type } : {}),
    pageIndex: page,
    pageSize: PAGE_SIZE,
  });
  return { text, type, page, result };
}

export function Component() {
  const { text, type, page, result } = useLoaderData() as SearchData;
  const { t } = useTranslation("search");
  const localize = useLocalize();
  const total = result ? Object.values(result.counts).reduce((sum, count) => sum + count, 0) : 0;
  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;
  const href = (next: { type?: SearchType | null; page?: number }) => {
    const params = new URLSearchParams({ text });
    const nextType = next.type === undefined ? type : next.type;
    if (nextType) params.set("type", nextType);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    return `${localize("/search")}?${params}`;
  };
  return (
    <main id="main" className="main search-page">
      <PageMeta title={text ? `${t("resultsFor", { text })}` : t("title")} />
      <meta name="robots" content="noindex, follow" />
      <header className="page-banner">
        <div className="page-banner__text">
          <h1>{text ? t("resultsFor", { text }) : t("heading")}</h1>
          <Form method="get" action={localize("/search")} role="search" className="search-box search-box--page">
            <label className="visually-hidden" htmlFor="search-page-text">
              {t("heading")}
            </label>
            <input id="search-page-text" type="search" name="text" defaultValue={text} maxLength={SEARCH_TEXT_MAX} required />
            <button type="submit" className="search-box__submit">
              {t("heading")}
            </button>
          </Form>
        </div>
      </header>
      <div className="page-body">
        {!result ? (
          <p>{t("empty")}</p>
        ) : total === 0 ? (
          <section className="search-empty" aria-live="polite">
            <h2>{t("noResults", { text })}</h2>
            <p>{t("tipsTitle")}</p>
            <ul>
              <li>{t("tips.spelling")}</li>
              <li>{t("tips.other")}</li>
              <li>{t("tips.common")}</li>
            </ul>
          </section>
        ) : (
          <>
            <nav className="tabs" aria-label={t("heading")}>
              <Link to={href({ type: null, page: 1 })} aria-current={type === null ? "page" : undefined}>
                {t("all")} <span className="tabs__count">{total}</span>
              </Link>
              {searchTypes.map((searchType) => (
                <Link key={searchType} to={href({ type: searchType, page: 1 })} aria-current={type === searchType ? "page" : undefined}>
                  {t(`types.${searchType}`)} <span className="tabs__count">{result.counts[searchType] ?? 0}</span>
                </Link>
              ))}
            </nav>
            <p className="search-page__count" aria-live="polite">
              {t("count", { count: result.total })}
            </p>
            <ol className="search-results" start={(page - 1) * PAGE_SIZE + 1}>
              {result.list.map((hit) => (
                <li key={`${hit.type}-${hit.id}`} className="search-result">
                  <p className="search-result__type">
                    {t(`types.${hit.type}`)}
                    {hit.date ? <time dateTime={hit.date}> · {hit.date}</time> : null}
                  </p>
                  <h2>
                    <Link to={localize(hit.link)} dangerouslySetInnerHTML={{ __html: sanitizeMarkedHtml(hit.titleHtml) }} />
                  </h2>
                  <p dangerouslySetInnerHTML={{ __html: sanitizeMarkedHtml(hit.snippetHtml) }} />
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <nav className="pagination" aria-label={t("pagination")}>
                {page > 1 ? <Link to={href({ page: page - 1 })}>{t("previous")}</Link> : <span />}
                <span>{t("page", { page, pages })}</span>
                {page < pages ? <Link to={href({ page: page + 1 })}>{t("next")}</Link> : <span />}
              </nav>
            )}
          </>
        )}
      </div>
    </main>
  );
}
