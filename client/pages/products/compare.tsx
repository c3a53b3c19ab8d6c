// /productAndService/compare?parts=A,B,C,D: up to four products side by side, one column
// each, a row per parameter of their families (the union; "—" where a product has none), rows that
// differ highlighted. Removing and adding products are links and a GET form that rewrite the URL, the
// page's only state, so they work without JavaScript and every comparison can be shared.
import { useMemo } from "react";
import { Form, useLoaderData } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import { COMPARE_MAX, writeCompareQuery } from "../../../shared/query/compare.ts";
import { compareRows } from "../../../shared/catalog/compare-rows.ts";
import { qualificationsOf } from "../../../shared/catalog/product-facts.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { SampleOrReplacement } from "./lifecycle.tsx";
import { LifecycleBadge } from "./lifecycle-badge.tsx";
import { WatchControl } from "./watch-button.tsx";
import { useLocalize } from "../../hooks.ts";
import { compareLoader, compareSearch, type CompareData } from "./compare-loader.ts";
import { hasSymbol, ParamSymbol, valueText } from "./param-label.tsx";
import { island } from "../../runtime/island.tsx";
import { comparePath, productsPath, productDetailPath } from "../../../shared/paths.ts";
import "../../styles/product.css";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { ProseText } from "../../components/prose-text.tsx";

// The estimator hydrates after the comparison table, from its own chunk (island.tsx).
const CompareEstimate = island(() => import("../../features/estimator/compare-estimate.tsx").then((module) => module.CompareEstimate));

export const loader = compareLoader;

