// The embedded upstream's Express app: JSON in, envelope out, every call of the contract mounted.
import express from "express";
import cookieParser from "cookie-parser";
import { defaultUpstreamSettings, type UpstreamOptions } from "./config.ts";
import { storeHasRoom, type Database } from "./db.ts";
import { errorHandler, jsonBody, requestLanguage, sendError, type MountOptions } from "./http.ts";
import { createSessionResolver } from "./accounts/sessions.ts";
import type { AccountStore } from "./accounts/store.ts";
import { mountLeaveWordRoutes, mountSiteRoutes } from "./site/routes.ts";
import { mountProductRoutes } from "./catalog/routes.ts";
import { mountDocumentRoutes } from "./documents/routes.ts";
import { mountModelRoutes } from "./models/routes.ts";
import { createModelStore } from "./models/store.ts";
import { createFamilyPacks } from "./models/family-packs.ts";
import { createTreeReader } from "./catalog/product-tree.ts";
import { mountNewsRoutes } from "./news/routes.ts";
import { mountJobRoutes } from "./jobs/routes.ts";
import { mountNoticeRoutes } from "./notices/routes.ts";
import { mountWatchRoutes } from "./notices/watch-routes.ts";
import { createSqliteWatchStore } from "./notices/watch-store-sqlite.ts";
import type { WatchStore } from "./notices/watch-store.ts";
import { mountSearchRoutes } from "./search/routes.ts";
import { mountCrossReferenceRoutes } from "./cross-reference/routes.ts";
import { mountOpenApi } from "./openapi.ts";
import { mountAccountRoutes } from "./accounts/routes.ts";
import { createAddressBook } from "./accounts/addresses.ts";
import { createMyData, type MyData } from "./accounts/my-data.ts";
import { createApplicantProfiles } from "./applicants/profiles.ts";
import { createSampleProducts } from "./samples/products.ts";
import { createSampleList } from "./samples/list.ts";
import { createSampleOrders } from "./samples/orders.ts";
import { createOrderMoves } from "./samples/moves.ts";
import { mountSampleRoutes } from "./samples/routes.ts";
import { createSqliteSampleStore } from "./samples/store-sqlite.ts";
import { createOrderBoard } from "./samples/board.ts";
import type { SampleStore } from "./samples/store.ts";
import { mountStaffRoutes } from "./staff/routes.ts";
import { createPreviewRevocations, mountPreviewRevocationRoutes, type PreviewRevocations } from "./site/preview-revocations.ts";
import { contentVersion } from "./content/version.ts";
import type { OrderMailOutbox } from "./samples/mail-outbox.ts";
import type { LeadStore } from "./leads/store.ts";
import { createSqliteNewsViews, type NewsViewStore } from "./news/views.ts";
import { contentVersionHeader } from "../../shared/http/content-version.ts";
import { sessionCookieName } from "../../shared/cookies.ts";

export interface UpstreamContext {
  db: Database;
  /** Users, sessions and sign-in codes: on the SQLite file or on PostgreSQL (startUpstream chooses). */
  accounts: AccountStore;
  options: UpstreamOptions;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  /** The samples (lists, orders, addresses, profiles) on PostgreSQL when startUpstream chose it; else the SQLite
   * file's store, built here over the modules the visitor's own data also reads. */
  samples?: SampleStore;
  /** Watches, subscriptions by e-mail and the notices' e-mails on PostgreSQL when startUpstream chose it; else the
   * SQLite file's, built here. */
  watches?: WatchStore;
  /** Preview-token revocations in PostgreSQL when startUpstream chose it; else the SQLite file's, built here. */
  previewRevocations?: PreviewRevocations;
  /** Contact messages and download requests: on the SQLite file or on PostgreSQL (startUpstream chooses; its lead
   * retention deletes through the same store). */
  leads: LeadStore;
  /** Counted news views in PostgreSQL when startUpstream chose it; else the SQLite file's, built here. */
  newsViews?: NewsViewStore;
  /** The visitor's export and erasure over PostgreSQL when startUpstream chose it; else the SQLite file's, built
   * here over the samples' modules. */
  myData?: MyData;
  /** Throws when PostgreSQL (if the upstream uses it) does not answer: part of /healthz. */
  checkDatabase?: () => Promise<void>;
  /** Started and stopped by startUpstream: mounting routes starts no timer. */
  outbox: OrderMailOutbox;
}

/**
 * Sign-in, the address book, the sample list and orders, the visitor's own data, the preview-token revocation
 * list and the staff API. Their stores are built here, once, and handed to each module that needs them: the
 * one place accounts/, samples/ and staff/ are wired together (neither builds the other's stores). Order
 * e-mails go out through the outbox whoever moved the order (staff API or customer now, the CLI at the next poll).
 */
