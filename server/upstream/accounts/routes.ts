// Mounts sign-in, the address book and the visitor's own data, with their settings already parsed
// (options.settings). The stores they share with the sample orders (address book, applicant profiles, the
// visitor's data) are built by the upstream's app (server/upstream/app.ts) and passed in, so accounts/ never
// builds the samples' stores.
import type { Router } from "express";
import type { UpstreamOptions } from "../config.ts";
import { defaultUpstreamSettings } from "../config.ts";
import type { MountOptions } from "../http.ts";
import type { AccountStore } from "./store.ts";
import { createCodeSenders, logCodeLine } from "../delivery/code-senders.ts";
import { mountSignInRoutes } from "./sign-in-routes.ts";
import type { AddressBook } from "./addresses.ts";
import { mountAddressRoutes } from "./addresses-routes.ts";
import type { MyData } from "./my-data.ts";
import type { ApplicantProfiles } from "../applicants/profiles.ts";
import { mountMyDataRoutes } from "./my-data-routes.ts";

export interface AccountContext {
  accounts: AccountStore;
  options: UpstreamOptions;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
}

export interface AccountStores {
  book: AddressBook;
  profiles: ApplicantProfiles;
  myData: MyData;
}

export function mountAccountRoutes(router: Router, context: AccountContext, stores: AccountStores, mountOptions: MountOptions) {
  const { accounts, options, now, log } = context;
  const env = options.settings ?? defaultUpstreamSettings;
  const senders = createCodeSenders(env, options.codeLog ?? logCodeLine(log), now);
  mountSignInRoutes(router, { accounts, senders, publicOrigin: options.publicOrigin, log }, mountOptions);
  mountAddressRoutes(router, stores.book, mountOptions);
  mountMyDataRoutes(router, { profiles: stores.profiles, myData: stores.myData, publicOrigin: options.publicOrigin }, mountOptions);
}
