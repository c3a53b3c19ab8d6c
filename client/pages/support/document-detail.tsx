// /support/documents/:id and /support/documents/:id/rev/:revision: one document with its revision history,
// each revision downloadable at its permanent URL; a revision's page (what a revision e-mail links to) says
// whether it is current or which revision replaced it. A moved id answers 301 to its new address, an unknown
// document or revision the 404 page (docs/decisions/040-document-revisions.md).
import { data, redirect, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { documentIdPattern, documentRevisionPattern, queryAttachHistory, type DocumentHistory } from "../../../shared/contract/documents.ts";
import { localizePath, type Language } from "../../../shared/languages.ts";
import { documentsPath, productDetailPath, supportPath } from "../../../shared/paths.ts";
import { documentDetailPath, documentRevisionPagePath } from "../../../shared/document-paths.ts";
import { ApiCallError } from "../../api/page-client.ts";
import { pageClient } from "../../api/loader-context.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { useLocalize } from "../../hooks.ts";
import "../../styles/support.css";
import "../../styles/documents.css";

export interface DocumentPageData extends DocumentHistory {
  /** The revision the URL names, or null on the document's own page. */
  revision: string | null;
}

/** The two addresses this page answers: the document's and a revision's. */
const pagePath = /\/support\/documents\/([^/]+)(?:\/rev\/([^/]+))?$/;

/** The data of a document's or a revision's page; the support route's loader (support-loader.ts) calls it. */
export async function documentLoader(request: Request, context: LoaderFunctionArgs["context"], language: Language): Promise<DocumentPageData> {
  const { pathname } = new URL(request.url);
  const match = pagePath.exec(pathname);
  const id = match ? decodeURIComponent(match[1]!) : "";
  const named = match?.[2] === undefined ? null : decodeURIComponent(match[2]);
  if (!documentIdPattern.test(id) || (named !== null && !documentRevisionPattern.test(named))) throw data(null, { status: 404 });
  let history: DocumentHistory;
  try {
    history = await pageClient(context, language).call(queryAttachHistory, { id });
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
  if (history.document.id !== id) {
    // The document moved: its old address, a revision's too, is permanent and leads to the new one.
    const path = named === null ? documentDetailPath(history.document.id) : documentRevisionPagePath(history.document.id, named);
    throw redirect(localizePath(path, language), 301);
  }
  if (named !== null && !history.revisions.some((entry) => entry.revision === named)) throw data(null, { status: 404 });
  return { ...history, revision: named };
}

function RevisionNotice({ page }: { page: DocumentPageData }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  const current = page.revisions[0]!;
  const shown = page.revisions.find((entry) => entry.revision === page.revision)!;
  const isCurrent = shown.revision === current.revision;
  return (
    <section className={`doc-revision-notice${isCurrent ? "" : " doc-revision-notice--superseded"}`} aria-labelledby="revision-notice">
      <h2 id="revision-notice">{t("revisions.thisRevision", { revision: shown.revision, date: shown.date })}</h2>
      {isCurrent ? (
        <p>{t("revisions.isCurrent")}</p>
      ) : (
        <p>
          {t("revisions.superseded", { revision: current.revision, date: current.date })}{" "}
          <Link to={localize(documentDetailPath(page.document.id))}>{t("revisions.toCurrent")}</Link>
        </p>
      )}
      <ul>
        {shown.changes.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <DocumentDownloadLink document={{ ...page.document, downloadPath: shown.downloadPath }} className="button button--primary">
        {t("revisions.download", { revision: shown.revision })}
      </DocumentDownloadLink>
    </section>
  );
}

export function DocumentDetail({ page }: { page: DocumentPageData }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  const { document } = page;
  const title = page.revision === null ? document.title : t("revisions.pageTitle", { title: document.title, revision: page.revision });
  return (
    <main id="main" className="main document-detail">
      <PageMeta
        title={title}
        description={document.summary}
        canonicalPath={page.revision === null ? documentDetailPath(document.id) : documentRevisionPagePath(document.id, page.revision)}
      />
      <Breadcrumbs items={[{ label: t("nav.label"), to: supportPath }, { label: t("nav.documents"), to: documentsPath }, { label: document.title }]} />
      <div className="page-body">
        <p className="doc-item__type">
          <span className={`doc-badge doc-badge--${document.type}`}>{t(`types.${document.type}`)}</span>
        </p>
        <h1>{title}</h1>
        <p>{document.summary}</p>
        {page.revision === null ? (
          <p>
            {t("revisions.current", { revision: document.version, date: document.date })}{" "}
            <DocumentDownloadLink document={document} className="button button--primary">
              {t("download.link")}
            </DocumentDownloadLink>
          </p>
        ) : (
          <RevisionNotice page={page} />
        )}
        {document.products.length ? (
          <p>
            {t("list.products")}{" "}
            {document.products.map((product, index) => (
              <span key={product.id}>
                {index > 0 ? ", " : null}
                <Link to={localize(productDetailPath(product.partNumber))}>{product.partNumber}</Link>
              </span>
            ))}
          </p>
        ) : null}
        <section aria-labelledby="revision-history">
          <h2 id="revision-history">{t("revisions.history")}</h2>
          <table className="doc-revisions">
            <thead>
              <tr>
                <th scope="col">{t("revisions.revision")}</th>
                <th scope="col">{t("list.date")}</th>
                <th scope="col">{t("revisions.changes")}</th>
              </tr>
            </thead>
            <tbody>
              {page.revisions.map((entry) => (
                <tr key={entry.revision} aria-current={entry.revision === page.revision ? "page" : undefined}>
                  <th scope="row">
                    <Link to={localize(documentRevisionPagePath(document.id, entry.revision))}>{entry.revision}</Link>
                  </th>
                  <td>
                    <time dateTime={entry.date}>{entry.date}</time>
                  </td>
                  <td>
                    <ul>
                      {entry.changes.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p>
          <Link to={localize(documentsPath)}>{t("revisions.back")}</Link>
        </p>
      </div>
    </main>
  );
}
