// The samples' store on PostgreSQL: several upstream hosts, one database. A method that reads facts and then
// writes does both in one transaction that first locks what it decides on: the user's list and address book
// with a transaction-scoped advisory lock on the user (two hosts editing one list take turns, so no edit is
// lost and the list's bounds hold), an order with SELECT … FOR UPDATE on its row. Order numbers come from the
// day's counter row, whose upsert's row lock gives each number once whichever host asks. The rules are the
// pure functions the SQLite modules use (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import { sampleLimits, type Applicant } from "../../../shared/contract/index.ts";
import type { OrderStatus, OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import { inTransaction } from "../postgres.ts";
import { ApiError } from "../http.ts";
import { addressColumns, addressLinesOf, addressView, checkAddress, type AddressRow } from "../accounts/addresses.ts";
import { addressLimits } from "../../../shared/forms/shipping-address.ts";
import { fieldLimits } from "../../../shared/forms/validation.ts";
import { addRefusal, checkQuantity, listItemView, type StoredListItem } from "./list.ts";
import { newOutboxMessageId } from "./mail-outbox.ts";
import { decideCancel, decideMove, moveInput, optionalText } from "./moves.ts";
import { checkSubmit, chinaDay, countsOf, openStatusClause, orderNumberOf, orderView, recordView, type ItemRow, type OrderRow, type RecordRow } from "./orders.ts";
import { samplesRefused, type SampleProductLookup } from "./products.ts";
import { boardCountsOf, boardCountsQuery, boardSearch } from "./board.ts";
import type { SampleStore } from "./store.ts";

// The advisory locks' key space (kind, key), beside the accounts' kinds 1 and 2 (accounts/store-postgres.ts).
const userLock = 3;

type Queryable = pg.Pool | pg.PoolClient;

async function one<T>(db: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await db.query(sql, params)).rows[0] as T | undefined;
}

export const orderColumns = `id, order_number AS "orderNumber", user_id AS "userId", status, applicant_name AS "applicantName",
  applicant_phone AS "applicantPhone", applicant_email AS "applicantEmail", company_name AS "companyName", position,
  sample_use AS "sampleUse", carrier, tracking_number AS "trackingNumber", reject_reason AS "rejectReason",
  shipping_address AS "shippingAddress", created_at AS "createdAt", updated_at AS "updatedAt"`;
// addresses.ts's column list with PostgreSQL's quoted aliases (it folds unquoted names to lower case).
const pgAddressColumns = addressColumns.replace(/ AS (\w+)/g, ' AS "$1"');
const listColumns = 'id, site_list_id AS "siteListId", part_number AS "partNumber", quantity';
const itemColumns = `order_id AS "orderId", site_list_id AS "siteListId", part_number AS "partNumber", name_zh, name_en, family_zh, family_en,
  series_zh, series_en, quantity`;
export const recordColumns = 'status, note, carrier, tracking_number AS "trackingNumber", actor, created_at AS "createdAt"';

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The lookups the store makes per request, named: test/upstream/order-query-plans.test.ts checks each is
 * answered from an index (with the order pages of postgresOrderPageQueries). */
export const postgresSampleQueries = {
  listItems: `SELECT ${listColumns} FROM sample_list_items WHERE user_id = $1 ORDER BY created_at, id`,
  listCount: "SELECT COUNT(*) AS n FROM sample_list_items WHERE user_id = $1",
  listed: "SELECT 1 FROM sample_list_items WHERE user_id = $1 AND site_list_id = $2",
  openOrders: `SELECT order_number AS "orderNumber", list_key AS "listKey" FROM sample_orders WHERE user_id = $1 AND ${openStatusClause}`,
  counts: "SELECT status, COUNT(*) AS n FROM sample_orders WHERE user_id = $1 GROUP BY status",
  byNumber: `SELECT ${orderColumns} FROM sample_orders WHERE order_number = $1`,
  ownOrder: "SELECT id FROM sample_orders WHERE order_number = $1 AND user_id = $2",
  records: `SELECT ${recordColumns} FROM sample_order_records WHERE order_id = $1 ORDER BY created_at, id`,
  items: `SELECT ${itemColumns} FROM sample_order_items WHERE order_id = ANY($1) ORDER BY order_id, position`,
  addresses: `SELECT ${pgAddressColumns} FROM shipping_addresses WHERE user_id = $1 ORDER BY is_default DESC, created_at, id`,
  address: `SELECT ${pgAddressColumns} FROM shipping_addresses WHERE id = $1 AND user_id = $2`,
  profile: 'SELECT name, phone, email, company_name AS "companyName", position FROM applicant_profiles WHERE user_id = $1',
};

