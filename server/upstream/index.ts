// Starts the embedded upstream on a loopback port: database, content, HTTP server.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { UpstreamOptions } from "./config.ts";
import { openDatabase, type Database } from "./db.ts";
import { loadSiteContent } from "./content/load.ts";
import { createUpstreamApp } from "./app.ts";
import { smtpConfig } from "./delivery/code-senders.ts";
import { createMailSender } from "./delivery/mailer.ts";
import { createOrderMailOutbox } from "./samples/mail-outbox.ts";
import { defaultUpstreamSettings } from "./config.ts";
import { upstreamKeepAliveMs } from "../../shared/http/upstream-keep-alive.ts";
import { startLeadRetention } from "./leads/retention.ts";
import type { CodeLimits } from "./accounts/code-rules.ts";
import { createSqliteAccountStore } from "./accounts/store-sqlite.ts";
import { createPostgresAccountStore } from "./accounts/store-postgres.ts";
import { createPool, migratePostgres } from "./postgres.ts";

export interface RunningUpstream {
  url: string;
  port: number;
  db: Database;
  server: Server;
  close: () => Promise<void>;
}

/**
 * The accounts on PostgreSQL when a database URL is given (migrated first, once across hosts; a newer schema
 * refused), else on the SQLite file (docs/decisions/044-store-interface-and-postgresql.md).
 */
async function openAccountStore(options: UpstreamOptions, db: Database, now: () => number, limits: CodeLimits, log: (message: string, detail?: unknown) => void) {
  if (!options.databaseUrl) return { accounts: createSqliteAccountStore(db, now, limits), postgres: undefined };
  await migratePostgres(options.databaseUrl);
  const postgres = createPool(options.databaseUrl, log);
  return { accounts: createPostgresAccountStore(postgres, now, limits), postgres };
}

export async function startUpstream(
  options: UpstreamOptions,
  log: (message: string, detail?: unknown) => void = (message, detail) => (detail === undefined ? console.log(message) : console.error(message, detail)),
): Promise<RunningUpstream> {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.dataDir);
  loadSiteContent(db, options.contentDir);
  const settings = options.settings ?? defaultUpstreamSettings;
  let stores: Awaited<ReturnType<typeof openAccountStore>>;
  try {
    stores = await openAccountStore(options, db, now, { perIpPerHour: settings.CODE_REQUESTS_PER_IP_PER_HOUR }, log);
  } catch (error) {
    db.close();
    throw error;
  }
  const { accounts, postgres } = stores;
  const outbox = createOrderMailOutbox({
    db,
    now,
    sender: createMailSender(smtpConfig(settings), log),
    publicOrigin: options.publicOrigin,
    staffOrigin: settings.STAFF_ORIGIN,
    log,
  });
  const app = createUpstreamApp({
    db,
    accounts,
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
  const stopRetention = startLeadRetention(db, now, settings.LEAD_RETENTION_DAYS, log);
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
        server.close(() => {
          db.close();
          if (postgres) postgres.end().then(resolve, resolve);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}
