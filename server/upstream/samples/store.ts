// The samples' store: a user's sample list, orders with their items and history, the order e-mails queued with
// them, shipping addresses and the applicant profile, which move together because an order is written from the
// list, the address and the profile in one transaction. One async interface, two implementations: SQLite
// (store-sqlite.ts, over list.ts, orders.ts, moves.ts, board.ts, accounts/addresses.ts and applicants/profiles.ts) and PostgreSQL (store-postgres.ts). The rules both apply are
// pure functions in those modules (docs/decisions/044-store-interface-and-postgresql.md).
import type { AddressInput, Applicant, SampleListItem, SampleOrder, SampleOrderDetail, ShippingAddress, SubmittedOrder } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { OrderStatus, OrderStatusFilter } from "../../../shared/samples/order-status.ts";
import type { OrdersState } from "../../../shared/query/staff-orders.ts";
import type { MoveActor, MoveDetails } from "./moves.ts";
import type { OrderRow, RecordRow } from "./orders.ts";

interface OrderPage {
  list: Array<{ order: SampleOrder; row: OrderRow }>;
  total: number;
  pageIndex: number;
  pageSize: number;
}

interface OrderFound {
  detail: SampleOrderDetail;
  row: OrderRow;
  history: RecordRow[];
}

export interface SampleStore {
  /** The user's list as the contract shows it. */
  list(userId: number, language: Language): Promise<SampleListItem[]>;
  /** Adds a part; one not recommended for new designs only when `confirmNrnd` says the visitor confirmed it. */
  add(userId: number, siteListId: number, language: Language, confirmNrnd: boolean): Promise<void>;
  remove(userId: number, id: number): Promise<void>;
  modify(userId: number, id: number, quantity: number, language: Language): Promise<void>;
  /** Order again: the parts and quantities of the user's own order into the list (E40022006 when not theirs). */
  reorder(userId: number, orderNumber: string): Promise<void>;
  /** Turns the list into a pending order, queues its confirmation e-mail and empties the list: one transaction. */
  submit(userId: number, language: Language, applicant: Applicant, sampleUse: string, addressId: number): Promise<SubmittedOrder>;
  /** Orders newest first; `userId` null lists every user's orders (staff). */
  page(filter: { userId: number | null; status: OrderStatusFilter; pageIndex: number; pageSize: number }, language: Language): Promise<OrderPage>;
  /** One order with its history; `userId` restricts it to its owner (null: staff). */
  detail(orderNumber: string, language: Language, userId: number | null): Promise<OrderFound | null>;
  counts(userId: number): Promise<Record<OrderStatusFilter, number>>;
  /** The customer's cancel of their pending order, recorded and e-mailed. */
  cancel(orderNumber: string, userId: number, reason: string | undefined): Promise<void>;
  /** The staff console's board: every order counted by status (and in all). */
  boardCounts(): Promise<Record<OrderStatusFilter, number>>;
  /** A page of the console's board under a status and one search (order-number prefix, phone suffix, company or part). */
  boardPage(state: OrdersState, pageSize: number, language: Language): Promise<OrderPage>;
  /** Staff's move (the API's, the console's and the orders CLI's advance and reject), recorded and e-mailed. */
  move(orderNumber: string, to: OrderStatus | "next", details: MoveDetails, actor: MoveActor): Promise<{ from: OrderStatus; to: OrderStatus }>;
  addresses(userId: number, language: Language): Promise<ShippingAddress[]>;
  saveAddress(userId: number, input: Required<AddressInput> & { ID?: number | undefined; isDefault: boolean }): Promise<void>;
  removeAddress(userId: number, id: number): Promise<void>;
  profile(userId: number): Promise<Applicant | null>;
  saveProfile(userId: number, applicant: Applicant): Promise<Applicant>;
  removeProfile(userId: number): Promise<void>;
}
