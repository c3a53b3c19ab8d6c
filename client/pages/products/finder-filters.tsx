// The finder's filter form (client/pages/products/finder.tsx): keyword, page size, a panel per column with
// its values and counts or its numeric range, and the lifecycle states. A GET form, so it filters without
// JavaScript; with JavaScript a ticked box or a new size submits at once and the finder navigates instead.
import type { FormEvent } from "react";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { DistinctField, ProductFilterData } from "../../../shared/contract/products.ts";
import { ParamName } from "../../components/param-name.tsx";
import {
  PAGE_SIZES,
  RANGE_MAX_SUFFIX,
  RANGE_MIN_SUFFIX,
  clearFilters,
  hasFilters,
  finderLifecycle,
  LIFECYCLE_PARAM,
  type FinderQuery,
} from "../../../shared/query/finder.ts";
import { fitFilterPanel } from "./fit-filter-panel.ts";
import { lifecycleStates } from "../../../shared/contract/lifecycle.ts";

const submitNow = (element: HTMLInputElement | HTMLSelectElement) => element.form?.requestSubmit();

interface FinderFiltersProps {
  filters: ProductFilterData;
  query: FinderQuery;
  /** The page's path: the form's action. */
  pathname: string;
  href: (query: FinderQuery) => string;
  /** A filter's name as the table's header shows it. */
  label: (field: DistinctField) => string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function FinderFilters({ filters, query, pathname, href, label, onSubmit }: FinderFiltersProps) {
  const { t } = useTranslation("catalog");
  return (
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
      {/* The estimator's point and the stage's other part: a filter keeps both (decision 043). */}
      {query.op ? <input type="hidden" name="op" value={query.op} /> : null}
      {query.with ? <input type="hidden" name="with" value={query.with} /> : null}
      <div className="finder-filters__fields">
        {filters.fields.map((field) => (
          <FieldFilter key={field.fieldId} field={field} query={query} label={label} />
        ))}
        <LifecycleFilter query={query} />
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
  );
}

/** One column's panel: its numeric range, its values with their counts, or both. */
function FieldFilter({ field, query, label }: { field: DistinctField; query: FinderQuery; label: (field: DistinctField) => string }) {
  const { t } = useTranslation("catalog");
  const selected = query.values[field.fieldId] ?? [];
  const range = query.ranges[field.fieldId];
  const active = selected.length + (range ? 1 : 0);
  const numeric = field.sortable && field.min !== null && field.max !== null;
  // A long numeric column comes without its values (products-loader.ts): its range still filters.
  if (!field.values.length && !numeric) return null;
  return (
    <details className={`finder-filter${active ? " is-active" : ""}`} onToggle={(event) => fitFilterPanel(event.currentTarget)}>
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
}

/** The lifecycle states shown (by default all but obsolete: shared/query/finder.ts). */
function LifecycleFilter({ query }: { query: FinderQuery }) {
  const { t: tp } = useTranslation("product");
  const shownStates = finderLifecycle(query);
  return (
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
  );
}