/**
 * The count and page queries of an order list (a user's status tab, or staff's view), as orders.ts's
 * orderPageQueries for SQLite; the rows query takes LIMIT and OFFSET after `params`. The page's ids are chosen
 * first, from the index alone (each list's index ends in created_at, id; staff's by status since pg-migrations/008),
 * and only those rows are read:
 * asked for whole rows, PostgreSQL reads every order of the list and sorts them to skip the offset (a user's
 * 20,000 orders, 2.5 MB spilled to disk: 33-46 ms for page 1000 at the scale bench, 1.3 ms this way; docs/performance.md).
 */
export function postgresOrderPageQueries(filter: { userId: number | null; status: OrderStatusFilter }): { count: string; rows: string; params: Array<string | number> } {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (filter.userId !== null) {
    params.push(filter.userId);
    where.push(`user_id = $${params.length}`);
  }
  if (filter.status !== "all") {
    params.push(filter.status);
    where.push(`status = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  return {
    count: `SELECT COUNT(*) AS total FROM sample_orders ${clause}`,
    rows: `SELECT ${orderColumns} FROM sample_orders WHERE id IN (
        SELECT id FROM sample_orders ${clause} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}
      ) ORDER BY created_at DESC, id DESC`,
    params,
  };
}

export function createPostgresSampleStore(pool: pg.Pool, now: () => number, products: SampleProductLookup): SampleStore {
  const lockUser = (client: pg.PoolClient, userId: number) => client.query("SELECT pg_advisory_xact_lock($1, $2)", [userLock, userId]);

  const stored = async (db: Queryable, userId: number) => (await db.query<StoredListItem>(postgresSampleQueries.listItems, [userId])).rows;
  const listed = async (db: Queryable, userId: number) => (await one<{ n: number }>(db, postgresSampleQueries.listCount, [userId]))!.n;
  const isListed = async (db: Queryable, userId: number, siteListId: number) => (await one(db, postgresSampleQueries.listed, [userId, siteListId])) !== undefined;

  async function itemsOf(db: Queryable, orderIds: number[]): Promise<Map<number, ItemRow[]>> {
    const byOrder = new Map<number, ItemRow[]>();
    if (orderIds.length === 0) return byOrder;
    const rows = (await db.query<ItemRow>(postgresSampleQueries.items, [orderIds])).rows;
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  /** Writes a move's history record and queues its e-mail (none for an order whose applicant was erased). */
  async function record(
    client: pg.PoolClient,
    orderId: number,
    status: OrderStatus,
    note: string | null,
    carrier: string | null,
    trackingNumber: string | null,
    actor: string,
    t: number,
  ) {
    const { id } = (await one<{ id: number }>(
      client,
      "INSERT INTO sample_order_records (order_id, status, note, carrier, tracking_number, actor, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
      [orderId, status, note, carrier, trackingNumber, actor, t],
    ))!;
    // The e-mail's Message-ID is fixed here, once, so every try sends the same one (as mail-outbox.ts's queue).
    await client.query(
      `INSERT INTO order_mail_outbox (order_id, record_id, next_attempt_at, created_at, message_id)
       SELECT $1, $2, $3, $3, $4 WHERE EXISTS (SELECT 1 FROM sample_orders WHERE id = $1 AND applicant_email <> '')`,
      [orderId, id, t, newOutboxMessageId()],
    );
  }

  const updateOrder = `UPDATE sample_orders SET status = $1, updated_at = $2,
    carrier = COALESCE($3, carrier), tracking_number = COALESCE($4, tracking_number), reject_reason = COALESCE($5, reject_reason)
    WHERE id = $6 AND status = $7`;

  /** Keeps exactly one default while the book has any address. */
  async function ensureDefault(client: pg.PoolClient, userId: number) {
    if (await one(client, "SELECT id FROM shipping_addresses WHERE user_id = $1 AND is_default = 1", [userId])) return;
    await client.query("UPDATE shipping_addresses SET is_default = 1 WHERE id = (SELECT id FROM shipping_addresses WHERE user_id = $1 ORDER BY created_at, id LIMIT 1)", [
      userId,
    ]);
  }

  const store: SampleStore = {
    async list(userId, language) {
      return (await stored(pool, userId)).map((item) => listItemView(item, products(item.siteListId), language));
    },

    async add(userId, siteListId, language, confirmNrnd) {
      await inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        const product = products(siteListId);
        const refusal = addRefusal(product, language, confirmNrnd, await isListed(client, userId, siteListId), await listed(client, userId));
        if (refusal) throw refusal;
        await client.query("INSERT INTO sample_list_items (user_id, site_list_id, part_number, quantity, created_at) VALUES ($1, $2, $3, 1, $4)", [
          userId,
          siteListId,
          product!.partNumber,
          now(),
        ]);
      });
    },

    async remove(userId, id) {
      const result = await pool.query("DELETE FROM sample_list_items WHERE id = $1 AND user_id = $2", [id, userId]);
      if (result.rowCount === 0) throw new ApiError("E40022003");
    },

    async modify(userId, id, quantity, language) {
      checkQuantity(quantity, language);
      const result = await pool.query("UPDATE sample_list_items SET quantity = $1 WHERE id = $2 AND user_id = $3", [quantity, id, userId]);
      if (result.rowCount === 0) throw new ApiError("E40022003");
    },

    async reorder(userId, orderNumber) {
      const order = await one<{ id: number }>(pool, postgresSampleQueries.ownOrder, [orderNumber, userId]);
      if (!order) throw new ApiError("E40022006");
      const items = (await itemsOf(pool, [order.id])).get(order.id) ?? [];
      await inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        // As list.ts's copy: what cannot be added (gone, refused, already listed) is left out; the list's bound holds.
        for (const item of items) {
          const product = products(item.siteListId);
          if (!product || samplesRefused(product) || (await isListed(client, userId, item.siteListId))) continue;
          if ((await listed(client, userId)) >= sampleLimits.maxItems) break;
          await client.query("INSERT INTO sample_list_items (user_id, site_list_id, part_number, quantity, created_at) VALUES ($1, $2, $3, $4, $5)", [
            userId,
            item.siteListId,
            product.partNumber,
            Math.min(item.quantity, sampleLimits.maxQuantity),
            now(),
          ]);
        }
      });
    },

    async submit(userId, language, applicant, sampleUse, addressId) {
      return inTransaction(pool, async (client) => {
        // The user's lock: an edit of the list on another host waits until the order has it and it is emptied.
        await lockUser(client, userId);
        const t = now();
        const items = await stored(client, userId);
        const addressRow = await one<AddressRow>(client, postgresSampleQueries.address, [addressId, userId]);
        const duplicate = await client.query<{ orderNumber: string; listKey: string }>(postgresSampleQueries.openOrders, [userId]);
        const { key, address } = checkSubmit(items, products, language, {
          address: () => {
            if (!addressRow) throw new ApiError("E40024012");
            return addressLinesOf(addressRow, language);
          },
          duplicateOf: (listKey) => duplicate.rows.find((row) => row.listKey === listKey)?.orderNumber,
          openOrders: () => duplicate.rows.length,
        });
        const day = chinaDay(t);
        const { last } = (await one<{ last: number }>(
          client,
          "INSERT INTO sample_order_counters (day, last) VALUES ($1, 1) ON CONFLICT (day) DO UPDATE SET last = sample_order_counters.last + 1 RETURNING last",
          [day],
        ))!;
        const orderNumber = orderNumberOf(day, last);
        const { id: orderId } = (await one<{ id: number }>(
          client,
          `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name,
             position, sample_use, language, shipping_address, created_at, updated_at)
           VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
          [
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
          ],
        ))!;
        for (const [position, item] of items.entries()) {
          const p = products(item.siteListId)!;
          await client.query(
            `INSERT INTO sample_order_items (order_id, position, site_list_id, part_number, name_zh, name_en, family_zh, family_en, series_zh, series_en, quantity)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [orderId, position, item.siteListId, p.partNumber, p.name.zh, p.name.en, p.family.zh, p.family.en, p.series.zh, p.series.en, item.quantity],
          );
        }
        // The confirmation e-mail is queued with the order, like a move's: no order goes unconfirmed.
        await record(client, orderId, "pending", null, null, null, "customer", t);
        // Only the rows ordered: under the user's lock there are no others, and none would be lost if there were.
        await client.query("DELETE FROM sample_list_items WHERE user_id = $1 AND id = ANY($2)", [userId, items.map((item) => item.id)]);
        return { orderNumber, status: "pending" as const, submittedAt: iso(t) };
      });
    },

    async page(filter, language) {
      const { count, rows: rowsSql, params } = postgresOrderPageQueries(filter);
      const { total } = (await one<{ total: number }>(pool, count, params))!;
      const rows = (await pool.query<OrderRow>(rowsSql, [...params, filter.pageSize, (filter.pageIndex - 1) * filter.pageSize])).rows;
      const items = await itemsOf(
        pool,
        rows.map((row) => row.id),
      );
      return {
        list: rows.map((row) => ({ order: orderView(row, items.get(row.id) ?? [], language), row })),
        total,
        pageIndex: filter.pageIndex,
        pageSize: filter.pageSize,
      };
    },

    async boardCounts() {
      return boardCountsOf((await pool.query<{ status: OrderStatus; n: number }>(boardCountsQuery)).rows);
    },

    async boardPage(state, pageSize, language) {
      const { q } = state;
      if (!q) return store.page({ userId: null, status: state.status, pageIndex: state.page, pageSize }, language);
      const { count, rows: rowsSql, params } = boardSearch({ ...state, q }, "postgres", orderColumns);
      const { n } = (await one<{ n: number }>(pool, count, params))!;
      const rows = (await pool.query<OrderRow>(rowsSql, [...params, pageSize, (state.page - 1) * pageSize])).rows;
      const items = await itemsOf(
        pool,
        rows.map((row) => row.id),
      );
      return { list: rows.map((row) => ({ order: orderView(row, items.get(row.id) ?? [], language), row })), total: n, pageIndex: state.page, pageSize };
    },

    async detail(orderNumber, language, userId) {
      const row = await one<OrderRow>(pool, postgresSampleQueries.byNumber, [orderNumber]);
      if (!row || (userId !== null && row.userId !== userId)) return null;
      const history = (await pool.query<RecordRow>(postgresSampleQueries.records, [row.id])).rows;
      const order = orderView(row, (await itemsOf(pool, [row.id])).get(row.id) ?? [], language);
      return { detail: { order, records: history.map(recordView) }, row, history };
    },

    async counts(userId) {
      return countsOf((await pool.query<{ status: OrderStatus; n: number }>(postgresSampleQueries.counts, [userId])).rows);
    },

    async cancel(orderNumber, userId, reason) {
      const note = optionalText(reason, fieldLimits.note);
      await inTransaction(pool, async (client) => {
        const order = await one<{ id: number; status: OrderStatus }>(client, "SELECT id, status FROM sample_orders WHERE order_number = $1 AND user_id = $2 FOR UPDATE", [
          orderNumber,
          userId,
        ]);
        decideCancel(order?.status);
        const t = now();
        await client.query(updateOrder, ["cancelled", t, null, null, null, order!.id, order!.status]);
        await record(client, order!.id, "cancelled", note, null, null, "customer", t);
      });
    },

    async move(orderNumber, to, details, actor) {
      const input = moveInput(details);
      return inTransaction(pool, async (client) => {
        // The row's lock: two staff moves of one order on two hosts take turns, the second sees the first's status.
        const order = await one<{ id: number; status: OrderStatus }>(client, "SELECT id, status FROM sample_orders WHERE order_number = $1 FOR UPDATE", [orderNumber]);
        const move = decideMove(order?.status, to, input);
        const t = now();
        await client.query(updateOrder, [move.target, t, move.carrier, move.trackingNumber, move.rejectReason, order!.id, order!.status]);
        await record(client, order!.id, move.target, move.note, move.carrier, move.trackingNumber, actor, t);
        return { from: order!.status, to: move.target };
      });
    },

    async addresses(userId, language) {
      const rows = (await pool.query<AddressRow>(postgresSampleQueries.addresses, [userId])).rows;
      return rows.map((row) => addressView(row, language));
    },

    async saveAddress(userId, input) {
      const a = checkAddress(input);
      const fields = [a.recipient, a.phone, a.company, a.country, a.provinceCode, a.cityCode, a.districtCode, a.region, a.city, a.street, a.postalCode];
      await inTransaction(pool, async (client) => {
        // The user's lock: the book's bound and its one default hold when two hosts save at once.
        await lockUser(client, userId);
        const t = now();
        let id = input.ID;
        if (id === undefined) {
          const { n } = (await one<{ n: number }>(client, "SELECT COUNT(*) AS n FROM shipping_addresses WHERE user_id = $1", [userId]))!;
          if (n >= addressLimits.perAccount) throw new ApiError("E40024011");
          id = (await one<{ id: number }>(
            client,
            `INSERT INTO shipping_addresses (user_id, recipient, phone, company, country, province_code, city_code, district_code, region, city, street,
               postal_code, is_default, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 0, $13, $13) RETURNING id`,
            [userId, ...fields, t],
          ))!.id;
        } else {
          const result = await client.query(
            `UPDATE shipping_addresses SET recipient = $1, phone = $2, company = $3, country = $4, province_code = $5, city_code = $6,
               district_code = $7, region = $8, city = $9, street = $10, postal_code = $11, updated_at = $12 WHERE id = $13 AND user_id = $14`,
            [...fields, t, id, userId],
          );
          if (result.rowCount === 0) throw new ApiError("E40024010");
        }
        if (input.isDefault) {
          await client.query("UPDATE shipping_addresses SET is_default = 0 WHERE user_id = $1 AND is_default = 1", [userId]);
          await client.query("UPDATE shipping_addresses SET is_default = 1 WHERE id = $1 AND user_id = $2", [id, userId]);
        }
        await ensureDefault(client, userId);
      });
    },

    async removeAddress(userId, id) {
      await inTransaction(pool, async (client) => {
        await lockUser(client, userId);
        const result = await client.query("DELETE FROM shipping_addresses WHERE id = $1 AND user_id = $2", [id, userId]);
        if (result.rowCount === 0) throw new ApiError("E40024010");
        await ensureDefault(client, userId);
      });
    },

    async profile(userId) {
      return (await one<Applicant>(pool, postgresSampleQueries.profile, [userId])) ?? null;
    },

    async saveProfile(userId, a) {
      await pool.query(
        `INSERT INTO applicant_profiles (user_id, name, phone, email, company_name, position, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, phone = excluded.phone, email = excluded.email,
           company_name = excluded.company_name, position = excluded.position, updated_at = excluded.updated_at`,
        [userId, a.name, a.phone, a.email, a.companyName, a.position, now()],
      );
      return a;
    },

    async removeProfile(userId) {
      await pool.query("DELETE FROM applicant_profiles WHERE user_id = $1", [userId]);
    },
  };
  return store;
}
