// The finder's active filters as chips (client/pages/products/finder.tsx): each one a link to the same list
// without it; the empty result lists them too.
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { Link } from "../../components/link.tsx";
import { useTranslation } from "../../runtime/i18n-react.tsx";
import type { DistinctField, ProductFilterData } from "../../../shared/contract/products.ts";
import { LIFECYCLE_PARAM, withoutFilter, withoutRange, type FinderQuery } from "../../../shared/query/finder.ts";

export interface FilterChip {
  key: string;
  text: ReactNode;
  /** The query without this filter. */
  remove: FinderQuery;
}

/** The chips of the query's filters: keyword, values, ranges, lifecycle states. */
export function filterChips(
  query: FinderQuery,
  filters: ProductFilterData,
  label: (field: DistinctField) => string,
  t: TFunction<"catalog">,
  tp: TFunction<"product">,
): FilterChip[] {
  const chips: FilterChip[] = [];
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
  return chips;
}

export function FinderChips({ chips, href }: { chips: FilterChip[]; href: (query: FinderQuery) => string }) {
  const { t } = useTranslation("catalog");
  if (!chips.length) return null;
  return (
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
  );
}
