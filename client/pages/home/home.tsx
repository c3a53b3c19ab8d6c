// The home page: hero, product families, applications, figures, news teaser (from the upstream).
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { querySitePageData, queryNewsByPage } from "../../../shared/contract/index.ts";
import type { PageData } from "../../../shared/contract/site.ts";
import type { NewsListItem } from "../../../shared/contract/news.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { buildTree } from "../../../shared/catalog/tree.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { organization, webSite } from "../../../shared/seo/seo.ts";
import { useAtomValue } from "jotai";
import { contactEmailAtom, contactPhoneAtom, publicOriginAtom } from "../../state/atoms.ts";
import { Sections } from "../../components/sections.tsx";
import { SmartLink } from "../../components/smart-link.tsx";
import { Media } from "../../components/media.tsx";
import { productLink } from "../../components/header/menu-model.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { HeroCarousel } from "./hero-carousel.tsx";
import { newsPath, newsDetailPath } from "../../../shared/paths.ts";

interface HomeData {
  page: PageData;
  news: NewsListItem[];
}

export async function loader({ context, pattern }: LoaderFunctionArgs): Promise<HomeData> {
  const language = routeLanguage(pattern);
  const api = pageClient(context, language);
  const [pageResponse, news] = await Promise.all([
    api.request(querySitePageData, { templateCode: "home" }),
    // The teaser is optional: a failing news call leaves it out rather than failing the home page.
    api.call(queryNewsByPage, { pageIndex: 1, pageSize: 3 }).then(
      (result) => result.list,
      (error: unknown) => {
        console.warn("no news found", String(error));
        return [];
      },
    ),
  ]);
  const page = pageResponse.data[0]?.data;
  if (page?.kind !== "page") throw new Error("The home page content is missing");
  return { page, news };
}

export function Component() {
  const { page, news } = useLoaderData() as HomeData;
  const language = useLanguage();
  const layout = useRouteLoaderData(`layout___${language}`) as LayoutData | undefined;
  const { t } = useTranslation("home");
  const byId = new Map(page.sections.map((section) => [section.id, section]));
  const hero = byId.get("hero");
  const rest = page.sections.filter((section) => section.id !== "hero");
  const families = buildTree(layout?.products ?? []);
  return (
    <main id="main" className="main home">
      <PageMeta title={page.title || t("title")} description={page.description} titleSuffix={false} />
      <HomeStructuredData description={page.description} />
      <h1 className="visually-hidden">{page.title || t("title")}</h1>
      {hero ? <HeroCarousel section={hero} /> : null}
      {families.length > 0 && (
        <section className="section home-families" aria-labelledby="home-families">
          <h2 id="home-families">{t("families")}</h2>
          <p className="section__lead">{t("familiesIntro")}</p>
          <ul className="cards cards--families">
            {families.map((family) => (
              <li key={family.id} className="card">
                {family.image ? <Media src={family.image} alt="" className="card__media" /> : null}
                <div className="card__body">
                  <h3>
                    <SmartLink to={productLink(family)}>{family.name}</SmartLink>
                  </h3>
                  {family.summary ? <p>{family.summary}</p> : null}
                  <ul className="card__tags">
                    {family.children.map((series) => (
                      <li key={series.id}>
                        <SmartLink to={productLink(series)}>{series.name}</SmartLink>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Sections sections={rest} />
      {news.length > 0 && <NewsTeaser news={news} />}
    </main>
  );
}

function NewsTeaser({ news }: { news: NewsListItem[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalize();
  return (
    <section className="section home-news" aria-labelledby="home-news">
      <h2 id="home-news">{t("news")}</h2>
      <ul className="cards cards--news">
        {news.map((item) => (
          <li key={item.id} className="card">
            <Media src={item.image} alt="" className="card__media" />
            <div className="card__body">
              <time dateTime={item.date}>{item.date}</time>
              <h3>
                <Link to={localize(newsDetailPath(item.id))}>{item.title}</Link>
              </h3>
              <p>{item.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <p>
        <Link to={localize(newsPath)} className="button">
          {t("moreNews")}
        </Link>
      </p>
    </section>
  );
}

/** Organization and WebSite (with a SearchAction to /search) for search engines; home page only. */
function HomeStructuredData({ description }: { description: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const origin = useAtomValue(publicOriginAtom);
  const telephone = useAtomValue(contactPhoneAtom);
  const email = useAtomValue(contactEmailAtom);
  if (!origin) return null;
  const name = t("company");
  return (
    <JsonLd
      data={[
        organization(origin, {
          name,
          alternateName: language === "zh" ? "Qingyun Power Semiconductor Co., Ltd." : "青云功率半导体有限公司",
          description: description || t("meta.defaultDescription"),
          telephone,
          email,
        }),
        webSite(origin, language, t("meta.siteName")),
      ]}
    />
  );
}
