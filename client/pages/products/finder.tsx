// The parametric finder: a GET filter form (keyword, per-column value lists with counts,
// numeric ranges, page size), active-filter chips, the table with grouped sortable headers, paging and
// the CSV link. Everything is a real link or form field built from the URL state, so it works before
// hydration and without JavaScript; with JavaScript the same URLs are navigated to without a reload.
import { useEffect, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { DistinctField, ProductFilterData, ProductListItem, ProductPage } from "../../../shared/contract/products.ts";
import { SubscriptParts } from "../../components/param-name.tsx";
import {
  DEFAULT_PAGE_SIZE,
  PART_NUMBER_FIELD,
  hasFilters,
  parseFinderQuery,
  toggleSort,
  finderFields,
  LIFECYCLE_PARAM,
  withPage,
  writeFinderQuery,
  type FinderQuery,
} from "../../../shared/query/finder.ts";
import { useLocalize } from "../../hooks.ts";
import { compareHref, useCompare } from "../../components/compare-tray.tsx";
import { cellText, columnLevels, columnText, paramColumns, type FinderColumn } from "./finder-columns.tsx";
import { headerLayout } from "./finder-header.ts";
import { SampleSlot, DatasheetLink } from "./finder-row-actions.tsx";
import { island } from "../../runtime/island.tsx";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { productDetailPath } from "../../../shared/paths.ts";
import { PageLinks } from "../../components/page-links.tsx";
import { LifecycleBadge } from "./lifecycle-badge.tsx";
import { FinderFilters } from "./finder-filters.tsx";
import { FinderChips, filterChips } from "./finder-chips.tsx";
import { FinderBar, FinderEmpty } from "./finder-bar.tsx";

// A row's watch control, under its sample slot (a column of its own would not fit 1440 px beside the estimate),
// hydrates after the table from its own chunk (island.tsx): its server HTML is a plain form or sign-in link that
// works before, so the finder's first load does not carry it.
const WatchControl = island(() => import("./watch-button.tsx").then((module) => module.WatchControl));

export interface FinderProps {
  page: ProductPage;
  filters: ProductFilterData;
  query: FinderQuery;
  /** Columns appended after the parameters (the estimator's). */
  extraColumns?: FinderColumn[];
}

export function Finder({ page, filters, query, extraColumns = [] }: FinderProps) {
  const { t } = useTranslation("catalog");
  const { t: tp } = useTranslation("product");
  const localize = useLocalize();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // A visitor who arrives with a filter or an operating point set came for the rows: the first load opens at
  // the result bar (not on a later navigation, and not when the URL names a place or the page was scrolled).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the arrival only, read once at mount.
  useEffect(() => {
    if (hash || window.scrollY > 0) return;
    if (hasFilters(query) || new URLSearchParams(search).has("op")) document.querySelector(".finder-bar")?.scrollIntoView({ block: "start" });
  }, []);
  // A fixed prefix, not useId: new rows after a client navigation must get the ids the server gave the
  // headers (useId can differ between the server and the hydrated tree). There is one finder per page.
  const prefix = "finder";
  const compareFormId = `${prefix}-compare`;
  const compare = useCompare();
  // The lifecycle column (a badge, filtered by the lifecycle fieldset below, not sortable) follows the parameters.
  const lifecycleColumn: FinderColumn = {
    id: LIFECYCLE_PARAM,
    name: tp("lifecycle.column"),
    description: null,
    unit: null,
    numeric: false,
    sortable: false,
    value: (product) => tp(`lifecycle.state.${product.lifecycle.state}`),
    render: (product) => <LifecycleBadge lifecycle={product.lifecycle} />,
  };
  const columns = [...paramColumns(page.paramTable), lifecycleColumn, ...extraColumns];
  const fieldOrder = page.paramTable.map((column) => column.fieldId);
  const fieldSpec = finderFields(filters.fields);
  const href = (next: FinderQuery) => `${pathname}${writeFinderQuery(next, fieldOrder)}`;
  const go = (next: FinderQuery) => navigate(href(next), { preventScrollReset: true });

  const pages = Math.max(1, Math.ceil(page.total / query.size));
  // The CSV holds every page of the filtered result: page and size are left out of its URL.
  const csvHref = `${pathname}.csv${writeFinderQuery({ ...query, page: 1, size: DEFAULT_PAGE_SIZE }, fieldOrder)}`;

  // With JavaScript the form's fields become the canonical URL here; without, the server redirects to it.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    for (const [name, value] of form) if (typeof value === "string") params.append(name, value);
    go({ ...parseFinderQuery(params, fieldSpec), page: 1 });
  };
  // The rows' compare boxes belong to this GET form (form attribute): without JavaScript it sends
  // ?parts=A&parts=B, which the compare page redirects to its canonical URL; with JavaScript the tray's
  // picks (the same boxes, kept across pages) go straight to that URL.
  const onCompare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(localize(compareHref(compare.items, search)));
  };

  const label = (field: DistinctField) =>
    field.screenName ?? columnText(columns.find((column) => column.id === field.fieldId) ?? ({ name: field.paramName } as FinderColumn));
  const chips = filterChips(query, filters, label, t, tp);

  return (
    <div className="finder">
      <FinderFilters filters={filters} query={query} pathname={pathname} href={href} label={label} onSubmit={onSubmit} />

      <FinderChips chips={chips} href={href} />

      <FinderBar page={page} query={query} href={href} compareFormId={compareFormId} onCompare={onCompare} csvHref={csvHref} />

      {page.total === 0 ? (
        <FinderEmpty chips={chips} query={query} href={href} />
      ) : (
        <FinderTable columns={columns} list={page.list} query={query} href={href} prefix={prefix} localize={localize} compareFormId={compareFormId} />
      )}

      <PageLinks page={query.page} pages={pages} href={(number) => href(withPage(query, number))} label={t("finder.pages")} className="finder-pages" preventScrollReset />
    </div>
  );
}

