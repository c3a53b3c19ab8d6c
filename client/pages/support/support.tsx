// The support section (/support/{name?}, SPEC §2): the document centre (bare /support and /support/documents),
// the application-note and simulation-model libraries, and the FAQ, each from its content page, with the
// WeChat download hint. Unknown names are the 404 page (the loader throws).
import { useLoaderData } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { TFunction } from "i18next";
import type { Section } from "../../../shared/contract/site.ts";
import type { Crumb } from "../../../shared/seo/seo.ts";
import { documentListSearch, supportPages, type DocumentListState } from "../../../shared/query/support.ts";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { Media } from "../../components/media.tsx";
import { PageMeta } from "../../components/page-meta.tsx";
import { RichText } from "../../components/rich-text.tsx";
import { Sections } from "../../components/sections.tsx";
import { useLocalize } from "../../hooks.ts";
import { DocumentCentre } from "./document-centre.tsx";
import { DocumentList } from "./document-list.tsx";
import { FaqList } from "./faq.tsx";
import { libraryTypes, type Family, type SupportData } from "./support-loader.ts";
import { DocumentDetail, type DocumentPageData } from "./document-detail.tsx";
import { ModelValidationPage, type ModelValidationPageData } from "./model-validation.tsx";
import { ModelPacks } from "./model-packs.tsx";
import { WeChatHint } from "./wechat-hint.tsx";
import { supportPath, documentsPath, supportPagePath } from "../../../shared/paths.ts";
import "../../styles/support.css";

export { loader } from "./support-loader.ts";

/** Content sections the page shows in its own way: the intro first, the WeChat note as the hint, the
 * document types as the list's tabs, the FAQ as an accordion. */
const ownSections = new Set(["intro", "wechat", "types", "faq"]);

/** A content page's title without the site name the content appends ("FAQ | Qingyun…" → "FAQ"). */
function shortTitle(title: string): string {
  return title.split(" | ")[0]!.trim();
}

function centreTitle(base: string, state: DocumentListState, families: Family[], t: TFunction<"support">) {
  const parts = [base];
  if (state.type) parts.push(t(`typesPlural.${state.type}`));
  const family = families.find((item) => item.id === state.family);
  if (family) parts.push(family.name);
  if (state.keyword) parts.push(`“${state.keyword}”`);
  const title = parts.join(" · ");
  return state.page > 1 ? t("centre.pageTitle", { title, page: state.page }) : title;
}

export function Component() {
  const loaded = useLoaderData() as SupportData | DocumentPageData | ModelValidationPageData;
  if ("validation" in loaded) return <ModelValidationPage page={loaded} />;
  return "revisions" in loaded ? <DocumentDetail page={loaded} /> : <SupportPage data={loaded} />;
}

function SupportPage({ data }: { data: SupportData }) {
  const { page, bare, content, wechat, centre, library, packs } = data;
  const { t } = useTranslation("support");
  const { t: tc } = useTranslation();
  const localize = useLocalize();
  const heading = content.banner?.title || shortTitle(content.title);
  const sectionLabel = tc("nav.support");
  const crumbs: Crumb[] = bare ? [{ label: sectionLabel }] : [{ label: sectionLabel, to: supportPath }, { label: heading }];
  const intro = content.sections.find((section) => section.id === "intro");
  const rest = content.sections.filter((section) => !ownSections.has(section.id));
  const faq = content.sections.find((section) => section.id === "faq");
  const libraryType = libraryTypes[page];

  // The bare /support and filtered lists name their canonical list page; a keyword result is not a page of its own.
  const canonicalPath = centre ? `${documentsPath}${documentListSearch({ ...centre.state, keyword: "" })}` : undefined;
  const title = centre ? centreTitle(heading, centre.state, centre.families, t) : heading;

  return (
    <main id="main" className={`main support-page support-page--${page}`}>
      <PageMeta
        title={title}
        description={content.description}
        canonicalPath={canonicalPath}
        noindex={centre?.state.keyword ? true : undefined}
        page={centre?.state.page}
      />
      <header className={`page-banner${content.banner ? " page-banner--image" : ""}`}>
        {content.banner ? <Media src={content.banner.image} alt="" className="page-banner__media" /> : null}
        <div className="page-banner__text">
          <h1>{heading}</h1>
          {content.banner?.subtitle ? <p>{content.banner.subtitle}</p> : <p>{content.description}</p>}
        </div>
      </header>
      <Breadcrumbs items={crumbs} />
      <div className="page-body">
        <SupportNav current={page} />
        <WeChatHint wechat={wechat} />
        {/* The intro's heading repeats the page's h1: its text is the page's lead paragraph. */}
        {intro ? (
          <div className="support-lead prose">
            <RichText paragraphs={intro.body} />
          </div>
        ) : null}
        {centre ? <DocumentCentre centre={centre} /> : null}
        {packs?.length ? <ModelPacks packs={packs} /> : null}
        {library && libraryType ? (
          <section className="doc-library" aria-labelledby="doc-library-title">
            <h2 id="doc-library-title">{t(`library.${libraryType}`)}</h2>
            <DocumentList documents={library} />
            <p>
              <Link to={`${localize(documentsPath)}?type=${libraryType}`}>{t("library.all")}</Link>
            </p>
          </section>
        ) : null}
        {faq ? <FaqList section={faq as Section} /> : null}
        <Sections sections={rest} />
      </div>
    </main>
  );
}

/** The section's pages side by side, so each is one click from the others. */
function SupportNav({ current }: { current: SupportData["page"] }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  return (
    <nav className="support-nav" aria-label={t("nav.label")}>
      <ul>
        {supportPages.map((name) => (
          <li key={name}>
            <Link to={localize(supportPagePath(name))} aria-current={current === name ? "page" : undefined}>
              {t(`nav.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
