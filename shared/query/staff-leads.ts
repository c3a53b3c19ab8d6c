// URL state of the staff console's leads inbox (and of its CSV export, which takes the same filters): kind,
// status, date range (China days), product, language, company, page. One parser and one writer, so the GET
// form, the pager and the export link agree; a value that makes no sense falls back to "any".
import { isLanguage, type Language } from "../languages.ts";
import { leadKinds, type LeadKind } from "../staff/staff-paths.ts";

export const leadStatuses = ["new", "assigned", "handled"] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const LEADS_PAGE_SIZE = 50;
const MAX_PAGE = 10_000;
const MAX_TEXT = 100;

export interface LeadsState {
  kind: LeadKind | null;
  status: LeadStatus | null;
  /** YYYY-MM-DD, China time, inclusive. */
  from: string | null;
  to: string | null;
  /** Text a message or a download request's product demand mentions (a part number, a product). */
  product: string | null;
  language: Language | null;
  company: string | null;
  page: number;
}

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);
const text = (value: string | null) => {
  const trimmed = (value ?? "").trim().replace(/\s+/g, " ");
  return trimmed && trimmed.length <= MAX_TEXT ? trimmed : null;
};
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null => (value && (values as readonly string[]).includes(value) ? (value as T) : null);

export function parseLeadsState(search: string): LeadsState {
  const params = new URLSearchParams(search);
  const rawPage = params.get("page") ?? "";
  const language = params.get("language");
  return {
    kind: oneOf(leadKinds, params.get("kind")),
    status: oneOf(leadStatuses, params.get("status")),
    from: day(params.get("from")),
    to: day(params.get("to")),
    product: text(params.get("product")),
    language: isLanguage(language) ? language : null,
    company: text(params.get("company")),
    page: /^[1-9]\d*$/.test(rawPage) && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1,
  };
}

/** The query string ("?…" or "") of a state; defaults are left out, so equal states give equal URLs. */
export function writeLeadsState(state: Partial<LeadsState>): string {
  const params = new URLSearchParams();
  for (const key of ["kind", "status", "from", "to", "product", "language", "company"] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
