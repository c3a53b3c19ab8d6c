// The staff console's sample-order board: counts per status, and a page of orders under a status and one
// search. Without a search the page is samples/orders.ts's own indexed listing (orderPageQueries); a search
// narrows by order-number prefix (the unique index), phone suffix, company or part number.
import { orderStatusFilters, type OrderStatus, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { searchKind, type OrdersState } from "../../../shared/query/staff-orders.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import type { SampleOrders } from "./orders.ts";

const like = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createOrderBoard(db: Database, orders: SampleOrders) {
  const counts = db.prepare("SELECT status, COUNT(*) AS n FROM sample_orders GROUP BY status");
  return {
    counts(): Record<OrderStatusFilter, number> {
      const result = Object.fromEntries(orderStatusFilters.map((status) => [status, 0])) as Record<OrderStatusFilter, number>;
      for (const row of counts.all() as Array<{ status: OrderStatus; n: number }>) {
        result[row.status] = row.n;
        result.all += row.n;
      }
      return result;
    },
    page(state: OrdersState, pageSize: number, language: Language) {
      if (!state.q) return orders.page({ userId: null, status: state.status, pageIndex: state.page, pageSize }, language);
      const where: string[] = [];
      const params: Array<string | number> = [];
      const kind = searchKind(state.q);
      if (kind === "phone") {
        where.push("applicant_phone LIKE ? ESCAPE '\\'");
        params.push(`%${like(state.q)}`);
      } else if (kind === "orderNumber") {
        where.push("order_number >= ? AND order_number < ?");
        params.push(state.q.toUpperCase(), `${state.q.toUpperCase()}\uffff`);
      } else {
        where.push("(company_name LIKE ? ESCAPE '\\' OR id IN (SELECT order_id FROM sample_order_items WHERE part_number LIKE ? ESCAPE '\\'))");
        params.push(`%${like(state.q)}%`, `${like(state.q.toUpperCase())}%`);
      }
      if (state.status !== "all") {
        where.push("status = ?");
        params.push(state.status);
      }
      const clause = `WHERE ${where.join(" AND ")}`;
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM sample_orders ${clause}`).get(...params) as { n: number }).n;
      const numbers = db
        .prepare(`SELECT order_number AS orderNumber FROM sample_orders ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (state.page - 1) * pageSize) as Array<{ orderNumber: string }>;
      const list = numbers.map(({ orderNumber }) => orders.detail(orderNumber, language, null)!).map(({ detail, row }) => ({ order: detail.order, row }));
      return { list, total, pageIndex: state.page, pageSize };
    },
  };
}
