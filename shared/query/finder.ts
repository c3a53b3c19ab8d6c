// The parametric finder's page state in the URL (so it can be shared, bookmarked and crawled), parsed and
// written by this one pure module so that the server, the browser, the CSV export and the tests all read a
// finder URL the same way:
//   ?q=…&sort=<fieldId>:asc|desc&<fieldId>=<value> (repeated)&<fieldId>=<min>~<max>&lifecycle=<state> (repeated)&page=N&size=N
// `op` and `with` (the stage's other part, docs/decisions/043-line-frequency-and-slow-leg.md) belong to the
// estimator: they are never interpreted here, only carried along by every link.
// An invalid value falls back to its default; it never becomes an error page.

import { defaultFinderLifecycle, lifecycleStates, type LifecycleState } from "../contract/lifecycle.ts";

type SortOrder = "asc" | "desc";

interface FinderSort {
  fieldId: string;
  order: SortOrder;
}

interface FinderRange {
  min?: number;
  max?: number;
}

export interface FinderQuery {
  /** Keyword over part number, name and summary; "" = none. */
  q: string;
  sort: FinderSort | null;
  /** fieldId → accepted values, in URL order, without duplicates. */
  values: Record<string, string[]>;
  /** fieldId → inclusive numeric bounds (at least one side set). */
  ranges: Record<string, FinderRange>;
  /** The lifecycle states listed, in lifecycleStates order; null = the default (every state but obsolete). */
  lifecycle: LifecycleState[] | null;
  page: number;
  size: number;
  /** The estimator's operating point, kept verbatim (null = absent). */
  op: string | null;
  with: string | null;
}

/** What the parser needs to know of a column: its key and whether it holds numbers. */
export interface FinderField {
  fieldId: string;
  /** Numeric column: takes ranges and sorts numerically. */
  sortable: boolean;
}

/**
 * The estimator's parameters the finder carries through every link and form: the operating point and the stage's
 * other part (docs/decisions/043-line-frequency-and-slow-leg.md). The finder's GET forms hold them as hidden fields
 * (finder-filters.tsx, finder-bar.tsx).
 */
const ESTIMATOR_PARAMS = ["op", "with"] as const;
/** Query parameters that are never a column. */
const RESERVED_PARAMS = ["q", "sort", "page", "size", "op", "with", "lifecycle"] as const;
/** The query parameter of the lifecycle filter (repeated, one state each). */
export const LIFECYCLE_PARAM = "lifecycle";
/** The pseudo-column of the part number: sortable as text, never filtered by value. */
export const PART_NUMBER_FIELD = "partNumber";
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE = 10_000;
const KEYWORD_MAX = 100;
/** Matches the upstream's limit on values per field. */
const MAX_VALUES_PER_FIELD = 50;
/** The no-JavaScript filter form sends a range as two fields, `<fieldId>.min` and `<fieldId>.max`. */
export const RANGE_MIN_SUFFIX = ".min";
export const RANGE_MAX_SUFFIX = ".max";

const FIELD_ID = /^[a-zA-Z][a-zA-Z0-9]{0,39}$/;
const VALUE_MAX = 100;

export function emptyFinderQuery(): FinderQuery {
  return { q: "", sort: null, values: {}, ranges: {}, lifecycle: null, page: 1, size: DEFAULT_PAGE_SIZE, op: null, with: null };
}

/** The lifecycle states a URL names: known ones, in their own order; none or exactly the default → null. */
function parseLifecycle(values: readonly string[]): LifecycleState[] | null {
  const states = lifecycleStates.filter((state) => values.includes(state));
  if (!states.length || states.join() === defaultFinderLifecycle.join()) return null;
  return states;
}

/** The states the finder lists for a query: its own, or the default. */
export function finderLifecycle(query: FinderQuery): readonly LifecycleState[] {
  return query.lifecycle ?? defaultFinderLifecycle;
}

function isReserved(name: string): boolean {
  return (RESERVED_PARAMS as readonly string[]).includes(name);
}

