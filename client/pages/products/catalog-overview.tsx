// The catalog overview (/productAndService/products): every family with its series, product counts,
// the key voltage range and a short summary, then the services.
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { Media } from "../../components/media.tsx";
import { useLocalize } from "../../hooks.ts";
import { ProseText } from "../../components/prose-text.tsx";
import type { OverviewData } from "./products-loader.ts";
import { RangeText } from "./range-text.tsx";
import { servicePath, categoryPath } from "../../../shared/paths.ts";

const services = [
  { key: "customDevice", path: servicePath("customDevice") },
  { key: "customModule", path: servicePath("customModule") },
  { key: "customDriving", path: servicePath("customDriving") },
] as const;

export function CatalogOverview({ data }: { data: OverviewData }) {
  const { t } = useTranslation("catalog");
  const localize = useLocalize();
  const total = data.families.reduce((sum, family) => sum + family.count, 0);
  return (
    <main id="main" className="main catalog">
      <PageMeta title={t("overview.title")} description={t("overview.description", { count: total })} />
      <Breadcrumbs items={[{ label: t("overview.title") }]} />
      <header className="page-banner page-banner--compact">
        <div className="page-banner__text">
          <h1>{t("overview.title")}</h1>
          <p>{t("overview.lead", { count: total, families: data.families.length })}</p>
        </div>
      </header>
      <div className="page-body">
        <ul className="catalog-families">
          {data.families.map((family) => (
            <li key={family.id} className="catalog-family">
              <section aria-labelledby={`family-${family.id}`}>
                <div className="catalog-family__head">
                  {family.image ? <Media src={family.image} alt="" className="catalog-family__media" /> : null}
                  <div className="catalog-family__text">
                    <h2 id={`family-${family.id}`}>
                      <Link to={localize(categoryPath(family.id))}>{family.name}</Link>
                    </h2>
                    <p className="catalog-facts">
                      <span>{t("productCount", { count: family.count })}</span>
                      {family.range ? (
                        <span>
                          <RangeText range={family.range} />
                        </span>
                      ) : null}
                    </p>
                    <p className="catalog-family__summary">
                      <ProseText text={family.summary} />
                    </p>
                  </div>
                </div>
                <ul className="catalog-series">
                  {family.series.map((series) => (
                    <li key={series.id}>
                      <Link to={localize(categoryPath(series.id))} className="catalog-series__name">
                        {series.name}
                      </Link>
                      <span className="catalog-series__facts">
                        {t("productCount", { count: series.count })}
                        {series.range ? (
                          <>
                            {" · "}
                            <RangeText range={series.range} />
                          </>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            </li>
          ))}
        </ul>
        <section className="catalog-services" aria-labelledby="catalog-services">
          <h2 id="catalog-services">{t("overview.services")}</h2>
          <ul className="cards">
            {services.map((service) => (
              <li key={service.key} className="card">
                <div className="card__body">
                  <h3>
                    <Link to={localize(service.path)}>{t(`services.${service.key}.title`)}</Link>
                  </h3>
                  <p>{t(`services.${service.key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
