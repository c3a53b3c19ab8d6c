// /productAndService/products/:id? — the catalog overview, or a category: its series as cards (key ranges,
// product count) above the finder over all of its products; a series shows the finder alone.
import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { SiteListNode } from "../../../shared/contract/site.ts";
import { buildTree, findNode, type TreeNode } from "../../../shared/catalog/tree.ts";
import { hasFilters, writeFinderQuery, emptyFinderQuery } from "../../../shared/query/finder.ts";
import { PageMeta } from "../../components/page-meta.tsx";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { Media } from "../../components/media.tsx";
import { ProseText } from "../../components/prose-text.tsx";
import { CompareTray } from "../../components/compare-tray.tsx";
import { useLanguage, useLocalize } from "../../hooks.ts";
import type { LayoutData } from "../../layouts/layout-data.ts";
import { RangeText } from "./range-text.tsx";
import { Finder } from "./finder.tsx";
import { useFinderEstimateColumns } from "../../features/estimator/finder-estimate-columns.ts";
import { island } from "../../runtime/island.tsx";
import { keyField } from "./catalog-paths.ts";
import type { CategoryData, KeyRange, ProductsData } from "./products-loader.ts";
import { paramNameText, withoutUnit } from "../../../shared/text/param-name.ts";
import { productsPath, categoryPath } from "../../../shared/paths.ts";
import "../../styles/catalog.css";

// The operating-point panel hydrates after the table and the filters, from its own chunk (island.tsx).
const FinderOperatingPoint = island(() => import("../../features/estimator/finder-operating-point.tsx").then((module) => module.FinderOperatingPoint));

// The catalog overview (a page of its own kind) hydrates after the layout from its own chunk (island.tsx), so a
// category's first load, the finder's, does not carry it.
const CatalogOverview = island(() => import("./catalog-overview.tsx").then((module) => module.CatalogOverview));

// The loader runs on the server and on later navigations, never for the first load's hydration: it loads then.
export const loader = async (args: LoaderFunctionArgs) => (await import("./products-loader.ts")).productsLoader(args);

export function Component() {
  const data = useLoaderData() as ProductsData;
  return data.kind === "overview" ? <CatalogOverview data={data} /> : <CategoryPage data={data} />;
}

/** Up to two key ranges of a series card: the family's key field first, then the next numeric one. */
function cardRanges(data: CategoryData, ranges: Record<string, { min: number; max: number }>): KeyRange[] {
  const key = keyField(data.filters);
  const numeric = data.filters.fields.filter((field) => field.sortable && ranges[field.fieldId]);
  const ordered = key ? [key, ...numeric.filter((field) => field.fieldId !== key.fieldId)] : numeric;
  return ordered
    .filter((field) => ranges[field.fieldId])
    .slice(0, 2)
    .map((field) => ({
      label: paramNameText(withoutUnit(field.paramName, field.unit)),
      name: withoutUnit(field.paramName, field.unit),
      unit: field.unit,
      min: ranges[field.fieldId]!.min,
      max: ranges[field.fieldId]!.max,
    }));
}

function CategoryPage({ data }: { data: CategoryData }) {
  const { t } = useTranslation("catalog");
  const language = useLanguage();
  const localize = useLocalize();
  const layout = useRouteLoaderData(`layout___${language}`) as LayoutData | undefined;
  const { page, filters, query } = data;
  const estimateColumns = useFinderEstimateColumns(data.operatingPoint ?? null, data.estimates ?? null, page.list);
  const node = page.node;
  const tree = buildTree(layout?.products ?? []);
  const treeNode: TreeNode<SiteListNode> | null = findNode(tree, node.id);
  const series = (treeNode?.children ?? []).filter((child) => child.partNumber === null);
  const childFacts = new Map(filters.children.map((child) => [child.id, child]));
  const crumbs: Array<{ label: string; to?: string }> = [
    { label: t("overview.title"), to: productsPath },
    ...page.breadcrumb.map((item) => ({ label: item.name, to: categoryPath(item.id) })),
  ];
  crumbs[crumbs.length - 1] = { label: node.name };
  // Filtered and sorted views point at the plain category; plain paging is its own page.
  const plain = !hasFilters(query) && !query.sort;
  const canonicalQuery = plain ? writeFinderQuery({ ...emptyFinderQuery(), page: query.page, size: query.size }) : "";
  const total = data.total;
  const description = node.summary ? node.summary.slice(0, 160) : t("category.description", { name: node.name, count: total });
  return (
    <main id="main" className="main catalog">
      <PageMeta
        title={query.page > 1 ? t("category.titlePaged", { name: node.name, page: query.page }) : node.name}
        description={description}
        canonicalPath={`${categoryPath(node.id)}${canonicalQuery}`}
        page={query.page}
      />
      <Breadcrumbs items={crumbs} />
      <header className="page-banner page-banner--compact">
        <div className="page-banner__text">
          <h1>{node.name}</h1>
          {node.summary ? (
            <p>
              <ProseText text={node.summary} />
            </p>
          ) : null}
        </div>
      </header>
      <div className="page-body">
        {series.length > 0 ? (
          <section className="catalog-cards" aria-labelledby="category-series">
            <h2 id="category-series">{t("category.series")}</h2>
            <ul className="cards">
              {series.map((child) => {
                const facts = childFacts.get(child.id);
                return (
                  <li key={child.id} className="card">
                    {child.image ? <Media src={child.image} alt="" className="card__media" /> : null}
                    <div className="card__body">
                      <h3>
                        <Link to={localize(categoryPath(child.id))}>{child.name}</Link>
                      </h3>
                      {child.summary ? (
                        <p>
                          <ProseText text={child.summary} />
                        </p>
                      ) : null}
                      <ul className="catalog-card__facts">
                        <li>{t("productCount", { count: facts?.count ?? 0 })}</li>
                        {cardRanges(data, facts?.ranges ?? {}).map((range) => (
                          <li key={range.label}>
                            <RangeText range={range} />
                          </li>
                        ))}
                      </ul>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}
        <section className="catalog-finder" aria-labelledby="finder-heading">
          <h2 id="finder-heading">{t("finder.heading", { name: node.name })}</h2>
          <FinderOperatingPoint parsed={data.operatingPoint ?? null} list={page.list} typical={page.typicalLoss} />
          <Finder page={page} filters={filters} query={query} extraColumns={estimateColumns} />
        </section>
      </div>
      <CompareTray />
    </main>
  );
}
