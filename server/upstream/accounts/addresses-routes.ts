// The address book's calls (all need a session) and the region lists its form offers (public).
import type { Router } from "express";
import { queryRegionList, queryShippingAddresses, removeShippingAddress, saveShippingAddress } from "../../../shared/contract/index.ts";
import { mountCall, type MountOptions } from "../http.ts";
import type { SampleStore } from "../samples/store.ts";
import { regionList } from "./regions.ts";

export function mountAddressRoutes(router: Router, book: Pick<SampleStore, "addresses" | "saveAddress" | "removeAddress">, options: MountOptions) {
  // auth: true guarantees a user id in the book's handlers.
  const uid = (userId: number | null) => userId!;
  mountCall(router, queryShippingAddresses, ({ userId, language }) => book.addresses(uid(userId), language), options);
  mountCall(
    router,
    saveShippingAddress,
    async ({ body, userId, language }) => {
      await book.saveAddress(uid(userId), body);
      return book.addresses(uid(userId), language);
    },
    options,
  );
  mountCall(
    router,
    removeShippingAddress,
    async ({ query, userId, language }) => {
      await book.removeAddress(uid(userId), query.ID);
      return book.addresses(uid(userId), language);
    },
    options,
  );
  mountCall(router, queryRegionList, ({ body }) => regionList(body.parentCode), options);
}
