// A list of documents with their type, version, date, size, the products they cover and the gated
// download; used by the document centre and the application-note and simulation-model pages.
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { DocumentMeta } from "../../../shared/contract/documents.ts";
import { SHOWN_DOCUMENT_PRODUCTS } from "../../../shared/catalog/document-products.ts";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { productDetailPath } from "../../../shared/paths.ts";
import { formatFileSize } from "../../../shared/text/file-size.ts";
import { documentDetailPath } from "../../../shared/document-paths.ts";

/** The documents of a list: their first products and, from the loader, how many they cover in all. */
export function DocumentList({ documents, headingLevel = 3 }: { documents: Array<DocumentMeta & { productCount?: number }>; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("support");
  const language = useLanguage();
  const localize = useLocalize();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="doc-list">
      {documents.map((document) => (
        <li key={document.id} className="doc-item">
          <div className="doc-item__main">
            <p className="doc-item__type">
              <span className={`doc-badge doc-badge--${document.type}`}>{t(`types.${document.type}`)}</span>
            </p>
            <Heading className="doc-item__title">{document.title}</Heading>
            <p className="doc-item__summary">{document.summary}</p>
            {document.products.length > 0 ? (
              <p className="doc-item__products">
                <span className="doc-item__label">{t("list.products")}</span>{" "}
                {document.products.slice(0, SHOWN_DOCUMENT_PRODUCTS).map((product, index) => (
                  <span key={product.id}>
                    {index > 0 ? ", " : null}
                    <Link to={localize(productDetailPath(product.partNumber))}>{product.partNumber}</Link>
                  </span>
                ))}
                {(document.productCount ?? document.products.length) > SHOWN_DOCUMENT_PRODUCTS ? (
                  <span className="doc-item__more">
                    {" "}
                    {t("list.moreProducts", { count: (document.productCount ?? document.products.length) - SHOWN_DOCUMENT_PRODUCTS })}
                  </span>
                ) : null}
              </p>
            ) : null}
          </div>
          <div className="doc-item__side">
            <dl className="doc-item__facts">
              <div>
                <dt>{t("list.version")}</dt>
                <dd>
                  {document.version} · <Link to={localize(documentDetailPath(document.id))}>{t("list.history")}</Link>
                </dd>
              </div>
              <div>
                <dt>{t("list.date")}</dt>
                <dd>
                  <time dateTime={document.date}>{document.date}</time>
                </dd>
              </div>
              <div>
                <dt>{t("list.size")}</dt>
                <dd>
                  {t("list.pages", { count: document.pageCount })} · {formatFileSize(document.fileSize, language)}
                </dd>
              </div>
            </dl>
            <DocumentDownloadLink document={document} className="button button--primary doc-item__download">
              {t("download.link")}
              <span className="visually-hidden"> {document.title}</span>
            </DocumentDownloadLink>
          </div>
        </li>
      ))}
    </ul>
  );
}
