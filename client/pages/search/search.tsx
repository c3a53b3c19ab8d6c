// The search page (SPEC §2): /search?text=… across products, documents, news, jobs and pages. "All" groups
// the best hits of each type with its count; a type tab lists that type, paged. Snippets come marked and
// escaped from the server. Empty text runs no search; no hits shows "No {text} results are found" with
// the tips. The URL is the whole state (shared/query/search.ts); results are kept out of the index.
import { Form, data, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { searchSite, searchTypes, SEARCH_TEXT_MAX, type SearchHit, type SearchResult, type SearchType } from "../../../shared/contract/search.ts";
import { sanitizeMarkedHtml } from "../../../shared/text/html.ts";
import { htmlLang, routeLanguage, localizePath, type Language } from "../../../shared/languages.ts";
import { SEARCH_GROUP_SIZE, SEARCH_PAGE_SIZE, parseSearchQuery, searchHref, type SearchState } from "../../../shared/query/search.ts";
import { pageClient } from "../../api/loader-context.ts";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { useLocalize } from "../../hooks.ts";
import { queryCrossReference, type CrossReferenceData } from "../../../shared/contract/cross-reference.ts";
import { looksLikePartNumber } from "../../../shared/cross-reference/part-key.ts";
import { CrossReferenceBlock } from "../../features/cross-reference/cross-reference-block.tsx";
import { searchPath } from "../../../shared/paths.ts";
import "../../styles/search.css";

interface SearchData {
  state: SearchState;
  /** null when the text is empty (no search runs). */
  result: SearchResult | null;
  /** The "All" view: the first hits of each type that has any, in the tabs' order. */
  groups: { type: SearchType; hits: SearchHit[] }[] | null;
  /** The cross-reference of a text that names (or may name) a competitor part; null otherwise. */
  crossReference?: CrossReferenceData | null;
}

/** The cross-reference of a competitor part number typed into the search, shown before the hits. */
async function crossReferenceOf(api: ReturnType<typeof pageClient>, state: SearchState): Promise<CrossReferenceData | null> {
  if (state.page > 1 || !looksLikePartNumber(state.text)) return null;
  const result = await api.call(queryCrossReference, { part: state.text });
  return result.part || result.suggestions.length ? result : null;
}

export async function loader({ request, context, pattern }: LoaderFunctionArgs): Promise<SearchData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const state = parseSearchQuery(url.searchParams);
  if (!state.text) return { state, result: null, groups: null };
  const api = pageClient(context, language);
  // Beside the search, never instead of it: a failed lookup leaves the block out (and no rejection unhandled).
  const crossReference = crossReferenceOf(api, state).catch(() => null);
  if (state.type) {
    const result = await api.call(searchSite, { text: state.text, type: state.type, pageIndex: state.page, pageSize: SEARCH_PAGE_SIZE, otherLanguage: state.page === 1 });
    if (state.page > 1 && result.list.length === 0) throw data(null, { status: 404 });
    return { state, result, groups: null, crossReference: await crossReference };
  }
  // One call: each type's first hits come from the same ranking as the counts (a call per type ranked every
  // match again), and the other language's hits, which the page shows once, after its own.
  const { groups: found = [], ...result } = await api.call(searchSite, {
    text: state.text,
    pageIndex: 1,
    pageSize: SEARCH_GROUP_SIZE,
    groupSize: SEARCH_GROUP_SIZE,
    otherLanguage: true,
  });
  const groups = found.map(({ type, list }) => ({ type, hits: list }));
  return { state, result, groups, crossReference: await crossReference };
}

/** Starting points for a visitor who has not typed anything yet. */
const suggestionKeys = ["sicMosfet", "voltage", "partNumber", "gateDriver"] as const;

