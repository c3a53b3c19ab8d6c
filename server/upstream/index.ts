// Starts the embedded upstream on a loopback port: database, content, HTTP server.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { UpstreamOptions } from "./config.ts";
import { openDatabase, type Database } from "./db.ts";
import { loadSiteContent } from "./content/load.ts";
import { createUpstreamApp } from "./app.ts";

export interface RunningUpstream {
  url: string;
  port: number;
  db: Database;
  server: Server;
  close: () => Promise<void>;
}

export async function startUpstream(
  options: UpstreamOptions,
  log: (message: string, detail?: unknown) => void = (message, detail) =>
    detail === undefined ? console.log(message) : console.error(message, detail),
): Promise<RunningUpstream> {
  const now = options.now ?? Date.now;
  const db = openDatabase(options.dataDir);
  loadSiteContent(db, options.contentDir);
  const app = createUpstreamApp({ db, options, now, log });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host, () => resolve(listening));
    listening.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    db,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