/** A bound as typed: "" or not a finite number → absent. */
function parseBound(text: string | undefined | null): number | undefined {
  const trimmed = (text ?? "").trim();
  if (!trimmed) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

function parsePositiveInt(text: string | null, fallback: number, max: number): number {
  if (text === null || !/^\d{1,6}$/.test(text.trim())) return fallback;
  const value = Number(text.trim());
  return value >= 1 && value <= max ? value : fallback;
}

function addRange(ranges: Record<string, FinderRange>, fieldId: string, min: number | undefined, max: number | undefined) {
  if (min === undefined && max === undefined) return;
  // Reversed bounds are what the visitor meant the other way round, not an empty result.
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const range: FinderRange = {};
  if (min !== undefined) range.min = min;
  if (max !== undefined) range.max = max;
  ranges[fieldId] = range;
}

/**
 * Reads the finder state from a query string. With `fields`, only those columns are accepted (ranges and
 * numeric sort on sortable ones); without, any well-formed fieldId is kept (the server checks later).
 * Also accepts the no-JS form's `<fieldId>.min` / `<fieldId>.max` pair (see `needsCanonicalRedirect`).
 */
export function parseFinderQuery(search: string | URLSearchParams, fields?: readonly FinderField[]): FinderQuery {
  const params = typeof search === "string" ? new URLSearchParams(search.startsWith("?") ? search.slice(1) : search) : search;
  const byId = fields ? new Map(fields.map((field) => [field.fieldId, field])) : null;
  const known = (fieldId: string) => FIELD_ID.test(fieldId) && !isReserved(fieldId) && fieldId !== PART_NUMBER_FIELD && (!byId || byId.has(fieldId));
  const numeric = (fieldId: string) => !byId || byId.get(fieldId)?.sortable === true;
  const query = emptyFinderQuery();

  query.q = (params.get("q") ?? "").trim().slice(0, KEYWORD_MAX);
  query.lifecycle = parseLifecycle(params.getAll(LIFECYCLE_PARAM));

  const sort = /^([a-zA-Z][a-zA-Z0-9]{0,39}):(asc|desc)$/.exec((params.get("sort") ?? "").trim());
  if (sort && (sort[1] === PART_NUMBER_FIELD || known(sort[1]!))) query.sort = { fieldId: sort[1]!, order: sort[2] as SortOrder };

  query.page = parsePositiveInt(params.get("page"), 1, MAX_PAGE);
  const size = parsePositiveInt(params.get("size"), DEFAULT_PAGE_SIZE, 1000);
  query.size = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  for (const name of ESTIMATOR_PARAMS) query[name] = params.get(name)?.slice(0, 200) || null;

  const formBounds = new Map<string, { min?: string; max?: string }>();
  for (const [name, raw] of params) {
    for (const [suffix, side] of [
      [RANGE_MIN_SUFFIX, "min"],
      [RANGE_MAX_SUFFIX, "max"],
    ] as const) {
      if (name.endsWith(suffix)) {
        const fieldId = name.slice(0, -suffix.length);
        if (known(fieldId) && numeric(fieldId)) formBounds.set(fieldId, { ...formBounds.get(fieldId), [side]: raw });
      }
    }
    if (!known(name)) continue;
    const value = raw.trim();
    if (!value || value.length > VALUE_MAX) continue;
    if (value.includes("~")) {
      if (!numeric(name)) continue;
      const [min, max, ...extra] = value.split("~");
      if (extra.length === 0) addRange(query.ranges, name, parseBound(min), parseBound(max));
      continue;
    }
    query.values[name] ??= [];
    const list = query.values[name];
    if (!list.includes(value) && list.length < MAX_VALUES_PER_FIELD) list.push(value);
  }
  // A range written in the URL form wins over the form's pair: it is the canonical one.
  for (const [fieldId, bounds] of formBounds) {
    if (!query.ranges[fieldId]) addRange(query.ranges, fieldId, parseBound(bounds.min), parseBound(bounds.max));
  }
  return query;
}

function formatBound(value: number | undefined): string {
  return value === undefined ? "" : String(value);
}

/**
 * Writes the state as a query string ("" or "?…"), defaults left out, in a stable order: q, sort, the
 * fields (in `fieldOrder` when given, then the rest in insertion order), page, size, op.
 */
export function writeFinderQuery(query: FinderQuery, fieldOrder?: readonly string[]): string {
  const params = new URLSearchParams();
  if (query.q) params.append("q", query.q);
  if (query.sort) params.append("sort", `${query.sort.fieldId}:${query.sort.order}`);
  const ids = [...new Set([...Object.keys(query.values), ...Object.keys(query.ranges)])];
  if (fieldOrder) {
    const rank = (id: string) => {
      const index = fieldOrder.indexOf(id);
      return index === -1 ? fieldOrder.length : index;
    };
    ids.sort((a, b) => rank(a) - rank(b));
  }
  for (const fieldId of ids) {
    for (const value of query.values[fieldId] ?? []) params.append(fieldId, value);
    const range = query.ranges[fieldId];
    if (range && (range.min !== undefined || range.max !== undefined)) params.append(fieldId, `${formatBound(range.min)}~${formatBound(range.max)}`);
  }
  for (const state of query.lifecycle ?? []) params.append(LIFECYCLE_PARAM, state);
  if (query.page > 1) params.append("page", String(query.page));
  if (query.size !== DEFAULT_PAGE_SIZE) params.append("size", String(query.size));
  for (const name of ESTIMATOR_PARAMS) {
    const value = query[name];
    if (value) params.append(name, value);
  }
  // URLSearchParams writes "~" and ":" escaped; both are legal in a query and the form keeps them literal.
  const text = params.toString().replace(/%7E/gi, "~").replace(/%3A/gi, ":");
  return text ? `?${text}` : "";
}

/** True when any filter or keyword narrows the result (what "clear all" removes). */
export function hasFilters(query: FinderQuery): boolean {
  return !!query.q || Object.keys(query.values).length > 0 || Object.keys(query.ranges).length > 0 || query.lifecycle !== null;
}

/** Sorting by a header: a new column starts ascending, the current one flips; paging restarts. */
export function toggleSort(query: FinderQuery, fieldId: string): FinderQuery {
  const order: SortOrder = query.sort?.fieldId === fieldId && query.sort.order === "asc" ? "desc" : "asc";
  return { ...query, sort: { fieldId, order }, page: 1 };
}

export function withPage(query: FinderQuery, page: number): FinderQuery {
  return { ...query, page: Math.min(Math.max(1, Math.floor(page)), MAX_PAGE) };
}

export function withSize(query: FinderQuery, size: number): FinderQuery {
  return { ...query, size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE, page: 1 };
}

/** Drops every filter and the keyword; sort, page size and the operating point stay. */
export function clearFilters(query: FinderQuery): FinderQuery {
  return { ...query, q: "", values: {}, ranges: {}, lifecycle: null, page: 1 };
}

/** Removes one value filter (or, without `value`, the field's values and range). */
export function withoutFilter(query: FinderQuery, fieldId: string, value?: string): FinderQuery {
  const values = { ...query.values };
  const ranges = { ...query.ranges };
  if (value === undefined) {
    delete values[fieldId];
    delete ranges[fieldId];
  } else {
    const rest = (values[fieldId] ?? []).filter((candidate) => candidate !== value);
    if (rest.length) values[fieldId] = rest;
    else delete values[fieldId];
  }
  return { ...query, values, ranges, page: 1 };
}

export function withoutRange(query: FinderQuery, fieldId: string): FinderQuery {
  const ranges = { ...query.ranges };
  delete ranges[fieldId];
  return { ...query, ranges, page: 1 };
}

/**
 * The no-JS filter form submits `<fieldId>.min/.max` pairs and empty fields; the server answers such a URL
 * with a redirect to the canonical form so that every shared or crawled finder URL has one spelling.
 */
export function needsCanonicalRedirect(params: URLSearchParams): boolean {
  // The form ticks the default states too, and may send them in any order: one spelling, or none for the default.
  const states = params.getAll(LIFECYCLE_PARAM);
  if (states.length && states.join() !== (parseLifecycle(states) ?? []).join()) return true;
  for (const [name, value] of params) {
    if (name.endsWith(RANGE_MIN_SUFFIX) || name.endsWith(RANGE_MAX_SUFFIX)) return true;
    if (value.trim() === "" && name !== "op") return true;
  }
  return false;
}

/** The parser's view of a family's columns (the distinct-values answer's fields): the page, the finder and the CSV read a URL against it alike. */
export function finderFields(fields: readonly FinderField[]): FinderField[] {
  return fields.map((field) => ({ fieldId: field.fieldId, sortable: field.sortable }));
}
