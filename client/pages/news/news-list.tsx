// The news lists (SPEC §2): all categories newest first, or one category, paged, with category tabs.
// The URL is the whole state (shared/query/news.ts); a page past the end or an unknown category is a 404.
import { data, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { newsCategories, queryNewsByPage, type NewsPage } from "../../../shared/contract/news.ts";
import { NEWS_PAGE_SIZE, parseNewsList, type NewsListState } from "../../../shared/query/news.ts";
import { pageCount } from "../../../shared/query/paging.ts";
import { routeLanguage, localizePath } from "../../../shared/languages.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { PageLinks } from "../../components/page-links.tsx";
import { useLocalize } from "../../hooks.ts";
import type { Crumb } from "../../../shared/seo/seo.ts";
import { NewsCard } from "./news-card.tsx";
import { newsPath, newsListPath } from "../../../shared/paths.ts";
import "../../styles/news.css";

interface NewsListData {
  state: NewsListState;
  result: NewsPage;
}

export async function loader({ request, params, context, pattern }: LoaderFunctionArgs): Promise<NewsListData> {
  const url = new URL(request.url);
  const language = routeLanguage(pattern);
  const parsed = parseNewsList(params, url.search);
  if (parsed.kind === "notFound") throw data(null, { status: 404 });
  if (parsed.kind === "redirect") throw redirect(localizePath(newsListPath(parsed.state), language), 301);
  const { state } = parsed;
  const result = await pageClient(context, language).call(queryNewsByPage, {
    ...(state.category ? { category: state.category } : {}),
    pageIndex: state.page,
    pageSize: NEWS_PAGE_SIZE,
  });
  if (state.page > 1 && result.list.length === 0) throw data(null, { status: 404 });
  return { state, result };
}

export function Component() {
  const { state, result } = useLoaderData() as NewsListData;
  const { t } = useTranslation("news");
  const localize = useLocalize();
  const pages = pageCount(result.total, NEWS_PAGE_SIZE);
  const allCount = Object.values(result.categoryCounts).reduce((sum, count) => sum + count, 0);
  const heading = state.category ? t(`categories.${state.category}`) : t("title");
  const crumbs: Crumb[] = state.category ? [{ label: t("title"), to: newsPath }, { label: heading }] : [{ label: t("title") }];
  const title = state.page > 1 ? t("pageTitle", { title: heading, page: state.page }) : heading;
  return (
    <main id="main" className="main news-page">
      <PageMeta title={title} description={state.category ? t(`categoryIntro.${state.category}`) : t("intro")} canonicalPath={newsListPath(state)} page={state.page} />
      <header className="page-banner page-banner--image">
        <img src="/media/pages/news-promo.svg" alt="" className="page-banner__media" />
        <div className="page-banner__text">
          <h1>{heading}</h1>
          <p>{state.category ? t(`categoryIntro.${state.category}`) : t("intro")}</p>
        </div>
      </header>
      <Breadcrumbs items={crumbs} />
      <div className="page-body">
        <nav className="tabs news-tabs" aria-label={t("tabs")}>
          <Link to={localize(newsPath)} aria-current={state.category === null ? "page" : undefined}>
            {t("all")} <span className="tabs__count">{allCount}</span>
          </Link>
          {newsCategories.map((category) => (
            <Link key={category} to={localize(newsListPath({ category, page: 1 }))} aria-current={state.category === category ? "page" : undefined}>
              {t(`categories.${category}`)} <span className="tabs__count">{result.categoryCounts[category] ?? 0}</span>
            </Link>
          ))}
        </nav>
        <p className="news-page__count">
          {t("count", { count: result.total })}
          {pages > 1 ? ` · ${t("pageOf", { page: state.page, pages })}` : null}
        </p>
        {result.list.length === 0 ? (
          <p className="news-page__empty">{t("empty")}</p>
        ) : (
          <ul className="cards news-cards">
            {result.list.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </ul>
        )}
        <PageLinks page={state.page} pages={pages} label={t("paging")} href={(page) => localize(newsListPath({ ...state, page }))} />
      </div>
    </main>
  );
}
