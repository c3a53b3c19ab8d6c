// A news article in the blog layout (SPEC §2): title, date, category, views, cover, body, tags, related
// articles and the previous/next article of its category, with its NewsArticle structured data.
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useAtomValue } from "jotai";
import { queryNewsById, type NewsDetail } from "../../../shared/contract/news.ts";
import { parseNewsId } from "../../../shared/query/news.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { newsArticleLd } from "../../../shared/seo/structured-data.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { Media } from "../../components/media.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { publicOriginAtom } from "../../state/atoms.ts";
import { usePageView } from "./use-page-view.ts";
import { newsPath, newsDetailPath, newsListPath } from "../../../shared/paths.ts";
import "../../styles/news.css";

export async function loader({ params, context, pattern }: LoaderFunctionArgs): Promise<NewsDetail> {
  const language = routeLanguage(pattern);
  const id = parseNewsId(params.id);
  if (id === null) throw data(null, { status: 404 });
  try {
    return await pageClient(context, language).call(queryNewsById, { id });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { article, related, previous, next } = useLoaderData() as NewsDetail;
  const { t } = useTranslation("news");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const origin = useAtomValue(publicOriginAtom);
  const views = usePageView(article.id, article.views);
  const category = t(`categories.${article.category}`);
  const categoryPath = newsListPath({ category: article.category, page: 1 });
  return (
    <main id="main" className="main news-detail">
      <PageMeta title={article.title} description={article.summary} type="article" />
      {origin ? <JsonLd data={newsArticleLd(origin, language, article, { name: tc("company"), logo: "/media/brand/logo.png" })} /> : null}
      <Breadcrumbs items={[{ label: t("title"), to: newsPath }, { label: category, to: categoryPath }, { label: article.title }]} />
      <div className="blog-layout">
        <article className="blog-article" aria-labelledby="article-title">
          <header className="blog-article__header">
            <p className="news-meta">
              <Link className="news-meta__category" to={localize(categoryPath)}>
                {category}
              </Link>
              <span>
                <span className="visually-hidden">{t("published")} </span>
                <time dateTime={article.date}>{article.date}</time>
              </span>
              <span className="news-views" data-testid="news-views">
                {t("views", { count: views })}
              </span>
            </p>
            <h1 id="article-title">{article.title}</h1>
            <p className="blog-article__lead">{article.summary}</p>
          </header>
          <figure className="blog-article__cover">
            <Media src={article.image} alt="" priority />
          </figure>
          <div className="prose blog-article__body">
            <RichText paragraphs={article.body} headingLevel={2} />
          </div>
          {article.tags.length > 0 && (
            <div className="blog-article__tags">
              <h2 className="visually-hidden">{t("tags")}</h2>
              <ul className="card__tags">
                {article.tags.map((tag) => (
                  <li key={tag}>
                    <span>{tag}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {(previous || next) && (
            <nav className="blog-neighbours" aria-label={t("neighbours", { category })}>
              {previous ? (
                <Link to={localize(newsDetailPath(previous.id))} rel="prev" className="blog-neighbours__link">
                  <span className="blog-neighbours__label">{t("previous")}</span>
                  <span>{previous.title}</span>
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link to={localize(newsDetailPath(next.id))} rel="next" className="blog-neighbours__link blog-neighbours__link--next">
                  <span className="blog-neighbours__label">{t("next")}</span>
                  <span>{next.title}</span>
                </Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </article>
        <aside className="blog-aside" aria-labelledby="related-title">
          <h2 id="related-title">{t("related")}</h2>
          <ul className="related-list">
            {related.map((item) => (
              <li key={item.id}>
                <Media src={item.image} alt="" className="related-list__media" />
                <div>
                  <Link to={localize(newsDetailPath(item.id))}>{item.title}</Link>
                  <time dateTime={item.date}>{item.date}</time>
                </div>
              </li>
            ))}
          </ul>
          <p>
            <Link to={localize(categoryPath)} className="button">
              {t("backToCategory", { category })}
            </Link>
          </p>
        </aside>
      </div>
    </main>
  );
}
