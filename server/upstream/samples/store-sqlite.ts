// The samples' store on the embedded SQLite file: the synchronous modules, each call done whole (one BEGIN IMMEDIATE where it writes) before its promise settles
// (docs/decisions/044-store-interface-and-postgresql.md).
import { ApiError } from "../http.ts";
import { createAddressBook, type AddressBook } from "../accounts/addresses.ts";
import { createApplicantProfiles, type ApplicantProfiles } from "../applicants/profiles.ts";
import type { Database } from "../db.ts";
import { createOrderBoard, type OrderBoard } from "./board.ts";
import { createSampleList, type SampleList } from "./list.ts";
import { createOrderMoves, type OrderMoves } from "./moves.ts";
import { createSampleOrders, type SampleOrders } from "./orders.ts";
import { createSampleProducts } from "./products.ts";
import type { SampleStore } from "./store.ts";

export function createSqliteSampleStore(parts: {
  list: SampleList;
  orders: SampleOrders;
  moves: OrderMoves;
  book: AddressBook;
  profiles: ApplicantProfiles;
  board: OrderBoard;
}): SampleStore {
  const { list, orders, moves, book, profiles, board } = parts;
  return {
    list: async (userId, language) => list.view(userId, language),
    add: async (userId, siteListId, language, confirmNrnd) => list.add(userId, siteListId, language, confirmNrnd),
    remove: async (userId, id) => list.remove(userId, id),
    modify: async (userId, id, quantity, language) => list.modify(userId, id, quantity, language),
    async reorder(userId, orderNumber) {
      const items = orders.itemsOfOwn(orderNumber, userId);
      if (!items) throw new ApiError("E40022006");
      list.copy(userId, items);
    },
    submit: async (userId, language, applicant, sampleUse, addressId) => orders.submit(userId, language, applicant, sampleUse, addressId),
    page: async (filter, language) => orders.page(filter, language),
    detail: async (orderNumber, language, userId) => orders.detail(orderNumber, language, userId),
    counts: async (userId) => orders.counts(userId),
    cancel: async (orderNumber, userId, reason) => moves.cancel(orderNumber, userId, reason),
    boardCounts: async () => board.counts(),
    boardPage: async (state, pageSize, language) => board.page(state, pageSize, language),
    move: async (orderNumber, to, details, actor) => moves.move(orderNumber, to, details, actor),
    addresses: async (userId, language) => book.view(userId, language),
    saveAddress: async (userId, input) => book.save(userId, input),
    removeAddress: async (userId, id) => book.remove(userId, id),
    profile: async (userId) => profiles.get(userId),
    saveProfile: async (userId, applicant) => profiles.save(userId, applicant),
    removeProfile: async (userId) => profiles.remove(userId),
  };
}

/** The samples' store on a SQLite file with every module built on it: the staff console's and the orders CLI's,
 * which see the orders only through the interface, as the upstream's routes do. */
export function createSqliteSampleStoreOn(db: Database, now: () => number): SampleStore {
  const products = createSampleProducts(db);
  const book = createAddressBook(db, now);
  const list = createSampleList(db, now, products);
  const orders = createSampleOrders(db, now, products, list, book);
  return createSqliteSampleStore({
    list,
    orders,
    moves: createOrderMoves(db, now),
    book,
    profiles: createApplicantProfiles(db, now),
    board: createOrderBoard(db, orders),
  });
}
