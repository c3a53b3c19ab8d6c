// /productAndService/productDetail/:name: everything an engineer checks before asking for a
// sample — the key parameters with units, qualifications, package, documents behind the download flow,
// related parts of the same family and a way to compare them — server-rendered with Product JSON-LD.
import { useLoaderData, useLocation } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { useAtomValue } from "jotai";
import type { DocumentMeta, DocumentType } from "../../../shared/contract/documents.ts";
import type { ParamColumn, ProductListItem } from "../../../shared/contract/products.ts";
import { currentStateUrl, tdbSchemaPath, type ModelFile } from "../../../shared/contract/models.ts";
import { API_BASE } from "../../features/document-download/download-memory.ts";
import { applicationPage, packageDrawing, qualificationsOf } from "../../../shared/catalog/product-facts.ts";
import { productLd } from "../../../shared/seo/product-ld.ts";
import { writeCompareQuery } from "../../../shared/query/compare.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { JsonLd } from "../../components/json-ld.tsx";
import { SampleOrReplacement } from "./lifecycle.tsx";
import { LifecycleFacts } from "./lifecycle-facts.tsx";
import { EmailWatchForm, NoticesFeedLink, WatchButton } from "./watch-button.tsx";
import { DocumentDownloadLink } from "../../features/document-download/document-download.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import { publicOriginAtom } from "../../state/atoms.ts";
import { loadDatasheet, productDetailLoader, type ProductDetailData } from "./product-detail-loader.ts";
import { conditionsText, hasSymbol, ParamSymbol, valueText } from "./param-label.tsx";
import { island } from "../../runtime/island.tsx";
import { productsPath, categoryPath, productDetailPath, comparePath, noticesPath } from "../../../shared/paths.ts";
import type { NoticeListItem } from "../../../shared/contract/notices.ts";
import { writeNoticeList, defaultNoticeListState } from "../../../shared/query/notices.ts";
import { NoticeCard } from "../support/notice-card.tsx";
import "../../styles/product.css";
// The datasheet view's styles, linked by the server in the head: its island's chunk may not bring its own.
import "../../styles/datasheet.css";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { ProseText } from "../../components/prose-text.tsx";
import { formatFileSize } from "../../../shared/text/file-size.ts";
import { modelValidationPagePath } from "../../../shared/model-validation-path.ts";
import { datasheetPagePath } from "../../../shared/datasheet-path.ts";
import type { DatasheetPageData } from "./datasheet.tsx";

// The estimator (its model, panel and chart) hydrates after the rest of the page, from its own chunk.
const ProductEstimate = island(() => import("../../features/estimator/product-estimate.tsx").then((module) => module.ProductEstimate));
// The datasheet tables, ordering and package data: static markup, so their code need not be in the first load.
const PartDatasheet = island(() => import("./part-datasheet.tsx").then((module) => module.PartDatasheet));

export const loader = productDetailLoader;

const documentOrder: DocumentType[] = ["datasheet", "applicationNote", "simulationModel", "certificate", "brochure"];

// The part's HTML datasheet (the route's "datasheet" view): server-rendered in full, its code out of the first load.
const DatasheetPage = island(() => loadDatasheet().then((module) => module.DatasheetPage));

export function Component() {
  const loaded = useLoaderData() as ProductDetailData | DatasheetPageData;
  return "datasheetPage" in loaded ? <DatasheetPage page={loaded} /> : <ProductDetailPage data={loaded} />;
}

