// The overview of a section with several pages (/about, /applications, /reliability): a banner and one
// card per page, leading on to the pages and the topics inside them. About also repeats the company's figures.
import { useLoaderData } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { Media } from "../../components/media.tsx";
import { SmartLink } from "../../components/smart-link.tsx";
import { Sections } from "../../components/sections.tsx";
import type { OverviewData, OverviewSection } from "./overview-loader.ts";
import { aboutUsPath, reliabilityPath, sectionPagePath } from "../../../shared/paths.ts";
import "../../styles/about.css";

export { overviewLoader } from "./overview-loader.ts";

const bannerImages: Record<OverviewSection, string> = {
  about: "/media/pages/about-us.svg",
  applications: "/media/applications/energy-storage-cover.svg",
  reliability: "/media/pages/quality-system.svg",
};

/**
 * One section of a page repeated on the overview, because visitors often come for exactly that: the
 * company's key figures, the quality certificates. Left out when the content no longer has it.
 */
const highlights: Record<OverviewSection, { url: string; sectionId: string } | null> = {
  about: { url: aboutUsPath, sectionId: "figures" },
  applications: null,
  reliability: { url: sectionPagePath(reliabilityPath, "certifications"), sectionId: "certificates" },
};

export function Component() {
  const { section, cards, pages } = useLoaderData() as OverviewData;
  const { t } = useTranslation("about");
  const { t: tc } = useTranslation();
  const title = t(`overviews.${section}.title`);
  const intro = t(`overviews.${section}.intro`);
  const highlight = highlights[section];
  const repeated = highlight ? (pages[highlight.url]?.sections.filter((item) => item.id === highlight.sectionId) ?? []) : [];
  return (
    <main id="main" className={`main section-overview section-overview--${section}`}>
      <PageMeta title={title} description={intro} />
      <header className="page-banner page-banner--image">
        <img src={bannerImages[section]} alt="" className="page-banner__media" />
        <div className="page-banner__text">
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
      </header>
      <Breadcrumbs items={[{ label: title }]} />
      <div className="page-body">
        <section className="section" aria-labelledby="overview-pages">
          <h2 id="overview-pages">{t(`overviews.${section}.pages`)}</h2>
          <ul className="cards overview-cards">
            {cards.map((card) => (
              <li key={card.link} className="card overview-card">
                {card.image ? <Media src={card.image} alt="" className="card__media overview-card__media" /> : null}
                <div className="card__body">
                  <h3>
                    <SmartLink to={card.link}>{card.title}</SmartLink>
                  </h3>
                  <p>{card.text}</p>
                  {card.children.length > 0 && (
                    <ul className="card__tags" aria-label={t("overviews.topics", { name: card.title })}>
                      {card.children.map((child) => (
                        <li key={child.link}>
                          <SmartLink to={child.link}>{child.title}</SmartLink>
                        </li>
                      ))}
                    </ul>
                  )}
                  <SmartLink to={card.link} className="card__link overview-card__more">
                    {tc("nav.learnMore")}
                    <span className="visually-hidden">{tc("nav.moreAbout", { name: card.title })}</span>
                  </SmartLink>
                </div>
              </li>
            ))}
          </ul>
        </section>
        {repeated.length > 0 && <Sections sections={repeated} />}
      </div>
    </main>
  );
}
