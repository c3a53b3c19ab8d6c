// The address book's calls (all need a session) and the region lists its form offers (public).
import type { Router } from "express";
import { queryRegionList, queryShippingAddresses, removeShippingAddress, saveShippingAddress } from "../../../shared/contract/index.ts";
import { mountCall, type MountOptions } from "../http.ts";
import type { AddressBook } from "./addresses.ts";
import { regionList } from "./regions.ts";

export function mountAddressRoutes(router: Router, book: AddressBook, options: MountOptions) {
  // auth: true guarantees a user id in the book's handlers.
  const uid = (userId: number | null) => userId!;
  mountCall(router, queryShippingAddresses, ({ userId, language }) => book.view(uid(userId), language), options);
  mountCall(
    router,
    saveShippingAddress,
    ({ body, userId, language }) => {
      book.save(uid(userId), body);
      return book.view(uid(userId), language);
    },
    options,
  );
  mountCall(
    router,
    removeShippingAddress,
    ({ query, userId, language }) => {
      book.remove(uid(userId), query.ID);
      return book.view(uid(userId), language);
    },
    options,
  );
  mountCall(router, queryRegionList, ({ body }) => regionList(body.parentCode), options);
}
