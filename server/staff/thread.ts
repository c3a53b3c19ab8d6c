// The staff console in a worker thread of the site's primary process: its synchronous store reads (a board
// of 200,000 orders, a CSV export) never stall the public site's pages, as with the embedded upstream.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { openDatabase } from "../upstream/db.ts";
import { createStaffApp } from "./app.ts";

/** What the thread is given: where to listen, which origin it serves, which database to open. */
export interface StaffThreadOptions {
  host: string;
  port: number;
  origin: string;
  dataDir: string;
  trustProxy: false | number | string[];
}

export type StaffThreadMessage = { type: "ready"; url: string } | { type: "log"; message: string; detail?: string } | { type: "failed"; message: string };

const post = (message: StaffThreadMessage) => parentPort!.postMessage(message);
const options = workerData as StaffThreadOptions;

try {
  const db = openDatabase(options.dataDir);
  const app = createStaffApp({
    db,
    origin: options.origin,
    now: Date.now,
    trustProxy: options.trustProxy,
    log: (message, detail) =>
      post({ type: "log", message, ...(detail === undefined ? {} : { detail: detail instanceof Error ? (detail.stack ?? detail.message) : String(detail) }) }),
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
      process.exit(0);
    });
    server.closeAllConnections();
  });
  const { address, port } = server.address() as AddressInfo;
  post({ type: "ready", url: `http://${address.includes(":") ? `[${address}]` : address}:${port}` });
} catch (error) {
  post({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
