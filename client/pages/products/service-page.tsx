// The services of SPEC §2 — /productAndService/service/customDevice, …/service/customModule and
// /productAndService/customDriving/:name? — content pages of the upstream (templateCode service-<name>)
// that end with the call to action: the contact form and the sample information page.
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { PageData } from "../../../shared/contract/site.ts";
import { serviceNames, serviceTemplateCode, type ServiceName } from "../../../shared/contract/services.ts";
import { routeLanguage } from "../../../shared/languages.ts";
import { contentLoader } from "../content/content-loader.ts";
import { Sections } from "../../components/sections.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Media } from "../../components/media.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { useLocalize } from "../../hooks.ts";
import { contactUsPath, productsPath, samplePolicyPath, servicePath } from "../../../shared/paths.ts";
import "../../styles/product.css";

const servicePages = new Set<string>(["customDevice", "customModule"]);

export async function loader(args: LoaderFunctionArgs): Promise<PageData> {
  const language = routeLanguage(args.pattern);
  const { name } = args.params;
  const isDriving = /\/customDriving(\/|$)/.test(new URL(args.request.url).pathname);
  if (isDriving) {
    // A named page under custom driving exists only when the upstream has content at that URL.
    if (name !== undefined && !/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(name)) throw data(null, { status: 404 });
    return contentLoader(language, () =>
      name === undefined ? { templateCode: serviceTemplateCode("customDriving") } : { url: `${servicePath("customDriving")}/${name}` },
    )(args);
  }
  if (!name || !servicePages.has(name)) throw data(null, { status: 404 });
  return contentLoader(language, () => ({ templateCode: serviceTemplateCode(name as ServiceName) }))(args);
}

export function Component() {
  const page = useLoaderData() as PageData;
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  const localize = useLocalize();
  const current = serviceNames.find((name) => servicePath(name) === page.url);
  const others = serviceNames.filter((name) => name !== current);
  return (
    <main id="main" className="main content-page service-page">
      <PageMeta title={page.title} description={page.description} />
      <Breadcrumbs items={[{ label: tc("nav.products"), to: productsPath }, { label: page.title }]} />
      <header className={`page-banner${page.banner ? " page-banner--image" : ""}`}>
        {page.banner ? <Media src={page.banner.image} alt="" className="page-banner__media" /> : null}
        <div className="page-banner__text">
          <h1>{page.banner?.title || page.title}</h1>
          {page.banner?.subtitle ? <p>{page.banner.subtitle}</p> : page.description ? <p>{page.description}</p> : null}
        </div>
      </header>
      <div className="page-body">
        <Sections sections={page.sections} />
        <section className="service-cta" aria-labelledby="service-cta">
          <div className="service-cta__text">
            <h2 id="service-cta">{t("service.ctaTitle")}</h2>
            <p>{t("service.ctaText")}</p>
          </div>
          <div className="service-cta__actions">
            <Link className="button button--primary" to={localize(contactUsPath)}>
              {t("service.contact")}
            </Link>
            <Link className="button" to={localize(samplePolicyPath)}>
              {t("service.sample")}
            </Link>
          </div>
        </section>
        <nav className="service-others" aria-label={t("service.others")}>
          <h2>{t("service.others")}</h2>
          <ul>
            {others.map((name) => (
              <li key={name}>
                <Link to={localize(servicePath(name))}>{tc(`nav.${name}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}
