// URL state of the staff console's sample-order board: status tab, one search box (order number, company,
// part number, or the last digits of the applicant's phone), page. One parser and one writer.
import { orderStatusFilters, type OrderStatusFilter } from "../samples/order-status.ts";

export const ORDERS_PAGE_SIZE = 20;
/** 100,000 pages of 20: every one of 2,000,000 orders is reachable (the design size is 200,000). */
const MAX_PAGE = 100_000;

export interface OrdersState {
  status: OrderStatusFilter;
  q: string | null;
  page: number;
}

export function parseOrdersState(search: string): OrdersState {
  const params = new URLSearchParams(search);
  const status = params.get("status");
  const q = (params.get("q") ?? "").trim().replace(/\s+/g, " ");
  const rawPage = params.get("page") ?? "";
  return {
    status: status && (orderStatusFilters as readonly string[]).includes(status) ? (status as OrderStatusFilter) : "all",
    q: q && q.length <= 100 ? q : null,
    page: /^[1-9]\d*$/.test(rawPage) && Number(rawPage) <= MAX_PAGE ? Number(rawPage) : 1,
  };
}

export function writeOrdersState(state: Partial<OrdersState>): string {
  const params = new URLSearchParams();
  if (state.status && state.status !== "all") params.set("status", state.status);
  if (state.q) params.set("q", state.q);
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Which field a search names: digits only (4–11) are a phone suffix, "QY…" an order number, else company or part. */
export function searchKind(q: string): "phone" | "orderNumber" | "text" {
  if (/^\d{4,11}$/.test(q)) return "phone";
  if (/^QY\d{0,8}(-\d{0,4})?$/i.test(q)) return "orderNumber";
  return "text";
}
