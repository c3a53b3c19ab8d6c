// Sample orders: submitting the current list (order number, the stated limits, duplicate-list rule, history's first record)
// and reading orders back for their owner, staff and the CLI.
import {
  errorMessage,
  sampleLimits,
  type Applicant,
  type SampleOrder,
  type SampleOrderDetail,
  type SampleOrderRecord,
  type ShippingAddressLines,
  type SubmittedOrder,
} from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import { openOrderStatuses, orderStatusFilters, type OrderStatus, type OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { transaction, type Database } from "../db.ts";
import { ApiError } from "../http.ts";
import { placeholders } from "../sql.ts";
import type { SampleList } from "./list.ts";
import { samplesRefused } from "./products.ts";
import { orderMailQueue } from "./mail-outbox.ts";
import { countryName } from "../../../shared/forms/countries.ts";
import type { SampleProduct, SampleProductLookup } from "./products.ts";

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface OrderRow {
  id: number;
  orderNumber: string;
  userId: number;
  status: OrderStatus;
  applicantName: string;
  applicantPhone: string;
  applicantEmail: string;
  companyName: string;
  position: string;
  sampleUse: string;
  carrier: string | null;
  trackingNumber: string | null;
  rejectReason: string | null;
  /** JSON of the address as submitted (addressLines). */
  shippingAddress: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface ItemRow {
  orderId: number;
  siteListId: number;
  partNumber: string;
  name_zh: string;
  name_en: string;
  family_zh: string;
  family_en: string;
  series_zh: string;
  series_en: string;
  quantity: number;
}

export interface RecordRow {
  status: OrderStatus;
  note: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  actor: string;
  createdAt: number;
}

const orderColumns = `id, order_number AS orderNumber, user_id AS userId, status, applicant_name AS applicantName,
  applicant_phone AS applicantPhone, applicant_email AS applicantEmail, company_name AS companyName, position,
  sample_use AS sampleUse, carrier, tracking_number AS trackingNumber, reject_reason AS rejectReason, shipping_address AS shippingAddress,
  created_at AS createdAt, updated_at AS updatedAt`;

/**
 * The count and page queries of an order list (a user's status tab, or staff's view of everyone's); the rows
 * query takes LIMIT and OFFSET after `params`. Each has an index (migrations 006 and 010; a test reads the plans).
 */
export function orderPageQueries(filter: { userId: number | null; status: OrderStatusFilter }): { count: string; rows: string; params: Array<string | number> } {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (filter.userId !== null) {
    where.push("user_id = ?");
    params.push(filter.userId);
  }
  if (filter.status !== "all") {
    where.push("status = ?");
    params.push(filter.status);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  return {
    count: `SELECT COUNT(*) AS total FROM sample_orders ${clause}`,
    rows: `SELECT ${orderColumns} FROM sample_orders ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    params,
  };
}

export const openStatusClause = `status IN (${openOrderStatuses.map((status) => `'${status}'`).join(", ")})`;

/** The per-user lookups of submitting and of the tabs' counts; each has an index (a test reads the plans). */
export const submitQueries = {
  // Only an open order blocks the same list: once completed, rejected or cancelled, it may be ordered again.
  duplicate: `SELECT order_number AS orderNumber FROM sample_orders WHERE user_id = ? AND list_key = ? AND ${openStatusClause} LIMIT 1`,
  openCount: `SELECT COUNT(*) AS n FROM sample_orders WHERE user_id = ? AND ${openStatusClause}`,
  counts: "SELECT status, COUNT(*) AS n FROM sample_orders WHERE user_id = ? GROUP BY status",
} as const;

/** "YYYYMMDD" of an instant in China time, the day an order number counts in. */
export function chinaDay(epochMs: number): string {
  return new Date(epochMs + CHINA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, "");
}

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** "id:quantity" pairs sorted by product id: equal for the same set of products and quantities. */
function listKey(items: ReadonlyArray<{ siteListId: number; quantity: number }>): string {
  return [...items]
    .sort((a, b) => a.siteListId - b.siteListId)
    .map((item) => `${item.siteListId}:${item.quantity}`)
    .join(",");
}

export function recordView(row: RecordRow): SampleOrderRecord {
  return { time: iso(row.createdAt), status: row.status, note: row.note, carrier: row.carrier, trackingNumber: row.trackingNumber };
}

/** The order's copy of its address, its country named in the reader's language. */
function addressOf(json: string | null, language: Language): ShippingAddressLines | null {
  if (!json) return null;
  const lines = JSON.parse(json) as ShippingAddressLines;
  return { ...lines, countryName: countryName(lines.country, language) };
}

/** An order as the contract shows it: items named in the reader's language. Shared by both stores. */
export function orderView(row: OrderRow, items: ItemRow[], language: Language): SampleOrder {
  return {
    orderNumber: row.orderNumber,
    status: row.status,
    submittedAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    sampleUse: row.sampleUse,
    applicant: {
      name: row.applicantName,
      phone: row.applicantPhone,
      email: row.applicantEmail,
      companyName: row.companyName,
      position: row.position,
    },
    items: items.map((item) => ({
      siteListId: item.siteListId,
      siteListName: item.partNumber,
      productName: language === "zh" ? item.name_zh : item.name_en,
      familyName: language === "zh" ? item.family_zh : item.family_en,
      seriesName: language === "zh" ? item.series_zh : item.series_en,
      quantity: item.quantity,
    })),
    shipping: row.carrier && row.trackingNumber ? { carrier: row.carrier, trackingNumber: row.trackingNumber } : null,
    rejectReason: row.status === "rejected" ? row.rejectReason : null,
    shippingAddress: addressOf(row.shippingAddress, language),
  };
}

/**
 * The rules of submitting, in the order they are checked, over facts each store reads in its transaction (the
 * list, the chosen address, the products as the content says today, an open order of the same list, the number
 * of open orders): throws the first refusal. Returns the list's key and the order's copy of the address.
 */
export function checkSubmit(
  items: ReadonlyArray<{ partNumber: string; siteListId: number; quantity: number }>,
  productOf: (siteListId: number) => SampleProduct | null,
  language: Language,
  facts: { address: () => ShippingAddressLines; duplicateOf: (key: string) => string | undefined; openOrders: () => number },
): { key: string; address: ShippingAddressLines } {
  if (items.length === 0) throw new ApiError("E40022004");
  const address = facts.address();
  // A product switched off since it was added cannot be ordered; the list shows it as unavailable, and
  // the refusal names it so the visitor knows which row to remove.
  const unavailable = items.filter((item) => {
    const product = productOf(item.siteListId);
    return product === null || samplesRefused(product);
  });
  if (unavailable.length) {
    const part = unavailable.map((item) => item.partNumber).join(language === "zh" ? "、" : ", ");
    throw new ApiError("E40022013", { message: errorMessage("E40022013", language, { part }) });
  }
  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  if (total > sampleLimits.maxOrderQuantity) {
    const values = { max: String(sampleLimits.maxOrderQuantity), total: String(total) };
    throw new ApiError("E40022014", { message: errorMessage("E40022014", language, values) });
  }
  const key = listKey(items);
  const same = facts.duplicateOf(key);
  if (same) throw new ApiError("E40022005", { message: errorMessage("E40022005", language, { orderNumber: same }) });
  if (facts.openOrders() >= sampleLimits.maxOpenOrders) {
    throw new ApiError("E40022015", { message: errorMessage("E40022015", language, { max: String(sampleLimits.maxOpenOrders) }) });
  }
  return { key, address };
}

/** The order number: the China day and that day's count, QY20261122-0001. */
export function orderNumberOf(day: string, count: number): string {
  return `QY${day}-${String(count).padStart(4, "0")}`;
}

/** How many of a user's orders each status tab holds, from per-status counts. */
export function countsOf(rows: ReadonlyArray<{ status: OrderStatus; n: number }>): Record<OrderStatusFilter, number> {
  const counts = Object.fromEntries(orderStatusFilters.map((status) => [status, 0])) as Record<OrderStatusFilter, number>;
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/** What an order needs of the address book (accounts/addresses.ts, passed in by the upstream's app): the
 * chosen address as it reads today, copied into the order so a later edit does not change it. */
interface AddressSnapshots {
  snapshot(userId: number, id: number, language: Language): ShippingAddressLines;
}

export function createSampleOrders(db: Database, now: () => number, products: SampleProductLookup, list: SampleList, book: AddressSnapshots) {
  const duplicate = db.prepare(submitQueries.duplicate);
  const openCount = db.prepare(submitQueries.openCount);
  const nextNumber = db.prepare("INSERT INTO sample_order_counters (day, last) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET last = last + 1 RETURNING last");
  const insertOrder = db.prepare(`INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone,
    applicant_email, company_name, position, sample_use, language, shipping_address, created_at, updated_at)
    VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertItem = db.prepare(`INSERT INTO sample_order_items (order_id, site_list_id, part_number, name_zh, name_en, family_zh,
    family_en, series_zh, series_en, quantity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertRecord = db.prepare("INSERT INTO sample_order_records (order_id, status, note, carrier, tracking_number, actor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const queueMail = orderMailQueue(db);
  const perStatus = db.prepare(submitQueries.counts);
  const byNumber = db.prepare(`SELECT ${orderColumns} FROM sample_orders WHERE order_number = ?`);
  const recordsOf = db.prepare(
    "SELECT status, note, carrier, tracking_number AS trackingNumber, actor, created_at AS createdAt FROM sample_order_records WHERE order_id = ? ORDER BY created_at, id",
  );

  function itemsOf(orderIds: number[]): Map<number, ItemRow[]> {
    const byOrder = new Map<number, ItemRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = db
      .prepare(
        `SELECT order_id AS orderId, site_list_id AS siteListId, part_number AS partNumber, name_zh, name_en, family_zh, family_en,
          series_zh, series_en, quantity FROM sample_order_items WHERE order_id IN (${placeholders(orderIds.length)}) ORDER BY rowid`,
      )
      .all(...orderIds) as unknown as ItemRow[];
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  return {
    /** Turns the user's current list into a pending order and empties the list, all in one transaction. */
    submit(userId: number, language: Language, applicant: Applicant, sampleUse: string, addressId: number): SubmittedOrder {
      return transaction(db, () => {
        const t = now();
        const items = list.stored(userId);
        const { key, address } = checkSubmit(items, products, language, {
          address: () => book.snapshot(userId, addressId, language),
          duplicateOf: (listKey) => (duplicate.get(userId, listKey) as { orderNumber: string } | undefined)?.orderNumber,
          openOrders: () => (openCount.get(userId) as { n: number }).n,
        });
        const day = chinaDay(t);
        const { last } = nextNumber.get(day) as { last: number };
        const orderNumber = orderNumberOf(day, last);
        const { lastInsertRowid } = insertOrder.run(
          orderNumber,
          userId,
          key,
          applicant.name,
          applicant.phone,
          applicant.email,
          applicant.companyName,
          applicant.position,
          sampleUse,
          language,
          JSON.stringify(address),
          t,
          t,
        );
        const orderId = Number(lastInsertRowid);
        for (const item of items) {
          const p = products(item.siteListId)!;
          insertItem.run(orderId, item.siteListId, p.partNumber, p.name.zh, p.name.en, p.family.zh, p.family.en, p.series.zh, p.series.en, item.quantity);
        }
        const record = insertRecord.run(orderId, "pending", null, null, null, "customer", t);
        // The confirmation e-mail is queued with the order, like a move's: no order goes unconfirmed.
        queueMail(orderId, Number(record.lastInsertRowid), t);
        list.clear(userId);
        return { orderNumber, status: "pending" as const, submittedAt: iso(t) };
      });
    },

    /** Orders newest first; `userId` null lists every user's orders (staff). */
    page(
      filter: { userId: number | null; status: OrderStatusFilter; pageIndex: number; pageSize: number },
      language: Language,
    ): { list: Array<{ order: SampleOrder; row: OrderRow }>; total: number; pageIndex: number; pageSize: number } {
      const { count, rows: rowsSql, params } = orderPageQueries(filter);
      const { total } = db.prepare(count).get(...params) as { total: number };
      const rows = db.prepare(rowsSql).all(...params, filter.pageSize, (filter.pageIndex - 1) * filter.pageSize) as unknown as OrderRow[];
      const items = itemsOf(rows.map((row) => row.id));
      return {
        list: rows.map((row) => ({ order: orderView(row, items.get(row.id) ?? [], language), row })),
        total,
        pageIndex: filter.pageIndex,
        pageSize: filter.pageSize,
      };
    },

    /** One order with its history; `userId` restricts it to its owner (null: staff). */
    detail(orderNumber: string, language: Language, userId: number | null): { detail: SampleOrderDetail; row: OrderRow; history: RecordRow[] } | null {
      const row = byNumber.get(orderNumber) as OrderRow | undefined;
      if (!row || (userId !== null && row.userId !== userId)) return null;
      const history = recordsOf.all(row.id) as unknown as RecordRow[];
      const order = orderView(row, itemsOf([row.id]).get(row.id) ?? [], language);
      return { detail: { order, records: history.map(recordView) }, row, history };
    },

    /** How many of the user's orders each status tab holds. */
    counts(userId: number): Record<OrderStatusFilter, number> {
      return countsOf(perStatus.all(userId) as Array<{ status: OrderStatus; n: number }>);
    },

    /** The user's own order's parts and quantities (order again), or null when it is not theirs. */
    itemsOfOwn(orderNumber: string, userId: number): Array<{ siteListId: number; quantity: number }> | null {
      const row = byNumber.get(orderNumber) as OrderRow | undefined;
      if (!row || row.userId !== userId) return null;
      return (itemsOf([row.id]).get(row.id) ?? []).map((item) => ({ siteListId: item.siteListId, quantity: item.quantity }));
    },
  };
}

export type SampleOrders = ReturnType<typeof createSampleOrders>;
