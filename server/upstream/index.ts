// Starts the embedded upstream on a loopback port: database, content, HTTP server.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { UpstreamOptions } from "./config.ts";
import { openDatabase, SchemaTooNewError, type Database } from "./db.ts";
import { loadSiteContent } from "./content/load.ts";
import { createUpstreamApp } from "./app.ts";
import { warmFamilyMembers } from "./catalog/product-tree.ts";
import { smtpConfig } from "./delivery/code-senders.ts";
import { createMailSender } from "./delivery/mailer.ts";
import { createOrderMailOutbox } from "./samples/mail-outbox.ts";
import { defaultUpstreamSettings } from "./config.ts";
import { upstreamKeepAliveMs } from "../../shared/http/upstream-keep-alive.ts";
import { startLeadRetention } from "./leads/retention.ts";
import type { CodeLimits } from "./accounts/code-rules.ts";
import { createSqliteAccountStore } from "./accounts/store-sqlite.ts";
import { createPostgresAccountStore } from "./accounts/store-postgres.ts";
import { createPool, describeDatabase, migratePostgres } from "./postgres.ts";
import { createPostgresSampleStore } from "./samples/store-postgres.ts";
import { createSampleProducts } from "./samples/products.ts";
import { bothOutboxes, createPostgresOrderMailOutbox } from "./samples/mail-outbox-postgres.ts";
import { createPostgresPreviewRevocations } from "./site/preview-revocations-postgres.ts";
import { createPostgresWatchStore } from "./notices/watch-store-postgres.ts";
import { createPostgresWatchMailOutbox } from "./notices/mail-outbox-postgres.ts";
import { createWatchedParts } from "./notices/watches.ts";
import { createSqliteLeadStore } from "./leads/store-sqlite.ts";
import { createLeadContent, createPostgresLeadStore } from "./leads/store-postgres.ts";
import { createPostgresNewsViews } from "./news/views-postgres.ts";
import { createPostgresMyData } from "./accounts/my-data-postgres.ts";

export interface RunningUpstream {
  url: string;
  port: number;
  db: Database;
  server: Server;
  close: () => Promise<void>;
}

/**
 * The accounts, the samples, the watches (with the notices' e-mails), the preview-token revocations and the
 * visitor's records (leads, news views, the export and erasure) on PostgreSQL when a database URL is given (migrated
 * first, once across hosts; a newer schema refused), else on the SQLite file, where the app builds the stores it is
 * not given (docs/decisions/044-store-interface-and-postgresql.md).
 */
async function openStores(options: UpstreamOptions, db: Database, now: () => number, limits: CodeLimits, log: (message: string, detail?: unknown) => void) {
  if (!options.databaseUrl) {
    return {
      accounts: createSqliteAccountStore(db, now, limits),
      leads: createSqliteLeadStore(db, now),
      samples: undefined,
      watches: undefined,
      previewRevocations: undefined,
      newsViews: undefined,
      myData: undefined,
      postgres: undefined,
    };
  }
  const databaseUrl = options.databaseUrl;
  await migratePostgres(databaseUrl).catch((error: unknown) => {
    // The one line a host that cannot start prints says which setting to look at (never the password).
    if (error instanceof SchemaTooNewError) throw error;
    throw new Error(`PostgreSQL (${describeDatabase(databaseUrl)}, DATABASE_URL) cannot be used: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  });
  const postgres = createPool(options.databaseUrl, log);
  const products = createSampleProducts(db);
  const watches = createPostgresWatchStore(postgres, now, createWatchedParts(db));
  return {
    accounts: createPostgresAccountStore(postgres, now, limits),
    leads: createPostgresLeadStore(postgres, now, createLeadContent(db)),
    samples: createPostgresSampleStore(postgres, now, products),
    watches,
    previewRevocations: createPostgresPreviewRevocations(postgres, now),
    newsViews: createPostgresNewsViews(postgres),
    myData: createPostgresMyData(postgres, now, products, watches),
    postgres,
  };
}

export async function startUpstream(
  options: UpstreamOptions,
  log: (message: string, detail?: unknown) => void = (message, detail) => (detail === undefined ? console.log(message) : console.error(message, detail)),
): Promise<RunningUpstream> {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.dataDir);
  loadSiteContent(db, options.contentDir);
  warmFamilyMembers(db);
  const settings = options.settings ?? defaultUpstreamSettings;
  let stores: Awaited<ReturnType<typeof openStores>>;
  try {
    stores = await openStores(options, db, now, { perIpPerHour: settings.CODE_REQUESTS_PER_IP_PER_HOUR }, log);
  } catch (error) {
    db.close();
    throw error;
  }
  const { accounts, leads, samples, watches, previewRevocations, newsViews, myData, postgres } = stores;
  const sender = createMailSender(smtpConfig(settings), log);
  const leaseMs = settings.MAIL_LEASE_SECONDS * 1000;
  const fileOutbox = createOrderMailOutbox({ db, now, sender, publicOrigin: options.publicOrigin, staffOrigin: settings.STAFF_ORIGIN, log, leaseMs });
  // On PostgreSQL the order e-mails and the sales inbox's notices are queued there with their orders and messages,
  // and the notice and confirmation e-mails with the watches; the file's outbox holds none of them then.
  const outbox = postgres
    ? bothOutboxes(
        fileOutbox,
        bothOutboxes(
          createPostgresOrderMailOutbox({ pool: postgres, now, sender, publicOrigin: options.publicOrigin, staffOrigin: settings.STAFF_ORIGIN, log, leaseMs }),
          createPostgresWatchMailOutbox({ pool: postgres, db, parts: createWatchedParts(db), now, sender, publicOrigin: options.publicOrigin, log, leaseMs }),
        ),
      )
    : fileOutbox;
  const app = createUpstreamApp({
    db,
    accounts,
    leads,
    ...(samples ? { samples } : {}),
    ...(watches ? { watches } : {}),
    ...(previewRevocations ? { previewRevocations } : {}),
    ...(newsViews ? { newsViews } : {}),
    ...(myData ? { myData } : {}),
    options,
    now,
    log,
    outbox,
    ...(postgres ? { checkDatabase: async () => void (await postgres.query("SELECT 1")) } : {}),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening));
    listening.once("error", reject);
  });
  // Idle connections outlive the site's proxy agent's idle timeout, so the site never reuses one being closed;
  // headers must be allowed a little longer than that (Node's rule).
  server.keepAliveTimeout = upstreamKeepAliveMs;
  server.headersTimeout = upstreamKeepAliveMs + 1000;
  // Polls for e-mails that CLI moves and retries left due; stopped before the database closes.
  outbox.start(options.mailPollMs ?? 5000);
  const stopRetention = await startLeadRetention(leads, now, settings.LEAD_RETENTION_DAYS, log);
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    db,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        outbox.stop();
        stopRetention();
        const finish = () => {
          db.close();
          if (postgres) postgres.end().then(resolve, resolve);
          else resolve();
        };
        // A listener already closed by a drain (`npm run upstream` on SIGTERM) would never call back again.
        if (server.listening) server.close(finish);
        else setImmediate(finish);
        server.closeAllConnections();
      }),
  };
}
