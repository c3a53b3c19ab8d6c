// createApp on the embedded upstream (ephemeral port, temporary database) or on a test double of an
// upstream, rendered straight from client/entry-server.tsx (no build needed).
import type express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createApp, type AppOptions } from "../../server/app.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { noAssets } from "../../server/pages/assets.ts";
import type { EntryServer } from "../../server/pages/render.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";

/** createApp with the settings in `env` (a test's config: silent, NODE_ENV test) and `options` over the defaults. */
export async function createTestApp(env: Record<string, string> & { UPSTREAM_URL: string }, options: Partial<AppOptions> = {}) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...env });
  return createApp(config, {
    logger: createLogger("silent"),
    entry: () => import("../../client/entry-server.tsx") as Promise<EntryServer>,
    assets: () => noAssets(),
    ...options,
  });
}

/** The site on a fresh embedded upstream (its own temporary database), with the settings in `env` besides. */
export async function startSite(env: Record<string, string> = {}): Promise<{ app: express.Express; upstream: TestUpstream; close: () => Promise<void> }> {
  const upstream = await startTestUpstream();
  const app = await createTestApp({ ...env, UPSTREAM_URL: upstream.url });
  return { app, upstream, close: () => upstream.cleanup() };
}

/** A stand-in upstream for failure tests: any Express app on an ephemeral loopback port. */
export async function listen(app: express.Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