export function Component() {
  const { state, result, groups, crossReference } = useLoaderData() as SearchData;
  const { t } = useTranslation("search");
  const localize = useLocalize();
  const { pathname } = useLocation();
  const href = (change: Partial<SearchState>) => searchHref(pathname, state, change);
  const total = result ? searchTypes.reduce((sum, type) => sum + (result.counts[type] ?? 0), 0) : 0;
  const pages = result ? Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE)) : 1;
  const heading = state.text ? t("resultsFor", { text: state.text }) : t("heading");
  return (
    <main id="main" className="main search-page">
      <PageMeta title={state.page > 1 ? t("pageTitle", { title: heading, page: state.page }) : heading} description={t("description")} page={state.page} noindex />
      <header className="page-banner">
        <div className="page-banner__text">
          <h1>{heading}</h1>
          <Form method="get" action={pathname} role="search" className="search-form">
            <label className="visually-hidden" htmlFor="search-page-text">
              {t("label")}
            </label>
            <input
              id="search-page-text"
              type="search"
              name="text"
              defaultValue={state.text}
              key={state.text}
              maxLength={SEARCH_TEXT_MAX}
              placeholder={t("placeholder")}
              required
            />
            <button type="submit" className="search-form__submit">
              {t("submit")}
            </button>
          </Form>
        </div>
      </header>
      <Breadcrumbs items={[{ label: t("title") }]} />
      <div className="page-body search-body">
        {crossReference ? <CrossReferenceBlock result={crossReference} /> : null}
        {!result ? (
          <section className="search-start" aria-labelledby="search-start-title">
            <h2 id="search-start-title">{t("empty")}</h2>
            <p>{t("suggestionsTitle")}</p>
            <ul className="search-suggestions">
              {suggestionKeys.map((key) => (
                <li key={key}>
                  <Link to={`${localize(searchPath)}?${new URLSearchParams({ text: t(`suggestions.${key}`) })}`}>{t(`suggestions.${key}`)}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : total === 0 ? (
          <section className="search-empty" aria-labelledby="search-empty-title">
            <h2 id="search-empty-title">{t("noResults", { text: state.text })}</h2>
            <p>{t("tipsTitle")}</p>
            <ul>
              <li>{t("tips.spelling")}</li>
              <li>{t("tips.other")}</li>
              <li>{t("tips.common")}</li>
            </ul>
          </section>
        ) : (
          <>
            <nav className="search-tabs" aria-label={t("typesLabel")}>
              <ul>
                <li>
                  <Link to={href({ type: null })} aria-current={state.type === null ? "page" : undefined}>
                    {t("all")} <span className="search-tabs__count">{total}</span>
                  </Link>
                </li>
                {searchTypes.map((type) => (
                  <li key={type}>
                    {result.counts[type] > 0 || state.type === type ? (
                      <Link to={href({ type })} aria-current={state.type === type ? "page" : undefined}>
                        {t(`types.${type}`)} <span className="search-tabs__count">{result.counts[type]}</span>
                      </Link>
                    ) : (
                      <span className="search-tabs__empty">
                        {t(`types.${type}`)} <span className="search-tabs__count">0</span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <p className="search-count" role="status">
              {state.type ? t("countType", { count: result.total, type: t(`types.${state.type}`) }) : t("count", { count: total })}
            </p>
            {groups ? (
              groups.map((group) => (
                <section key={group.type} className="search-group" aria-labelledby={`search-group-${group.type}`}>
                  <h2 id={`search-group-${group.type}`}>
                    {t(`types.${group.type}`)} <span className="search-group__count">{result.counts[group.type]}</span>
                  </h2>
                  <Hits hits={group.hits} />
                  {result.counts[group.type] > group.hits.length ? (
                    <p className="search-group__more">
                      <Link to={href({ type: group.type })}>{t("seeAll", { count: result.counts[group.type], type: t(`types.${group.type}`) })}</Link>
                    </p>
                  ) : null}
                </section>
              ))
            ) : (
              <>
                <Hits hits={result.list} start={(state.page - 1) * SEARCH_PAGE_SIZE + 1} />
                <PageLinks page={state.page} pages={pages} href={(page) => href({ page })} label={t("pagination")} />
              </>
            )}
          </>
        )}
        {result?.other ? <OtherLanguageHits other={result.other} state={state} /> : null}
      </div>
    </main>
  );
}

/** The same search's first hits in the other language's content (a Chinese query on the English site),
 * apart and labelled, in that language (lang) and linking to its pages. */
function OtherLanguageHits({ other, state }: { other: NonNullable<SearchResult["other"]>; state: SearchState }) {
  const { t } = useTranslation("search");
  return (
    <section className="search-other" aria-labelledby="search-other-title">
      <h2 id="search-other-title">
        {t(`otherResults.${other.language}`)} <span className="search-group__count">{other.total}</span>
      </h2>
      <Hits hits={other.list} language={other.language} />
      {other.total > other.list.length ? (
        <p className="search-group__more">
          <a href={searchHref(localizePath(searchPath, other.language), state, {})} hrefLang={htmlLang[other.language]}>
            {t(`otherSeeAll.${other.language}`, { count: other.total })}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** `language`: hits of the other language's content, marked as such and linking to that language's pages. */
function Hits({ hits, start, language }: { hits: SearchHit[]; start?: number; language?: Language }) {
  const { t } = useTranslation("search");
  const localize = useLocalize();
  const to = (link: string) => (language ? localizePath(link, language) : localize(link));
  // The found text is in that language; the download link's words stay in the page's.
  const lang = language ? htmlLang[language] : undefined;
  return (
    <ol className="search-results" start={start}>
      {hits.map((hit) => (
        <li key={`${hit.type}-${hit.id}`} className="search-result">
          <h3 className="search-result__title" lang={lang}>
            {/* The server escaped the text and marked the hits; sanitizeMarkedHtml lets nothing but <mark> through. */}
            <Link
              to={to(hit.link)}
              hrefLang={language ? htmlLang[language] : undefined}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped text with the hits in <mark>; sanitizeMarkedHtml lets nothing else through.
              dangerouslySetInnerHTML={{ __html: sanitizeMarkedHtml(hit.titleHtml) }}
            />
          </h3>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped text with the hits in <mark>; sanitizeMarkedHtml lets nothing else through. */}
          <p className="search-result__snippet" lang={lang} dangerouslySetInnerHTML={{ __html: sanitizeMarkedHtml(hit.snippetHtml) }} />
          {hit.date || hit.downloadPath ? (
            <p className="search-result__meta">
              {hit.date ? <time dateTime={hit.date}>{hit.date}</time> : null}
              {hit.type === "documents" && hit.downloadPath ? (
                <DocumentDownloadLink document={{ id: hit.id, title: hit.title, downloadPath: hit.downloadPath }} className="document-download search-result__download">
                  {t("download")}
                  <span className="visually-hidden"> {hit.title}</span>
                </DocumentDownloadLink>
              ) : null}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
