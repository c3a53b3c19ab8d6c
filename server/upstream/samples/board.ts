// The staff console's sample-order board: counts per status, and a page of orders under a status and one
// search. Without a search the page is the store's own indexed listing (orderPageQueries,
// postgresOrderPageQueries); a search narrows by order-number prefix (the unique index), phone suffix, company
// or part number. The search's WHERE is written once here for both stores (boardSearch).
import { orderStatusFilters, type OrderStatus, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { searchKind, type OrdersState } from "../../../shared/query/staff-orders.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import type { SampleOrders } from "./orders.ts";

const like = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every order counted by status, all of them too; both stores count with this query. */
export const boardCountsQuery = "SELECT status, COUNT(*) AS n FROM sample_orders GROUP BY status";

export function boardCountsOf(rows: Array<{ status: OrderStatus; n: number }>): Record<OrderStatusFilter, number> {
  const result = Object.fromEntries(orderStatusFilters.map((status) => [status, 0])) as Record<OrderStatusFilter, number>;
  for (const row of rows) {
    result[row.status] = row.n;
    result.all += row.n;
  }
  return result;
}

/**
 * The WHERE of a board search (state.q set) with its parameters, in either dialect. SQLite's LIKE ignores ASCII
 * case and compares order numbers byte-wise already; PostgreSQL needs ILIKE for the company, and the order-number
 * range compared in the "C" collation (pg-migrations/007's index), since a language collation may ignore the hyphen.
 */
export function boardSearch(state: OrdersState & { q: string }, dialect: "sqlite" | "postgres", columns = 'order_number AS "orderNumber"') {
  const where: string[] = [];
  const params: Array<string | number> = [];
  const place = (value: string | number) => {
    params.push(value);
    return dialect === "sqlite" ? "?" : `$${params.length}`;
  };
  const bytes = dialect === "postgres" ? ' COLLATE "C"' : "";
  const kind = searchKind(state.q);
  if (kind === "phone") where.push(`applicant_phone LIKE ${place(`%${like(state.q)}`)} ESCAPE '\\'`);
  else if (kind === "orderNumber") {
    const prefix = state.q.toUpperCase();
    where.push(`order_number${bytes} >= ${place(prefix)} AND order_number${bytes} < ${place(`${prefix}\uffff`)}`);
  } else {
    const company = place(`%${like(state.q)}%`);
    const part = place(`${like(state.q.toUpperCase())}%`);
    where.push(
      `(company_name ${dialect === "postgres" ? "ILIKE" : "LIKE"} ${company} ESCAPE '\\' OR id IN (SELECT order_id FROM sample_order_items WHERE part_number LIKE ${part} ESCAPE '\\'))`,
    );
  }
  if (state.status !== "all") where.push(`status = ${place(state.status)}`);
  const clause = `WHERE ${where.join(" AND ")}`;
  return {
    count: `SELECT COUNT(*) AS n FROM sample_orders ${clause}`,
    /** Takes LIMIT and OFFSET after `params`. */
    rows: `SELECT ${columns} FROM sample_orders ${clause} ORDER BY created_at DESC, id DESC LIMIT ${dialect === "sqlite" ? "?" : `$${params.length + 1}`} OFFSET ${dialect === "sqlite" ? "?" : `$${params.length + 2}`}`,
    params,
  };
}

export function createOrderBoard(db: Database, orders: SampleOrders) {
  const counts = db.prepare(boardCountsQuery);
  return {
    counts: () => boardCountsOf(counts.all() as Array<{ status: OrderStatus; n: number }>),
    page(state: OrdersState, pageSize: number, language: Language) {
      const { q } = state;
      if (!q) return orders.page({ userId: null, status: state.status, pageIndex: state.page, pageSize }, language);
      const { count, rows, params } = boardSearch({ ...state, q }, "sqlite");
      const total = (db.prepare(count).get(...params) as { n: number }).n;
      const found = db.prepare(rows).all(...params, pageSize, (state.page - 1) * pageSize) as Array<{ orderNumber: string }>;
      const list = found.map(({ orderNumber }) => orders.detail(orderNumber, language, null)!).map(({ detail, row }) => ({ order: detail.order, row }));
      return { list, total, pageIndex: state.page, pageSize };
    },
  };
}

export type OrderBoard = ReturnType<typeof createOrderBoard>;
