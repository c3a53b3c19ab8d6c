// The visitor's own data: the saved applicant details, the export of everything kept about an account,
// and deleting an account — one transaction that ends every session, deletes the personal data (the
// account's own rows, the forms sent with its session, and the sign-in traces of its phone or e-mail),
// closes its open orders and leaves them to staff as anonymised records; then the freed bytes are zeroed
// and the WAL checkpointed, so the values leave the file (docs/decisions/025-own-data-export-and-deletion.md).
// One async interface, two implementations: the SQLite file's (here) and PostgreSQL's (my-data-postgres.ts),
// with the rows shaped once, here (docs/decisions/044-store-interface-and-postgresql.md).
import type { MyDataExport } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import { createWatches } from "../notices/watches.ts";
import { transaction, type Database } from "../db.ts";
import type { SampleList } from "../samples/list.ts";
import type { SampleOrders } from "../samples/orders.ts";
import type { AddressBook } from "./addresses.ts";
import type { ApplicantProfiles } from "../applicants/profiles.ts";

const iso = (epochMs: number) => new Date(epochMs).toISOString();

/** The history note of an order closed because its account was deleted: for staff, in both languages. */
export const deletedAccountNote = "账户已注销 / account deleted";

export interface MyData {
  /** Everything kept about the account, as the contract's export. */
  export(userId: number, language: Language): Promise<MyDataExport>;
  /** Ends every session, deletes the personal data and closes the open orders, leaving anonymised records. */
  deleteAccount(userId: number): Promise<void>;
}

export interface AccountRow {
  id: number;
  phone: string | null;
  email: string | null;
  createdAt: number;
}

export interface DownloadFormRow {
  documentId: string;
  name: string;
  phone: string;
  email: string;
  company: string;
  position: string;
  productDemand: string;
  createdAt: number;
  consentText: string | null;
  policyVersion: string | null;
  consentedAt: number | null;
}

export interface ContactMessageRow {
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  content: string;
  createdAt: number;
}

/** The parts of the export read from the account's, the leads' and the watches' rows (the samples' parts are
 * their stores' views). */
export function exportView(
  t: number,
  user: AccountRow,
  forms: DownloadFormRow[],
  messages: ContactMessageRow[],
): Pick<MyDataExport, "exportedAt" | "account" | "downloadForms" | "contactMessages"> {
  return {
    exportedAt: iso(t),
    account: { userId: user.id, phone: user.phone, email: user.email, createdAt: iso(Number(user.createdAt)) },
    downloadForms: forms.map((row) => ({
      documentId: String(row.documentId),
      name: String(row.name),
      phone: String(row.phone),
      email: String(row.email),
      company: String(row.company),
      position: String(row.position),
      productDemand: String(row.productDemand),
      submittedAt: iso(Number(row.createdAt)),
      consent:
        row.consentText && row.policyVersion && row.consentedAt
          ? { text: String(row.consentText), policyVersion: String(row.policyVersion), agreedAt: iso(Number(row.consentedAt)) }
          : null,
    })),
    contactMessages: messages.map(({ createdAt, ...message }) => ({ ...message, submittedAt: iso(Number(createdAt)) })),
  };
}

export interface MyDataDeps {
  db: Database;
  now: () => number;
  profiles: ApplicantProfiles;
  book: AddressBook;
  list: SampleList;
  orders: SampleOrders;
}

