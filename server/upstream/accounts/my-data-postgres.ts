// The visitor's own data on PostgreSQL: the export reads the account, its samples and its leads in one read-only
// snapshot (REPEATABLE READ), so an order submitted meanwhile is either in the list or in the orders, never in
// both or neither; the deletion is one transaction that first takes the user's advisory lock (the samples'
// store's: a list edit, an address saved or an order submitted on another host waits for it, or is done before)
// and the locks of the account's phone and e-mail (the accounts' store's: a sign-in under way ends before it, or
// starts after and finds no account). Then, as the SQLite file's (my-data.ts): every session ends, the personal
// data goes, the open orders are closed and the rest anonymised, and the watches go with it (the watches' store on
// PostgreSQL, step 5) (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import type { Language } from "../../../shared/languages.ts";
import { inTransaction } from "../postgres.ts";
import { addressView, type AddressRow } from "./addresses.ts";
import { listItemView, type StoredListItem } from "../samples/list.ts";
import { orderView, recordView, type ItemRow, type OrderRow, type RecordRow } from "../samples/orders.ts";
import type { SampleProductLookup } from "../samples/products.ts";
import { orderColumns, postgresSampleQueries, recordColumns } from "../samples/store-postgres.ts";
import type { Applicant } from "../../../shared/contract/index.ts";
import { deletedAccountNote, exportView, type AccountRow, type ContactMessageRow, type DownloadFormRow, type MyData } from "./my-data.ts";
import { deleteAccountWatches } from "../notices/watch-store-postgres.ts";
import type { WatchStore } from "../notices/watch-store.ts";

// The advisory locks' kinds this transaction shares with the stores that decide on the same rows: the accounts'
// number (accounts/store-postgres.ts) and the samples' user (samples/store-postgres.ts). The user's first, then
// the numbers (sms before email): no other transaction takes a user's lock after a number's, so no cycle.
const numberLock = 2;
const userLock = 3;

/** The reads of the export, named: test/upstream/lead-query-plans.test.ts checks each reads an index. */
export const postgresMyDataQueries = {
  account: 'SELECT id, phone, email, created_at AS "createdAt" FROM users WHERE id = $1',
  orders: `SELECT ${orderColumns} FROM sample_orders WHERE user_id = $1 ORDER BY created_at, id`,
  records: `SELECT order_id AS "orderId", ${recordColumns} FROM sample_order_records WHERE order_id = ANY($1) ORDER BY order_id, created_at, id`,
  downloads: `SELECT document_id AS "documentId", name, phone, email, company, position, product_demand AS "productDemand", created_at AS "createdAt",
      consent_text AS "consentText", policy_version AS "policyVersion", consented_at AS "consentedAt"
    FROM download_records WHERE user_id = $1 ORDER BY created_at, id`,
  messages: 'SELECT name, phone, email, company, content, created_at AS "createdAt" FROM leave_words WHERE user_id = $1 ORDER BY created_at, id',
};

// Deleting: every statement keyed by the user ($1), or by the account's phone and e-mail ($1, $2).
const byUser = [
  "DELETE FROM sessions WHERE user_id = $1",
  "DELETE FROM sample_list_items WHERE user_id = $1",
  "DELETE FROM shipping_addresses WHERE user_id = $1",
  "DELETE FROM applicant_profiles WHERE user_id = $1",
  // What the customer wrote when cancelling is theirs; staff notes stay with staff's records.
  "UPDATE sample_order_records SET note = NULL WHERE actor = 'customer' AND order_id IN (SELECT id FROM sample_orders WHERE user_id = $1)",
  // No more e-mails to a deleted account; a delivery error may quote its address.
  "DELETE FROM order_mail_outbox WHERE state = 'pending' AND order_id IN (SELECT id FROM sample_orders WHERE user_id = $1)",
  "UPDATE order_mail_outbox SET last_error = NULL WHERE order_id IN (SELECT id FROM sample_orders WHERE user_id = $1)",
  // The address keeps only its country and area (as SQLite's json_object over json_extract).
  `UPDATE sample_orders SET applicant_name = '', applicant_phone = '', applicant_email = '', company_name = '', position = '', sample_use = '',
     shipping_address = CASE WHEN shipping_address IS NULL THEN NULL
       ELSE json_build_object('recipient', '', 'phone', '', 'company', '', 'country', shipping_address::json -> 'country',
         'countryName', shipping_address::json -> 'countryName', 'area', shipping_address::json -> 'area', 'street', '', 'postalCode', '')::text END
   WHERE user_id = $1`,
  // Exactly the entries the export shows: those sent with this account's session (a lead's notice e-mail goes
  // with it, by the outbox's ON DELETE CASCADE).
  "DELETE FROM download_records WHERE user_id = $1",
  "DELETE FROM leave_words WHERE user_id = $1",
];
// A phone is only ever an SMS code's target and an e-mail an e-mail code's: naming the channel with each lets the
// (channel, target, …) indexes find them.
const ofTargets = "(channel = 'sms' AND target = $1) OR (channel = 'email' AND target = $2)";
const byTarget = [
  `DELETE FROM verify_codes WHERE ${ofTargets}`,
  `DELETE FROM sign_in_failures WHERE ${ofTargets}`,
  `DELETE FROM sign_in_locks WHERE ${ofTargets}`,
  `DELETE FROM sign_in_clients WHERE ${ofTargets}`,
];
/** The deletion's statements, each answered from an index (test/upstream/lead-query-plans.test.ts checks them). */
export const postgresErasure = { byUser, byTarget };

