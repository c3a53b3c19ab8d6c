// Sample-order statuses (SPEC §4, plus "cancelled" by the customer), the moves staff may make between
// them, and which orders are still open (the open-order limit and the duplicate-list rule count those).
// The labels are UI strings in locales/; only the keys live here.

/** Statuses an order can be stored in. */
export const orderStatuses = ["pending", "inStock", "shipped", "rejected", "done", "signed", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Every status key the UI knows: the stored ones plus "unkown" (sic, SPEC §4) for anything else. */
export const orderStatusKeys = [...orderStatuses, "unkown"] as const;
export type OrderStatusKey = (typeof orderStatusKeys)[number];

/** Filters of the order-progress page: "all" means every order. */
export const orderStatusFilters = ["all", ...orderStatuses] as const;
export type OrderStatusFilter = (typeof orderStatusFilters)[number];

/**
 * Allowed moves. The happy path is pending → inStock → shipped → signed → done; an order can be
 * rejected only before it ships. rejected and done are final.
 */
const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["inStock", "rejected"],
  inStock: ["shipped", "rejected"],
  shipped: ["signed"],
  signed: ["done"],
  done: [],
  rejected: [],
  // Only the customer cancels (customerCanCancel); staff reject instead.
  cancelled: [],
};

/** Orders still under way: they count against the open-order limit and block an identical list. */
export const openOrderStatuses = ["pending", "inStock", "shipped", "signed"] as const satisfies readonly OrderStatus[];

export function isOpenOrder(status: OrderStatus): boolean {
  return (openOrderStatuses as readonly string[]).includes(status);
}

/** The customer may cancel an order only while nobody has started on it. */
export function customerCanCancel(status: OrderStatus): boolean {
  return status === "pending";
}

/** The next status of the happy path ("advance"), or null for a final status. */
export function nextOrderStatus(status: OrderStatus): OrderStatus | null {
  return orderTransitions[status].find((next) => next !== "rejected") ?? null;
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (orderStatuses as readonly string[]).includes(value);
}

/** The UI key of any status string: unknown values map to "unkown". */
export function orderStatusKey(value: unknown): OrderStatusKey {
  return isOrderStatus(value) ? value : "unkown";
}

/** A move to shipped needs the carrier and tracking number; a rejection needs its reason. */
export function orderMoveRequirements(to: OrderStatus): { carrier: boolean; trackingNumber: boolean; note: boolean } {
  return { carrier: to === "shipped", trackingNumber: to === "shipped", note: to === "rejected" };
}