export function createMyData({ db, now, profiles, book, list, orders }: MyDataDeps): MyData {
  const account = db.prepare("SELECT id, phone, email, created_at AS createdAt FROM users WHERE id = ?");
  const orderNumbers = db.prepare("SELECT order_number AS orderNumber FROM sample_orders WHERE user_id = ? ORDER BY created_at, id");
  const downloads = db.prepare(
    `SELECT document_id AS documentId, name, phone, email, company, position, product_demand AS productDemand, created_at AS createdAt,
       consent_text AS consentText, policy_version AS policyVersion, consented_at AS consentedAt
     FROM download_records WHERE user_id = ? ORDER BY created_at, id`,
  );
  const contactMessages = db.prepare("SELECT name, phone, email, company, content, created_at AS createdAt FROM leave_words WHERE user_id = ? ORDER BY created_at, id");
  // Orders nobody has shipped yet are closed with the reason, so staff neither pack nor advance them.
  const openOrders = db.prepare("SELECT id FROM sample_orders WHERE user_id = ? AND status IN ('pending', 'inStock')");
  const closeOrder = db.prepare("UPDATE sample_orders SET status = 'cancelled', updated_at = ? WHERE id = ?");
  const closeRecord = db.prepare("INSERT INTO sample_order_records (order_id, status, note, actor, created_at) VALUES (?, 'cancelled', ?, 'system', ?)");

  // Deleting: every statement keyed by the user or by the account's phone and e-mail (indexed).
  const erase = {
    sessions: db.prepare("DELETE FROM sessions WHERE user_id = ?"),
    list: db.prepare("DELETE FROM sample_list_items WHERE user_id = ?"),
    addresses: db.prepare("DELETE FROM shipping_addresses WHERE user_id = ?"),
    profile: db.prepare("DELETE FROM applicant_profiles WHERE user_id = ?"),
    orders: db.prepare(`UPDATE sample_orders SET applicant_name = '', applicant_phone = '', applicant_email = '', company_name = '', position = '',
      sample_use = '',
      shipping_address = CASE WHEN shipping_address IS NULL THEN NULL
        ELSE json_object('recipient', '', 'phone', '', 'company', '', 'country', json_extract(shipping_address, '$.country'),
          'countryName', json_extract(shipping_address, '$.countryName'), 'area', json_extract(shipping_address, '$.area'),
          'street', '', 'postalCode', '') END
      WHERE user_id = ?`),
    // What the customer wrote when cancelling is theirs; staff notes stay with staff's records.
    customerNotes: db.prepare("UPDATE sample_order_records SET note = NULL WHERE actor = 'customer' AND order_id IN (SELECT id FROM sample_orders WHERE user_id = ?)"),
    // No more e-mails to a deleted account; a delivery error may quote its address.
    pendingMail: db.prepare("DELETE FROM order_mail_outbox WHERE state = 'pending' AND order_id IN (SELECT id FROM sample_orders WHERE user_id = ?)"),
    mailErrors: db.prepare("UPDATE order_mail_outbox SET last_error = NULL WHERE order_id IN (SELECT id FROM sample_orders WHERE user_id = ?)"),
    // Exactly the entries the export shows: those sent with this account's session.
    downloads: db.prepare("DELETE FROM download_records WHERE user_id = ?"),
    leaveWords: db.prepare("DELETE FROM leave_words WHERE user_id = ?"),
    codes: db.prepare("DELETE FROM verify_codes WHERE target IN (?, ?)"),
    failures: db.prepare("DELETE FROM sign_in_failures WHERE target IN (?, ?)"),
    locks: db.prepare("DELETE FROM sign_in_locks WHERE target IN (?, ?)"),
    signInClients: db.prepare("DELETE FROM sign_in_clients WHERE target IN (?, ?)"),
    // The row stays (orders refer to it) as a tombstone that names no one.
    user: db.prepare("UPDATE users SET phone = 'deleted:' || id, email = NULL, locked_until = NULL WHERE id = ?"),
  };
  // The watch list, its notice e-mails and their unsent outbox rows go with the watcher (migration 060).
  const watches = createWatches(db, now);

  return {
    async export(userId, language) {
      const user = account.get(userId) as unknown as AccountRow;
      const numbers = (orderNumbers.all(userId) as Array<{ orderNumber: string }>).map((row) => row.orderNumber);
      const view = exportView(now(), user, downloads.all(userId) as unknown as DownloadFormRow[], contactMessages.all(userId) as unknown as ContactMessageRow[]);
      return {
        exportedAt: view.exportedAt,
        account: view.account,
        applicant: profiles.get(userId),
        addresses: book.view(userId, language),
        sampleList: list.view(userId, language),
        orders: numbers.map((number) => orders.detail(number, language, userId)!.detail),
        downloadForms: view.downloadForms,
        contactMessages: view.contactMessages,
        ...watches.exportOf(userId, user.email),
      };
    },

    async deleteAccount(userId) {
      transaction(db, () => {
        const user = account.get(userId) as { phone: string | null; email: string | null } | undefined;
        if (!user) return;
        const phone = user.phone ?? "";
        const email = user.email ?? "";
        const t = now();
        for (const { id } of openOrders.all(userId) as Array<{ id: number }>) {
          closeOrder.run(t, id);
          closeRecord.run(id, deletedAccountNote, t);
        }
        for (const statement of [
          erase.sessions,
          erase.list,
          erase.addresses,
          erase.profile,
          erase.customerNotes,
          erase.pendingMail,
          erase.mailErrors,
          erase.orders,
          erase.downloads,
          erase.leaveWords,
        ]) {
          statement.run(userId);
        }
        for (const statement of [erase.codes, erase.failures, erase.locks, erase.signInClients]) statement.run(phone, email);
        watches.deleteOfUser(userId, user.email);
        erase.user.run(userId);
      });
      // secure_delete (db.ts) zeroed the freed bytes in the pages the WAL now holds; the checkpoint writes
      // those pages into the database file and TRUNCATE empties the WAL, whose older frames still held the
      // values. A reader still on an older snapshot keeps its frames: then the next checkpoint does it.
      db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
    },
  };
}
