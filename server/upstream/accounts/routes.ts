// Mounts sign-in, the address book, the sample list and orders, the visitor's own data, the preview-token
// revocation list, and the staff API, with
// their settings already parsed (options.settings); the order e-mail outbox is started by startUpstream, not here.
import type { Router } from "express";
import type { UpstreamOptions } from "../config.ts";
import { defaultUpstreamSettings } from "../config.ts";
import type { Database } from "../db.ts";
import type { MountOptions } from "../http.ts";
import { createCodeStore } from "./codes.ts";
import { createCodeSenders, logCodeLine } from "./delivery.ts";
import type { OrderMailOutbox } from "../samples/mail-outbox.ts";
import { mountSignInRoutes } from "./sign-in-routes.ts";
import { createAddressBook } from "./addresses.ts";
import { mountAddressRoutes } from "./addresses-routes.ts";
import { createApplicantProfiles, createMyData } from "./my-data.ts";
import { mountMyDataRoutes } from "./my-data-routes.ts";
import { createSampleProducts } from "../samples/products.ts";
import { createSampleList } from "../samples/list.ts";
import { createSampleOrders } from "../samples/orders.ts";
import { createOrderMoves } from "../samples/moves.ts";
import { mountSampleRoutes } from "../samples/routes.ts";
import { mountStaffRoutes } from "../staff/routes.ts";
import { createPreviewRevocations, mountPreviewRevocationRoutes } from "../site/preview-revocations.ts";

export interface AccountContext {
  db: Database;
  options: UpstreamOptions;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  /** Order e-mails go out from here whoever moved the order (staff API or customer now, the CLI at the next poll). */
  outbox: OrderMailOutbox;
}

export function mountAccountRoutes(router: Router, context: AccountContext, mountOptions: MountOptions) {
  const { db, options, now, log, outbox } = context;
  const env = options.settings ?? defaultUpstreamSettings;
  const senders = createCodeSenders(env, options.codeLog ?? logCodeLine(log), now);
  const codes = createCodeStore(db, now, { perIpPerHour: env.CODE_REQUESTS_PER_IP_PER_HOUR });
  mountSignInRoutes(router, { db, codes, senders, now, publicOrigin: options.publicOrigin, log }, mountOptions);

  const book = createAddressBook(db, now);
  mountAddressRoutes(router, book, mountOptions);
  const products = createSampleProducts(db);
  const list = createSampleList(db, now, products);
  const orders = createSampleOrders(db, now, products, list, book);
  const moves = createOrderMoves(db, now);
  const profiles = createApplicantProfiles(db, now);
  mountSampleRoutes(router, db, list, orders, mountOptions, { moves, onMove: outbox.nudge, profiles });
  const myData = createMyData({ db, now, profiles, book, list, orders });
  mountMyDataRoutes(router, { profiles, myData, publicOrigin: options.publicOrigin }, mountOptions);
  const previewRevocations = createPreviewRevocations(db, now);
  mountPreviewRevocationRoutes(router, previewRevocations, mountOptions);
  mountStaffRoutes(router, {
    orders,
    moves,
    now,
    staffToken: env.STAFF_TOKEN,
    previewSecret: env.PREVIEW_SECRET,
    previewRevocations,
    onMove: outbox.nudge,
  });
}