export function Component() {
  const { parts, products, missing, op, operatingPoint, dev, device, with: companionText, companion } = useLoaderData() as CompareData;
  const { t } = useTranslation("product");
  const localize = useLocalize();
  const shown = products.map((entry) => entry.product.partNumber);
  // Memoised: the estimator is an island, which must get the same props until its chunk has hydrated it.
  const estimateParts = useMemo(() => products.map(({ product }) => ({ partNumber: product.partNumber, loss: product.loss })), [products]);
  const rows = compareRows(products.map((entry) => ({ params: entry.product.params, paramTable: entry.paramTable })));
  const qualificationsDiffer = new Set(products.map(({ product }) => qualificationsOf(product.params).join(","))).size > 1;
  const lifecycleDiffers = new Set(products.map(({ product }) => product.lifecycle.state)).size > 1;
  const title = shown.length ? t("compare.titleParts", { parts: shown.join(" / ") }) : t("compare.title");
  const without = (part: string) =>
    localize(
      comparePath(
        compareSearch(
          parts.filter((item) => item !== part),
          op,
          dev,
          companionText,
        ),
      ),
    );
  const dash = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("compare.none")}</span>
    </>
  );

  return (
    <main id="main" className="main compare-page">
      <PageMeta
        title={title}
        description={shown.length ? t("compare.description", { parts: shown.join(", ") }) : t("compare.emptyText", { max: COMPARE_MAX })}
        canonicalPath={comparePath(writeCompareQuery(parts))}
        noindex={shown.length === 0}
      />
      <Breadcrumbs items={[{ label: t("detail.catalog"), to: productsPath }, { label: t("compare.title") }]} />
      <div className="product-body">
        <h1>{t("compare.title")}</h1>
        {missing.length ? (
          <p className="compare-missing" role="status">
            {t("compare.missing", { parts: missing.join(", "), count: missing.length })}{" "}
            {missing.map((part) => (
              <Link key={part} to={without(part)} className="compare-missing__remove">
                {t("compare.removeMissing", { part })}
              </Link>
            ))}
          </p>
        ) : null}

        {products.length === 0 ? (
          <section className="compare-empty" aria-labelledby="compare-empty">
            <h2 id="compare-empty">{t("compare.emptyTitle")}</h2>
            <p>{t("compare.emptyText", { max: COMPARE_MAX })}</p>
            <Link className="button button--primary" to={localize(productsPath)}>
              {t("compare.browse")}
            </Link>
          </section>
        ) : (
          <>
            {products.length > 1 ? (
              <p className="compare-legend">
                <span className="compare-legend__swatch" aria-hidden="true" /> {t("compare.legend")}
              </p>
            ) : null}
            <ScrollBox className="table-scroll compare-scroll" labelledBy="compare-caption">
              <table className="compare-table">
                <caption id="compare-caption">{t("compare.caption", { count: products.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="compare-table__corner">
                      {t("detail.parameter")}
                    </th>
                    {products.map(({ product, categories }) => (
                      <th scope="col" key={product.id} className="compare-table__product">
                        <Link className="compare-table__part" to={localize(productDetailPath(product.partNumber))}>
                          {product.partNumber}
                        </Link>
                        <span className="compare-table__category">{categories[categories.length - 1]}</span>
                        <Link className="compare-table__remove" to={without(product.partNumber)}>
                          {t("compare.remove")}
                          <span className="visually-hidden"> {product.partNumber}</span>
                        </Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{t("compare.summary")}</th>
                    {products.map(({ product }) => (
                      <td key={product.id} className="compare-table__summary">
                        <ProseText text={product.summary} />
                      </td>
                    ))}
                  </tr>
                  <tr className={lifecycleDiffers ? "is-different" : undefined}>
                    <th scope="row">
                      {t("lifecycle.heading")}
                      {lifecycleDiffers ? <span className="visually-hidden"> ({t("compare.differs")})</span> : null}
                    </th>
                    {products.map(({ product }) => (
                      <td key={product.id}>
                        <LifecycleBadge lifecycle={product.lifecycle} />
                        {product.lifecycle.since ? <span className="compare-table__since"> {t("lifecycle.since", { date: product.lifecycle.since })}</span> : null}
                        {product.lifecycle.replacement ? (
                          <span className="compare-table__replacement">
                            {" "}
                            {t("lifecycle.replacement")} <Link to={localize(productDetailPath(product.lifecycle.replacement))}>{product.lifecycle.replacement}</Link>
                          </span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                  <tr className={qualificationsDiffer ? "is-different" : undefined}>
                    <th scope="row">
                      {t("compare.qualifications")}
                      {qualificationsDiffer ? <span className="visually-hidden"> ({t("compare.differs")})</span> : null}
                    </th>
                    {products.map(({ product }) => {
                      const badges = qualificationsOf(product.params);
                      return <td key={product.id}>{badges.length ? badges.join(", ") : dash}</td>;
                    })}
                  </tr>
                  {rows.map((row) => (
                    <tr key={row.column.fieldId} className={row.differs ? "is-different" : undefined}>
                      <th scope="row">
                        <span className="compare-table__param">{row.column.screenName ?? <ParamSymbol column={row.column} />}</span>
                        {row.column.screenName && hasSymbol(row.column) ? (
                          <span className="compare-table__symbol">
                            <ParamSymbol column={row.column} />
                          </span>
                        ) : null}
                        {row.differs ? <span className="visually-hidden"> ({t("compare.differs")})</span> : null}
                      </th>
                      {row.values.map((value, index) => (
                        <td key={products[index]!.product.id} className={typeof value === "number" ? "is-numeric" : undefined}>
                          {valueText(value ?? undefined, row.column.unit) ?? dash}
                        </td>
                      ))}
                    </tr>
                  ))}
                  <tr>
                    <th scope="row">{t("compare.sample")}</th>
                    {products.map(({ product }) => (
                      <td key={product.id}>
                        <SampleOrReplacement product={product} compact />
                      </td>
                    ))}
                  </tr>
                  <tr>
                    <th scope="row">{t("compare.watch")}</th>
                    {products.map(({ product }) => (
                      <td key={product.id}>
                        <WatchControl partNumber={product.partNumber} />
                      </td>
                    ))}
                  </tr>
                </tbody>
              </table>
            </ScrollBox>
            {/* The loss comparison at one operating point. */}
            <CompareEstimate parts={estimateParts} parsed={operatingPoint} device={device} companion={companion} />
          </>
        )}

        {parts.length < COMPARE_MAX ? (
          <Form method="get" action={localize(comparePath())} className="compare-add">
            {parts.length ? <input type="hidden" name="parts" value={parts.join(",")} /> : null}
            {op ? <input type="hidden" name="op" value={op} /> : null}
            {dev ? <input type="hidden" name="dev" value={dev} /> : null}
            {companionText ? <input type="hidden" name="with" value={companionText} /> : null}
            <label htmlFor="compare-add-part">{t("compare.addLabel")}</label>
            <div className="compare-add__row">
              <input
                id="compare-add-part"
                name="parts"
                type="text"
                required
                maxLength={64}
                pattern="[A-Za-z0-9][A-Za-z0-9\-]*"
                autoComplete="off"
                spellCheck={false}
                placeholder="QCM040120K4"
              />
              <button type="submit" className="button">
                {t("compare.add")}
              </button>
            </div>
            <p className="compare-add__hint">{t("compare.addHint", { max: COMPARE_MAX })}</p>
          </Form>
        ) : null}
      </div>
    </main>
  );
}
