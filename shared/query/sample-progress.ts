// URL state of the order-progress page: the status tab, the page, and the order just
// submitted (to confirm it). One parser and one writer; invalid values fall back to the defaults.
import { orderStatusFilters, type OrderStatusFilter } from "../samples/order-status.ts";

export interface SampleProgressQuery {
  status: OrderStatusFilter;
  page: number;
  /** The order number the sample list just submitted, or null. */
  submitted: string | null;
}

export const SAMPLE_PROGRESS_PAGE_SIZE = 10;
const MAX_PAGE = 10_000;
const orderNumberShape = /^QY\d{8}-\d{4,6}$/;

export function parseSampleProgressQuery(search: URLSearchParams): SampleProgressQuery {
  const status = search.get("status") ?? "all";
  const pageText = search.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(pageText) ? Number(pageText) : 1;
  const submitted = search.get("submitted") ?? "";
  return {
    status: (orderStatusFilters as readonly string[]).includes(status) ? (status as OrderStatusFilter) : "all",
    page: page >= 1 && page <= MAX_PAGE ? page : 1,
    submitted: orderNumberShape.test(submitted) ? submitted : null,
  };
}

/** The query string for a state; defaults are left out so every state has one URL. */
export function writeSampleProgressQuery(state: Partial<SampleProgressQuery>): string {
  const params = new URLSearchParams();
  if (state.status && state.status !== "all") params.set("status", state.status);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  if (state.submitted) params.set("submitted", state.submitted);
  const text = params.toString();
  return text ? `?${text}` : "";
}
