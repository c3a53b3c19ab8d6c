// A content page from site page data: banner, title and sections (about, terms, privacy, quality,
// applications …). The loader is in content-loader.ts, picked per route in routes.tsx.
import { useLoaderData } from "react-router-dom";
import type { PageData } from "../../../shared/contract/site.ts";
import { Sections } from "../../components/sections.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { Media } from "../../components/media.tsx";

export function Component() {
  const page = useLoaderData() as PageData;
  return (
    <main id="main" className="main content-page">
      <PageMeta title={page.title} description={page.description} />
      <header className={`page-banner${page.banner ? " page-banner--image" : ""}`}>
        {page.banner ? <Media src={page.banner.image} alt="" className="page-banner__media" /> : null}
        <div className="page-banner__text">
          <h1>{page.banner?.title || page.title}</h1>
          {page.banner?.subtitle ? <p>{page.banner.subtitle}</p> : page.description ? <p>{page.description}</p> : null}
        </div>
      </header>
      <div className="page-body">
        <Sections sections={page.sections} />
      </div>
    </main>
  );
}