function ProductDetailPage({ data }: { data: ProductDetailData }) {
  const { product, paramTable, breadcrumb, related, operatingPoint, companion } = data;
  const { t } = useTranslation("product");
  const { t: tc } = useTranslation();
  const language = useLanguage();
  const localize = useLocalize();
  const origin = useAtomValue(publicOriginAtom);
  const categories = breadcrumb.filter((item) => item.partNumber === null);
  const drawing = packageDrawing(product.params.package);
  const badges = qualificationsOf(product.params);
  // The detail lookup may leave the row's datasheet out; the document list always has it.
  const datasheet = product.datasheet ?? product.documents.find((document) => document.type === "datasheet") ?? null;
  const stated = paramTable.filter((column) => valueText(product.params[column.fieldId], column.unit) !== null);
  // The datasheet line each key parameter comes from gives its test conditions.
  const conditionsOf = (fieldId: string) => product.characteristics.find((row) => row.fieldId === fieldId)?.conditions ?? null;
  const compareParts = [product.partNumber, ...related.slice(0, 3).map((item) => item.partNumber)];
  // The compare link carries the page's query: compare's redirect keeps its op= and with= (the estimator's point and
  // the stage's other part) and drops the rest (docs/decisions/049-converter-on-finder-and-compare.md).
  const { search } = useLocation();
  const category = categories.map((item) => item.name).join(" > ");
  const description = `${product.summary} ${t("detail.metaSuffix", { part: product.partNumber })}`.slice(0, 200);

  return (
    <main id="main" className="main product-detail">
      <PageMeta
        title={t("detail.title", { part: product.partNumber, category: categories[categories.length - 1]?.name ?? "" })}
        description={description}
        canonicalPath={productDetailPath(product.partNumber)}
        type="product"
      />
      <JsonLd
        data={productLd(origin || "http://localhost", language, product, paramTable, {
          brand: tc("companyShort"),
          category,
          image: drawing,
          lifecycleName: t("lifecycle.heading"),
          replacementName: t("lifecycle.replacement"),
          sinceName: t("lifecycle.sinceWord"),
        })}
      />
      <Breadcrumbs
        items={[
          { label: t("detail.catalog"), to: productsPath },
          ...categories.map((item) => ({ label: item.name, to: categoryPath(item.id) })),
          { label: product.partNumber },
        ]}
      />
      <header className="product-hero">
        <div className="product-hero__text">
          <p className="product-hero__kicker">{categories.map((item) => item.name).join(" · ")}</p>
          <h1>{product.partNumber}</h1>
          {badges.length || product.isNew ? (
            <ul className="product-badges" aria-label={t("detail.badges")}>
              {product.isNew ? <li className="product-badge product-badge--new">{t("detail.new")}</li> : null}
              {badges.map((badge) => (
                <li key={badge} className="product-badge product-badge--qual">
                  {t("detail.qualified", { standard: badge })}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="product-hero__summary">
            <ProseText text={product.summary} />
          </p>
          <LifecycleFacts lifecycle={product.lifecycle} />
          <div className="product-hero__actions">
            <SampleOrReplacement product={product} />
            {datasheet ? (
              <DocumentDownloadLink document={datasheet} className="button product-hero__datasheet">
                {t("detail.datasheet")}
                <span className="visually-hidden"> {datasheet.title}</span>
              </DocumentDownloadLink>
            ) : null}
            {/* The datasheet as a web page: readable where downloads are blocked (WeChat) and by crawlers. */}
            <Link className="product-hero__html-datasheet" to={localize(datasheetPagePath(product.partNumber))}>
              {t("detail.datasheetHtml")}
            </Link>
            <Link className="product-hero__compare" to={localize(comparePath(writeCompareQuery(compareParts) + search.replace("?", "&")))}>
              {t("detail.compareRelated")}
            </Link>
            <WatchButton partNumber={product.partNumber} back={localize(productDetailPath(product.partNumber))} />
            <EmailWatchForm partNumber={product.partNumber} />
            <NoticesFeedLink partNumber={product.partNumber} />
          </div>
        </div>
        {drawing ? (
          <figure className="product-hero__figure">
            <img src={drawing} alt={t("detail.drawingAlt", { package: String(product.params.package) })} width={320} height={180} />
            <figcaption>{t("detail.package", { package: String(product.params.package) })}</figcaption>
          </figure>
        ) : null}
      </header>

      <div className="product-body">
        <section className="product-section" aria-labelledby="key-parameters">
          <h2 id="key-parameters">{t("detail.keyParameters")}</h2>
          <ScrollBox className="table-scroll" label={tc("tableRegion", { name: t("detail.keyParameters") })}>
            <table className="param-table">
              <thead>
                <tr>
                  <th scope="col">{t("detail.parameter")}</th>
                  <th scope="col">{t("detail.value")}</th>
                  <th scope="col">{t("detail.conditions")}</th>
                </tr>
              </thead>
              <tbody>
                {stated.map((column) => (
                  <tr key={column.fieldId}>
                    <th scope="row">
                      {column.screenName ? (
                        <>
                          {column.screenName}
                          {hasSymbol(column) ? (
                            <span className="param-table__symbol">
                              <ParamSymbol column={column} />
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <ParamSymbol column={column} />
                      )}
                    </th>
                    <td className="param-table__value">{valueText(product.params[column.fieldId], column.unit)}</td>
                    <td className="param-table__conditions">
                      <ProseText text={conditionsText(conditionsOf(column.fieldId))} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>

        {/* The estimator, right after the key parameters it estimates from. */}
        <ProductEstimate loss={product.loss} partNumber={product.partNumber} parsed={operatingPoint} companion={companion} />

        <section className="product-section product-section--prose" aria-labelledby="description">
          <h2 id="description">{t("detail.description")}</h2>
          {product.description.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <p key={index}>
              <ProseText text={paragraph} />
            </p>
          ))}
        </section>

        <div className="product-columns">
          {product.features.length ? (
            <section className="product-section" aria-labelledby="features">
              <h2 id="features">{t("detail.features")}</h2>
              <ul className="product-features">
                {product.features.map((feature, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                  <li key={index}>
                    <ProseText text={feature} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {product.applications.length ? (
            <section className="product-section" aria-labelledby="applications">
              <h2 id="applications">{t("detail.applications")}</h2>
              <ul className="product-applications">
                {product.applications.map((application, index) => {
                  const page = applicationPage(application);
                  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
                  return <li key={index}>{page ? <Link to={localize(page)}>{application}</Link> : application}</li>;
                })}
              </ul>
            </section>
          ) : null}
        </div>

        <PartDatasheet product={product} />

        <Documents documents={product.documents} />

        {product.models.length ? <ModelFiles models={product.models} partNumber={product.partNumber} validation={product.modelValidation} /> : null}

        <Notices notices={product.notices} partNumber={product.partNumber} />

        {related.length ? <Related related={related} columns={paramTable} /> : null}
      </div>
    </main>
  );
}

function Documents({ documents }: { documents: DocumentMeta[] }) {
  const { t } = useTranslation("product");
  const language = useLanguage();
  const groups = documentOrder.map((type) => ({ type, items: documents.filter((document) => document.type === type) })).filter((group) => group.items.length);
  return (
    <section className="product-section" aria-labelledby="documents">
      <h2 id="documents">{t("detail.documents")}</h2>
      {groups.length === 0 ? <p>{t("detail.noDocuments")}</p> : null}
      {groups.map((group) => (
        <div key={group.type} className="product-documents">
          <h3>{t(`documentType.${group.type}`)}</h3>
          <ul className="document-rows">
            {group.items.map((document) => (
              <li key={document.id} className="document-row">
                <div className="document-row__text">
                  <span className="document-row__title">{document.title}</span>
                  <span className="document-row__meta">
                    {t("detail.documentMeta", {
                      version: document.version,
                      date: document.date,
                      count: document.pageCount,
                      size: formatFileSize(document.fileSize, language),
                    })}
                  </span>
                </div>
                <DocumentDownloadLink document={document} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

/** The part's model files: plain links, no download form (engineers resent a wall in front of a model). */
function ModelFiles({ models, partNumber, validation }: { models: ModelFile[]; partNumber: string; validation: boolean }) {
  const { t } = useTranslation("product");
  const language = useLanguage();
  const localize = useLocalize();
  return (
    <section className="product-section" aria-labelledby="models">
      <h2 id="models">{t("models.title")}</h2>
      <p>{t("models.intro")}</p>
      <ul className="document-rows">
        {models.map((model) => (
          <li key={model.fileName} className="document-row">
            <div className="document-row__text">
              <span className="document-row__title">{t(`models.kind.${model.kind}`)}</span>
              <span className="document-row__meta">
                {model.fileName} · {t("models.meta", { version: model.version, date: model.date, size: formatFileSize(model.fileSize, language) })}
              </span>
              <span className="document-row__meta model-row__checksum">
                {t("models.checksum")} <code>{model.sha256}</code>
              </span>
            </div>
            <a className="document-download" href={`${API_BASE}${model.downloadPath}`} download="" rel="nofollow">
              {t("models.download")}
              <span className="visually-hidden"> {t("models.downloadFile", { file: model.fileName })}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="document-row__meta model-note">{t("models.validity")}</p>
      {validation ? (
        <p className="model-note">
          <Link to={localize(modelValidationPagePath(partNumber))}>{t("models.validation")}</Link>
        </p>
      ) : null}
      {models.some((model) => model.kind === "tdb") ? (
        <p className="document-row__meta model-note">
          <a href={`${API_BASE}${tdbSchemaPath}`}>{t("models.schema")}</a>
        </p>
      ) : null}
      {models.some((model) => model.kind === "tdb") ? (
        // A published file never changes, so it records the state on its version's day (decision 040); the
        // page and the listing it links answer for today.
        <p className="document-row__meta model-note">
          {t("models.lifecycle")} <a href={currentStateUrl(partNumber)}>{t("models.lifecycleNow")}</a>
        </p>
      ) : null}
    </section>
  );
}

/** The change and discontinuation notices that name the part (PCN, PDN), newest first. */
function Notices({ notices, partNumber }: { notices: NoticeListItem[]; partNumber: string }) {
  const { t } = useTranslation("support");
  const localize = useLocalize();
  return (
    <section className="product-section" aria-labelledby="notices">
      <h2 id="notices">{t("notices.productHeading")}</h2>
      {notices.length ? (
        <>
          <ul className="notices__list">
            {notices.map((notice) => (
              <li key={notice.number}>
                <NoticeCard notice={notice} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p>
            <Link to={localize(`${noticesPath}${writeNoticeList({ ...defaultNoticeListState, part: partNumber })}`)}>
              {t("notices.productAll", { part: partNumber })}
            </Link>
          </p>
        </>
      ) : (
        <p>{t("notices.productNone")}</p>
      )}
    </section>
  );
}

function Related({ related, columns }: { related: ProductListItem[]; columns: ParamColumn[] }) {
  const { t } = useTranslation("product");
  const localize = useLocalize();
  // Two numeric key parameters are enough to tell neighbours apart at a glance.
  const keys = columns.filter((column) => column.sortable).slice(0, 2);
  return (
    <section className="product-section" aria-labelledby="related">
      <h2 id="related">{t("detail.related")}</h2>
      <ul className="related-list">
        {related.map((item) => (
          <li key={item.id} className="related-card">
            <h3>
              <Link to={localize(productDetailPath(item.partNumber))}>{item.partNumber}</Link>
            </h3>
            <p>
              <ProseText text={item.summary} />
            </p>
            <dl>
              {keys.map((column) => {
                const text = valueText(item.params[column.fieldId], column.unit);
                return text ? (
                  <div key={column.fieldId}>
                    <dt>
                      <ParamSymbol column={column} />
                    </dt>
                    <dd>{text}</dd>
                  </div>
                ) : null;
              })}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