export function createPostgresMyData(pool: pg.Pool, now: () => number, products: SampleProductLookup, watches: Pick<WatchStore, "exportOf">): MyData {
  return {
    async export(userId: number, language: Language) {
      const read = await inTransaction(pool, async (client) => {
        await client.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
        const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await client.query<T>(sql, params)).rows;
        const user = (await rows<AccountRow>(postgresMyDataQueries.account, [userId]))[0]!;
        const orders = await rows<OrderRow>(postgresMyDataQueries.orders, [userId]);
        const ids = orders.map((order) => order.id);
        return {
          user,
          orders,
          items: ids.length ? await rows<ItemRow>(postgresSampleQueries.items, [ids]) : [],
          records: ids.length ? await rows<RecordRow & { orderId: number }>(postgresMyDataQueries.records, [ids]) : [],
          applicant: (await rows<Applicant>(postgresSampleQueries.profile, [userId]))[0] ?? null,
          addresses: await rows<AddressRow>(postgresSampleQueries.addresses, [userId]),
          list: await rows<StoredListItem>(postgresSampleQueries.listItems, [userId]),
          downloads: await rows<DownloadFormRow>(postgresMyDataQueries.downloads, [userId]),
          messages: await rows<ContactMessageRow>(postgresMyDataQueries.messages, [userId]),
        };
      });
      const view = exportView(now(), read.user, read.downloads, read.messages);
      return {
        exportedAt: view.exportedAt,
        account: view.account,
        applicant: read.applicant,
        addresses: read.addresses.map((row) => addressView(row, language)),
        sampleList: read.list.map((item) => listItemView(item, products(item.siteListId), language)),
        orders: read.orders.map((row) => ({
          order: orderView(
            row,
            read.items.filter((item) => item.orderId === row.id),
            language,
          ),
          records: read.records.filter((record) => record.orderId === row.id).map(({ orderId: _orderId, ...record }) => recordView(record)),
        })),
        downloadForms: view.downloadForms,
        contactMessages: view.contactMessages,
        ...(await watches.exportOf(userId, read.user.email)),
      };
    },

    async deleteAccount(userId: number) {
      const account = (await pool.query<{ email: string | null }>("SELECT email FROM users WHERE id = $1", [userId])).rows[0];
      if (!account) return;
      await inTransaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock($1, $2)", [userLock, userId]);
        const user = (await client.query<{ phone: string | null; email: string | null }>("SELECT phone, email FROM users WHERE id = $1", [userId])).rows[0]!;
        for (const key of [user.phone && `sms\n${user.phone}`, user.email && `email\n${user.email}`]) {
          if (key) await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [numberLock, key]);
        }
        // The account's watches and the subscription by e-mail of its address, in the same transaction.
        await deleteAccountWatches(client, userId, user.email);
        const t = now();
        // Orders nobody has shipped yet are closed with the reason, so staff neither pack nor advance them; each
        // row locked, as a staff move on another host locks it.
        const open = await client.query<{ id: number }>("SELECT id FROM sample_orders WHERE user_id = $1 AND status IN ('pending', 'inStock') FOR UPDATE", [userId]);
        for (const { id } of open.rows) {
          await client.query("UPDATE sample_orders SET status = 'cancelled', updated_at = $1 WHERE id = $2", [t, id]);
          await client.query("INSERT INTO sample_order_records (order_id, status, note, actor, created_at) VALUES ($1, 'cancelled', $2, 'system', $3)", [
            id,
            deletedAccountNote,
            t,
          ]);
        }
        for (const sql of byUser) await client.query(sql, [userId]);
        for (const sql of byTarget) await client.query(sql, [user.phone ?? "", user.email ?? ""]);
        // The row stays (orders refer to it) as a tombstone that names no one.
        await client.query("UPDATE users SET phone = 'deleted:' || id, email = NULL, locked_until = NULL WHERE id = $1", [userId]);
      });
    },
  };
}