interface TableProps {
  columns: FinderColumn[];
  list: ProductListItem[];
  query: FinderQuery;
  href: (query: FinderQuery) => string;
  prefix: string;
  localize: (path: string) => string;
  compareFormId: string;
}

function FinderTable({ columns, list, query, href, prefix, localize, compareFormId }: TableProps) {
  const { t } = useTranslation("catalog");
  const compare = useCompare();
  const layout = headerLayout(
    columns.map((column) => ({ id: column.id, levels: columnLevels(column) })),
    `${prefix}h`,
  );
  const depth = layout.rows.length;
  const headerIds = layout.headerIds.map((ids) => ids.join(" "));
  const partId = `${prefix}-part`;
  // The same on every row: asked for once per table, not per row or per empty cell.
  const newBadge = <span className="badge badge--new">{t("finder.new")}</span>;
  const noValue = (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("finder.noValue")}</span>
    </>
  );
  const ariaSort = (id: string) => (query.sort?.fieldId === id ? (query.sort.order === "asc" ? "ascending" : "descending") : undefined);
  const sortLink = (id: string, content: ReactNode, text: string) => {
    const next = toggleSort(query, id);
    const current = query.sort?.fieldId === id ? query.sort.order : null;
    return (
      <Link
        to={href(next)}
        preventScrollReset
        className="finder-sort"
        aria-label={t(next.sort!.order === "asc" ? "finder.sortAsc" : "finder.sortDesc", { column: text })}
      >
        <span>{content}</span>
        <span className={`finder-sort__mark${current ? ` is-${current}` : ""}`} aria-hidden="true">
          {current === "asc" ? "▲" : current === "desc" ? "▼" : "↕"}
        </span>
      </Link>
    );
  };

  return (
    // Named apart from the section the heading labels (same-named nested regions are ambiguous).
    <ScrollBox className="finder-table-wrap" label={t("finder.tableRegion")}>
      <table className="finder-table">
        <thead>
          {layout.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
            <tr key={rowIndex}>
              {rowIndex === 0 ? (
                <th id={partId} scope="col" rowSpan={depth} className="finder-table__part" aria-sort={ariaSort(PART_NUMBER_FIELD)}>
                  {sortLink(PART_NUMBER_FIELD, t("finder.partNumber"), t("finder.partNumber"))}
                </th>
              ) : null}
              {row.map((cell) => {
                const column = cell.column === null ? null : columns[cell.column]!;
                if (!column) {
                  return (
                    <th key={cell.id} id={cell.id} scope="colgroup" colSpan={cell.colSpan} className="finder-table__group">
                      <SubscriptParts parts={cell.parts} />
                    </th>
                  );
                }
                const descriptionId = column.description ? `${cell.id}-d` : undefined;
                return (
                  <th
                    key={cell.id}
                    id={cell.id}
                    scope="col"
                    rowSpan={cell.rowSpan}
                    className={column.numeric ? "is-numeric" : undefined}
                    aria-sort={column.sortable ? ariaSort(column.id) : undefined}
                    aria-describedby={descriptionId}
                  >
                    {column.sortable ? sortLink(column.id, <SubscriptParts parts={cell.parts} />, columnText(column)) : <SubscriptParts parts={cell.parts} />}
                    {descriptionId ? (
                      <span id={descriptionId} hidden>
                        {column.description}
                      </span>
                    ) : null}
                  </th>
                );
              })}
              {rowIndex === 0 ? (
                <>
                  <th id={`${prefix}-datasheet`} scope="col" rowSpan={depth}>
                    {t("finder.datasheet")}
                  </th>
                  <th id={`${prefix}-sample`} scope="col" rowSpan={depth} className="finder-table__actions">
                    {t("finder.sampleWatch")}
                  </th>
                </>
              ) : null}
            </tr>
          ))}
        </thead>
        <tbody>
          {list.map((product) => {
            const rowId = `${prefix}-r${product.id}`;
            const picked = compare.has(product.id);
            return (
              <tr key={product.id}>
                <th id={rowId} scope="row" headers={partId} className="finder-table__part">
                  <span className="finder-part">
                    <input
                      type="checkbox"
                      className="finder-part__compare"
                      id={`${rowId}-c`}
                      form={compareFormId}
                      name="parts"
                      value={product.partNumber}
                      checked={picked}
                      // Enabled in the server's HTML (the no-JavaScript form needs it); a full tray refuses more.
                      disabled={compare.ready && !picked && compare.full}
                      onChange={() => compare.toggle({ id: product.id, partNumber: product.partNumber })}
                    />
                    <label htmlFor={`${rowId}-c`} className="visually-hidden">
                      {t("compare.toggle", { part: product.partNumber })}
                    </label>
                    <Link to={localize(productDetailPath(product.partNumber))}>{product.partNumber}</Link>
                    {product.isNew ? newBadge : null}
                  </span>
                </th>
                {columns.map((column, index) => (
                  <td key={column.id} headers={`${rowId} ${headerIds[index]}`} className={column.numeric ? "is-numeric" : "is-text"}>
                    {/* A column that renders its cell does not need its text (the lifecycle's would cost a t() per row). */}
                    {column.render ? column.render(product) : cellText(column.value(product)) || noValue}
                  </td>
                ))}
                <td headers={`${rowId} ${prefix}-datasheet`}>
                  <DatasheetLink product={product} />
                </td>
                <td headers={`${rowId} ${prefix}-sample`}>
                  <SampleSlot product={product} />
                  <WatchControl partNumber={product.partNumber} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
