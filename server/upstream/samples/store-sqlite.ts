// The samples' store on the embedded SQLite file: the synchronous modules the staff console and the orders CLI
// also use, each call done whole (one BEGIN IMMEDIATE where it writes) before its promise settles
// (docs/decisions/044-store-interface-and-postgresql.md).
import { ApiError } from "../http.ts";
import type { AddressBook } from "../accounts/addresses.ts";
import type { ApplicantProfiles } from "../applicants/profiles.ts";
import type { SampleList } from "./list.ts";
import type { OrderMoves } from "./moves.ts";
import type { SampleOrders } from "./orders.ts";
import type { SampleStore } from "./store.ts";

export function createSqliteSampleStore(parts: {
  list: SampleList;
  orders: SampleOrders;
  moves: OrderMoves;
  book: AddressBook;
  profiles: ApplicantProfiles;
}): SampleStore {
  const { list, orders, moves, book, profiles } = parts;
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
    move: async (orderNumber, to, details, actor) => moves.move(orderNumber, to, details, actor),
    addresses: async (userId, language) => book.view(userId, language),
    saveAddress: async (userId, input) => book.save(userId, input),
    removeAddress: async (userId, id) => book.remove(userId, id),
    profile: async (userId) => profiles.get(userId),
    saveProfile: async (userId, applicant) => profiles.save(userId, applicant),
    removeProfile: async (userId) => profiles.remove(userId),
  };
}
