// The staff console in a worker thread of the site's primary process: its synchronous store reads (a board
// of 200,000 orders, a CSV export) never stall the public site's pages, as with the embedded upstream. With a
// database URL its accounts, audit log and orders are in PostgreSQL, like the upstream's (decision 044, "Staff
// and the orders CLI"): migrated first (once across hosts), so a console may start before its upstream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../upstream/db.ts";
import { createPool, migratePostgres } from "../upstream/postgres.ts";
import { createStaffApp } from "./app.ts";
import { postgresStaffStores } from "./stores.ts";

/** What the thread is given: where to listen, which origin it serves, which database to open. */
export interface StaffThreadOptions {
  host: string;
  port: number;
  origin: string;
  dataDir: string;
  /** The upstream's PostgreSQL (DATABASE_URL), when it runs there. */
  databaseUrl?: string | undefined;
  trustProxy: false | number | string[];
}

export type StaffThreadMessage = { type: "ready"; url: string } | { type: "log"; message: string; detail?: string } | { type: "failed"; message: string };

const post = (message: StaffThreadMessage) => parentPort!.postMessage(message);
const options = workerData as StaffThreadOptions;

const log = (message: string, detail?: unknown) =>
  post({ type: "log", message, ...(detail === undefined ? {} : { detail: detail instanceof Error ? (detail.stack ?? detail.message) : String(detail) }) });

try {
  const db = openDatabase(options.dataDir);
  if (options.databaseUrl) await migratePostgres(options.databaseUrl);
  // A few connections: the console serves a handful of staff, and every host's upstream shares the server's limit.
  const pool = options.databaseUrl ? createPool(options.databaseUrl, log, 4) : undefined;
  const app = createStaffApp({
    db,
    ...(pool ? { stores: postgresStaffStores(pool, db, Date.now) } : {}),
    origin: options.origin,
    now: Date.now,
    trustProxy: options.trustProxy,
    log,
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  parentPort!.on("message", (message: unknown) => {
    if (message !== "close") return;
    server.close(() => {
      db.close();
      void (pool ? pool.end() : Promise.resolve()).finally(() => process.exit(0));
    });
    server.closeAllConnections();
  });
  const { address, port } = server.address() as AddressInfo;
  post({ type: "ready", url: `http://${address.includes(":") ? `[${address}]` : address}:${port}` });
} catch (error) {
  post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
