// The parametric finder: a GET filter form (keyword, per-column value lists with counts,
// numeric ranges, page size), active-filter chips, the table with grouped sortable headers, paging and
// the CSV link. Everything is a real link or form field built from the URL state, so it works before
// hydration and without JavaScript; with JavaScript the same URLs are navigated to without a reload.
import { useEffect, type FormEvent, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { DistinctField, ProductFilterData, ProductListItem, ProductPage } from "../../../shared/contract/products.ts";
import { ParamName, SubscriptParts } from "../../components/param-name.tsx";
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PART_NUMBER_FIELD,
  RANGE_MAX_SUFFIX,
  RANGE_MIN_SUFFIX,
  clearFilters,
  hasFilters,
  parseFinderQuery,
  toggleSort,
  finderFields,
  finderLifecycle,
  LIFECYCLE_PARAM,
  withPage,
  withoutFilter,
  withoutRange,
  writeFinderQuery,
  type FinderQuery,
} from "../../../shared/query/finder.ts";
import { useLocalize } from "../../hooks.ts";
import { compareHref, useCompare } from "../../components/compare-tray.tsx";
import { cellText, columnLevels, columnText, paramColumns, type FinderColumn } from "./finder-columns.tsx";
import { headerLayout } from "./finder-header.ts";
import { SampleSlot, DatasheetLink } from "./finder-row-actions.tsx";
import { fitFilterPanel } from "./fit-filter-panel.ts";
import { ScrollBox } from "../../components/scroll-box.tsx";
import { comparePath, productDetailPath } from "../../../shared/paths.ts";
import { PageLinks } from "../../components/page-links.tsx";
import { lifecycleStates } from "../../../shared/contract/lifecycle.ts";
import { LifecycleBadge } from "./lifecycle.tsx";

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
  const shownStates = finderLifecycle(query);
  const fieldOrder = page.paramTable.map((column) => column.fieldId);
  const fieldSpec = finderFields(filters.fields);
  const href = (next: FinderQuery) => `${pathname}${writeFinderQuery(next, fieldOrder)}`;
  const go = (next: FinderQuery) => navigate(href(next), { preventScrollReset: true });

  const pages = Math.max(1, Math.ceil(page.total / query.size));
  const from = page.total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(page.total, query.page * query.size);
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
  const submitNow = (element: HTMLInputElement | HTMLSelectElement) => element.form?.requestSubmit();
  // The rows' compare boxes belong to this GET form (form attribute): without JavaScript it sends
  // ?parts=A&parts=B, which the compare page redirects to its canonical URL; with JavaScript the tray's
  // picks (the same boxes, kept across pages) go straight to that URL.
  const onCompare = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(localize(compareHref(compare.items, query.op)));
  };

  const label = (field: DistinctField) =>
    field.screenName ?? columnText(columns.find((column) => column.id === field.fieldId) ?? ({ name: field.paramName } as FinderColumn));
  const chips: Array<{ key: string; text: ReactNode; remove: FinderQuery }> = [];
  if (query.q) chips.push({ key: "q", text: t("finder.keywordChip", { q: query.q }), remove: { ...query, q: "", page: 1 } });
  for (const field of filters.fields) {
    for (const value of query.values[field.fieldId] ?? []) {
      const shown = field.values.find((candidate) => String(candidate.value) === value)?.label ?? value;
      chips.push({ key: `${field.fieldId}=${value}`, text: `${label(field)}: ${shown}`, remove: withoutFilter(query, field.fieldId, value) });
    }
    const range = query.ranges[field.fieldId];
    if (range) {
      const unit = field.unit ? ` ${field.unit}` : "";
      const text =
        range.min !== undefined && range.max !== undefined
          ? `${range.min}–${range.max}${unit}`
          : range.min !== undefined
            ? `≥ ${range.min}${unit}`
            : `≤ ${range.max}${unit}`;
      chips.push({ key: `${field.fieldId}~`, text: `${label(field)}: ${text}`, remove: withoutRange(query, field.fieldId) });
    }
  }

  if (query.lifecycle) {
    const states = query.lifecycle.map((state) => tp(`lifecycle.state.${state}`)).join(", ");
    chips.push({ key: LIFECYCLE_PARAM, text: tp("lifecycle.chip", { states }), remove: { ...query, lifecycle: null, page: 1 } });
  }

  return (
    <div className="finder">
      <form className="finder-filters" method="get" action={pathname} onSubmit={onSubmit} aria-label={t("finder.filters")}>
        <div className="finder-filters__top">
          <label className="finder-filters__keyword">
            <span>{t("finder.keyword")}</span>
            <input key={`q-${query.q}`} type="search" name="q" defaultValue={query.q} maxLength={100} placeholder={t("finder.keywordPlaceholder")} />
          </label>
          <label className="finder-filters__size">
            <span>{t("finder.pageSize")}</span>
            <select key={`size-${query.size}`} name="size" defaultValue={query.size} onChange={(event) => submitNow(event.currentTarget)}>
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        </div>
        {query.sort ? <input type="hidden" name="sort" value={`${query.sort.fieldId}:${query.sort.order}`} /> : null}
        {query.op ? <input type="hidden" name="op" value={query.op} /> : null}
        <div className="finder-filters__fields">
          {filters.fields.map((field) => {
            const selected = query.values[field.fieldId] ?? [];
            const range = query.ranges[field.fieldId];
            const active = selected.length + (range ? 1 : 0);
            const numeric = field.sortable && field.min !== null && field.max !== null;
            // A long numeric column comes without its values (products-loader.ts): its range still filters.
            if (!field.values.length && !numeric) return null;
            return (
              <details key={field.fieldId} className={`finder-filter${active ? " is-active" : ""}`} onToggle={(event) => fitFilterPanel(event.currentTarget)}>
                <summary>
                  <ParamName name={field.screenName ?? field.paramName} />
                  {active ? <span className="finder-filter__badge">{active}</span> : null}
                </summary>
                <fieldset className="finder-filter__panel">
                  <legend className="visually-hidden">{label(field)}</legend>
                  {numeric ? (
                    <div className="finder-filter__range">
                      <label>
                        <span>{t("finder.min")}</span>
                        <input
                          key={`min-${range?.min ?? ""}`}
                          type="number"
                          step="any"
                          inputMode="decimal"
                          name={`${field.fieldId}${RANGE_MIN_SUFFIX}`}
                          defaultValue={range?.min ?? ""}
                          placeholder={String(field.min)}
                        />
                      </label>
                      <span aria-hidden="true">–</span>
                      <label>
                        <span>{t("finder.max")}</span>
                        <input
                          key={`max-${range?.max ?? ""}`}
                          type="number"
                          step="any"
                          inputMode="decimal"
                          name={`${field.fieldId}${RANGE_MAX_SUFFIX}`}
                          defaultValue={range?.max ?? ""}
                          placeholder={String(field.max)}
                        />
                      </label>
                      {field.unit ? <span className="finder-filter__unit">{field.unit}</span> : null}
                    </div>
                  ) : null}
                  {field.values.length ? (
                    <ul className="finder-filter__values">
                      {field.values.map((value) => {
                        const text = String(value.value);
                        return (
                          <li key={text}>
                            <label>
                              {/* Uncontrolled, so the tick shows at once while the new table loads; the key
                                resets it whenever the URL says otherwise (Back, a removed chip, clear all). */}
                              <input
                                key={`${text}-${selected.includes(text)}`}
                                type="checkbox"
                                name={field.fieldId}
                                value={text}
                                defaultChecked={selected.includes(text)}
                                onChange={(event) => submitNow(event.currentTarget)}
                              />
                              <span>{value.label}</span>
                              <span className="finder-filter__count">{value.count}</span>
                            </label>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                </fieldset>
              </details>
            );
          })}
          <details className={`finder-filter${query.lifecycle ? " is-active" : ""}`} onToggle={(event) => fitFilterPanel(event.currentTarget)}>
            <summary>{tp("lifecycle.filter")}</summary>
            <fieldset className="finder-filter__panel">
              <legend className="visually-hidden">{tp("lifecycle.filter")}</legend>
              <ul className="finder-filter__values">
                {lifecycleStates.map((state) => {
                  const ticked = shownStates.includes(state);
                  return (
                    <li key={state}>
                      <label>
                        <input
                          key={`${state}-${ticked}`}
                          type="checkbox"
                          name={LIFECYCLE_PARAM}
                          value={state}
                          defaultChecked={ticked}
                          onChange={(event) => submitNow(event.currentTarget)}
                        />
                        <span>{tp(`lifecycle.state.${state}`)}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          </details>
        </div>
        <div className="finder-filters__actions">
          <button type="submit" className="button button--primary">
            {t("finder.apply")}
          </button>
          {hasFilters(query) ? (
            <Link to={href(clearFilters(query))} preventScrollReset className="button">
              {t("finder.clearAll")}
            </Link>
          ) : null}
        </div>
      </form>

      {chips.length ? (
        <div className="finder-chips">
          <h3 className="visually-hidden">{t("finder.activeFilters")}</h3>
          <ul>
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link to={href(chip.remove)} preventScrollReset className="finder-chip" aria-label={t("finder.removeFilter", { filter: chip.text })}>
                  {chip.text} <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="finder-bar">
        <p className="finder-bar__count" aria-live="polite">
          {/* "0–0 of 0" says nothing: an empty result says that nothing matches (the block below offers the way out). */}
          {page.total === 0 ? t("finder.countNone") : t("finder.count", { from, to, total: page.total, count: page.total })}
        </p>
        {page.hiddenByLifecycle > 0 ? (
          <p className="finder-lifecycle-hidden">
            {tp(query.lifecycle ? "lifecycle.hiddenFiltered" : "lifecycle.hiddenDefault", { count: page.hiddenByLifecycle })}{" "}
            <Link to={href({ ...query, lifecycle: [...lifecycleStates], page: 1 })} preventScrollReset>
              {tp("lifecycle.showHidden")}
            </Link>
          </p>
        ) : null}
        {page.total > 0 ? (
          <div className="finder-bar__actions">
            <form id={compareFormId} method="get" action={localize(comparePath())} onSubmit={onCompare}>
              {query.op ? <input type="hidden" name="op" value={query.op} /> : null}
              <button type="submit" className="button">
                {t("compare.submit")}
              </button>
            </form>
            <a className="button finder-bar__csv" href={csvHref} download>
              {t("finder.csv")}
            </a>
          </div>
        ) : null}
      </div>

      {page.total === 0 ? (
        <div className="finder-empty" role="status">
          <h3>{t("finder.emptyTitle")}</h3>
          {chips.length ? (
            <>
              <p>{t("finder.emptyFiltered")}</p>
              <ul>
                {chips.map((chip) => (
                  <li key={chip.key}>{chip.text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {hasFilters(query) ? (
            <p>
              <Link to={href(clearFilters(query))} preventScrollReset className="button button--primary">
                {t("finder.clearAll")}
              </Link>
            </p>
          ) : null}
        </div>
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
  const partId = `${prefix}-part`;
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
                  <th id={`${prefix}-sample`} scope="col" rowSpan={depth}>
                    {t("finder.sample")}
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
                    {product.isNew ? <span className="badge badge--new">{t("finder.new")}</span> : null}
                  </span>
                </th>
                {columns.map((column, index) => {
                  const text = cellText(column.value(product));
                  return (
                    <td key={column.id} headers={`${rowId} ${layout.headerIds[index]!.join(" ")}`} className={column.numeric ? "is-numeric" : "is-text"}>
                      {column.render
                        ? column.render(product)
                        : text || (
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="visually-hidden">{t("finder.noValue")}</span>
                            </>
                          )}
                    </td>
                  );
                })}
                <td headers={`${rowId} ${prefix}-datasheet`}>
                  <DatasheetLink product={product} />
                </td>
                <td headers={`${rowId} ${prefix}-sample`}>
                  <SampleSlot product={product} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