function mountVisitorAndStaffRoutes(router: express.Router, context: UpstreamContext, mountOptions: MountOptions) {
  const { db, options, now, outbox, accounts } = context;
  const env = options.settings ?? defaultUpstreamSettings;
  const book = createAddressBook(db, now);
  const profiles = createApplicantProfiles(db, now);
  const products = createSampleProducts(db);
  const list = createSampleList(db, now, products);
  const orders = createSampleOrders(db, now, products, list, book);
  const moves = createOrderMoves(db, now);
  const samples = context.samples ?? createSqliteSampleStore({ list, orders, moves, book, profiles, board: createOrderBoard(db, orders) });
  const myData = context.myData ?? createMyData({ db, now, profiles, book, list, orders });
  mountAccountRoutes(router, context, { samples, myData }, mountOptions);
  mountSampleRoutes(router, samples, mountOptions, { onMove: outbox.nudge, accounts });
  const previewRevocations = context.previewRevocations ?? createPreviewRevocations(db, now);
  mountPreviewRevocationRoutes(router, previewRevocations, mountOptions);
  mountStaffRoutes(router, {
    orders: samples,
    now,
    staffToken: env.STAFF_TOKEN,
    previewSecret: env.PREVIEW_SECRET,
    previewRevocations,
    onMove: outbox.nudge,
  });
}

export function createUpstreamApp(context: UpstreamContext) {
  const { db, options, now } = context;
  const app = express();
  app.disable("x-powered-by");
  // Only the site's host(s) may name the client's address: what per-address limits count (config.ts).
  app.set("trust proxy", options.trustProxy ?? ["loopback"]);
  // Liveness and readiness in one: the site's /readyz asks this to know the database answers and has room
  // to write (a full disk answers every write 503, so the host should take no traffic).
  app.get("/healthz", async (_req, res) => {
    try {
      db.prepare("SELECT 1").get();
      await context.checkDatabase?.();
      if (!storeHasRoom(db, options.dataDir)) return res.status(503).json({ status: "full" });
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });
  // Every answer names the published content's version: the site drops its caches when it changes.
  const version = contentVersion(options.contentDir);
  app.use((_req, res, next) => {
    res.setHeader(contentVersionHeader, version);
    next();
  });
  app.use(cookieParser());
  app.use(jsonBody());

  const router = express.Router();
  const mountOptions = { provider: options.provider, resolveUser: createSessionResolver(context.accounts, sessionCookieName(options.publicOrigin)), now };
  mountSiteRoutes(router, db, { ...mountOptions, accounts: context.accounts });
  // [content routes]
  // Products, documents, news, jobs, contact form, search, cross-reference and the OpenAPI document.
  // publicOrigin decides the Secure flag of the visitor cookie; contentDir is where the
  // cross-reference's competitor table is read from.
  const contentOptions = { ...mountOptions, publicOrigin: options.publicOrigin, contentDir: options.contentDir };
  // The published model files (read once): listed on the product detail, served by their versioned paths.
  const models = createModelStore(options.contentDir);
  mountProductRoutes(router, db, { ...contentOptions, models });
  const familyPacks = createFamilyPacks(models, createTreeReader(db).familyOfPart, options.publicOrigin);
  mountModelRoutes(router, models, familyPacks, mountOptions);
  mountDocumentRoutes(router, db, context.leads, contentOptions);
  mountNewsRoutes(router, db, context.newsViews ?? createSqliteNewsViews(db), contentOptions);
  mountJobRoutes(router, db, contentOptions);
  mountNoticeRoutes(router, db, contentOptions);
  const samples = context.samples;
  mountWatchRoutes(router, db, context.watches ?? createSqliteWatchStore(db, now), {
    ...mountOptions,
    noticeMailSecret: options.settings?.NOTICE_MAIL_SECRET,
    onQueued: context.outbox.nudge,
    contentDir: options.contentDir,
    // A sample list kept in PostgreSQL is read through its store; the file's is read where it is.
    ...(samples ? { sampleListIds: async (userId: number) => (await samples.list(userId, "en")).map((item) => item.siteListId) } : {}),
  });
  mountLeaveWordRoutes(router, context.leads, { ...contentOptions, salesMailTo: options.settings?.SALES_MAIL_TO, onQueued: context.outbox.nudge });
  mountSearchRoutes(router, db, contentOptions);
  mountCrossReferenceRoutes(router, db, contentOptions);
  mountOpenApi(router, contentOptions.provider);
  // [account, sample-order and staff routes]
  mountVisitorAndStaffRoutes(router, context, mountOptions);
  app.use(router);

  app.use((req, res) => sendError(res, "E40400001", requestLanguage(req)));
  app.use(errorHandler((error) => context.log("upstream error", error)));
  return app;
}
