// A content page from site page data: banner, title and sections (about, terms, privacy, quality,
// applications …). The loader is in content-loader.ts; routes.tsx makes one per route (its templateCode or URL).
import { useLoaderData, useLocation } from "react-router-dom";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { PageData } from "../../../shared/contract/site.ts";
import { Sections } from "../../components/sections.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Media } from "../../components/media.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { splitLanguagePrefix } from "../../../shared/languages.ts";
import type { Crumb } from "../../../shared/seo/seo.ts";

export { contentLoader } from "./content-loader.ts";

/** Sections whose pages sit under an overview: the overview is the middle crumb. */
const sectionCrumbs: Record<string, string> = { about: "nav.about", applications: "nav.applications", reliability: "nav.reliability" };

function useCrumbs(title: string): Crumb[] {
  const { t } = useTranslation();
  const section = splitLanguagePrefix(useLocation().pathname).rest.split("/")[1] ?? "";
  const label = sectionCrumbs[section];
  return label ? [{ label: t(label), to: `/${section}` }, { label: title }] : [{ label: title }];
}

export function Component() {
  const page = useLoaderData() as PageData;
  const crumbs = useCrumbs(page.title);
  return (
    <main id="main" className="main content-page">
      <PageMeta title={page.title} description={page.description} />
      <header className={`page-banner${page.banner ? " page-banner--image" : ""}`}>
        {page.banner ? <Media src={page.banner.image} alt="" className="page-banner__media" priority /> : null}
        <div className="page-banner__text">
          <h1>{page.banner?.title || page.title}</h1>
          {page.banner?.subtitle ? <p>{page.banner.subtitle}</p> : page.description ? <p>{page.description}</p> : null}
        </div>
      </header>
      <Breadcrumbs items={crumbs} />
      <div className="page-body">
        <Sections sections={page.sections} />
      </div>
    </main>
  );
}
