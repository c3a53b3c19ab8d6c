// One serving process (alone, or a node:cluster worker): the app on the public port, the embedded
// upstream when this process must run it, metrics when it is alone, the app's background work (started here,
// never while routes are mounted), and the graceful shutdown: on SIGTERM/SIGINT /readyz answers 503 at once, the listener closes after SHUTDOWN_DELAY_MS (so a
// balancer notices), requests in flight finish, and the process is gone within 10 s whatever happens.
import path from "node:path";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { isStarted, withUpstreamUrl, type SiteConfig, type StartedConfig } from "./config/index.ts";
import type { Logger } from "./metrics/logger.ts";
import { createApp, rootDir } from "./app.ts";
import { devAssets, manifestAssets } from "./pages/assets.ts";
import type { EntryServer } from "./pages/render.ts";
import { Worker } from "node:worker_threads";
import { collectWhenIdle, idleCollectDefaults } from "../shared/http/idle-collect.ts";
import { upstreamOptions, type UpstreamOptions } from "./upstream/config.ts";
import type { UpstreamThreadMessage } from "./upstream/thread.ts";
import { observeUpstreamHeap } from "./metrics/index.ts";
import { startMetricsServer, type MetricsServer } from "./metrics/server.ts";
import { startStaffConsole, type StaffConsole } from "./staff/listener.ts";

/** The whole shutdown, delay included, stays under the 10 s a supervisor gives before SIGKILL. */
export const shutdownDeadlineMs = 9_500;

/** The embedded upstream refused to start (its store newer than this code, a data directory it cannot use):
 * its own one-line reason, which the process prints instead of a stack trace (server/main.ts). */
export class UpstreamStartError extends Error {}

/** The embedded upstream as the site sees it: a URL, and a way to stop it. */
export interface EmbeddedUpstream {
  url: string;
  close: () => Promise<void>;
}

/**
 * Starts the embedded upstream in a worker thread (server/upstream/thread.ts), off the site's event loop. Its
 * log lines come back as messages and go to the site's log; a thread that dies takes the process with it
 * (without its upstream the site cannot serve, and the supervisor or the cluster primary restarts it whole).
 */
export async function startEmbeddedUpstream(config: Readonly<SiteConfig>, logger: Logger): Promise<EmbeddedUpstream> {
  // The parsed upstream part of the config, on an ephemeral loopback port. Its trust proxy stays the default
  // (loopback): only this site reaches it, and UPSTREAM_TRUST_PROXY is for `npm run upstream` on a host of its own.
  const { trustProxy: _forAStandaloneUpstream, ...settings } = upstreamOptions(config.upstream);
  const options: UpstreamOptions = { ...settings, host: "127.0.0.1", port: 0 };
  const thread = new Worker(new URL("./upstream/thread.ts", import.meta.url), { workerData: options });
  let closing = false;
  let started = false;
  const url = await new Promise<string>((resolve, reject) => {
    thread.on("message", (message: UpstreamThreadMessage) => {
      if (message.type === "ready") {
        started = true;
        resolve(message.url);
      } else if (message.type === "failed") reject(new UpstreamStartError(message.message));
      else if (message.level === "info") logger.info(message.message);
      else logger.error({ err: message.detail }, message.message);
    });
    thread.once("error", reject);
    thread.once("exit", (code) => {
      if (closing) return;
      if (!started) return reject(new Error(`the embedded upstream stopped while starting (exit code ${code})`));
      logger.fatal({ code }, "the embedded upstream's thread stopped: exiting");
      process.exit(1);
    });
  });
  logger.info({ url }, "embedded upstream started");
  observeUpstreamHeap(() => thread.getHeapStatistics());
  return {
    url,
    close: () => {
      closing = true;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage("close");
      return exited;
    },
  };
}

/** The start step: a config that names its upstream is already started; otherwise the embedded upstream
 * starts here and the config that comes back carries its URL. The one place a SiteConfig becomes a StartedConfig. */
export async function startUpstream(parsed: Readonly<SiteConfig>, logger: Logger): Promise<{ config: Readonly<StartedConfig>; upstream: EmbeddedUpstream | undefined }> {
  if (isStarted(parsed)) return { config: parsed, upstream: undefined };
  const upstream = await startEmbeddedUpstream(parsed, logger);
  return { config: withUpstreamUrl(parsed, upstream.url), upstream };
}

export async function serve(parsed: Readonly<SiteConfig> | Readonly<StartedConfig>, logger: Logger, dev: boolean): Promise<void> {
  const { config, upstream } = await startUpstream(parsed, logger);

  let draining = false;
  const isDraining = () => draining;
  let app: Awaited<ReturnType<typeof createApp>>;
  if (dev) {
    const { createServer } = await import("vite");
    const react = (await import("@vitejs/plugin-react")).default;
    const vite = await createServer({ root: rootDir, server: { middlewareMode: true }, appType: "custom" });
    app = await createApp(config, {
      logger,
      vite,
      isDraining,
      entry: () => vite.ssrLoadModule("/client/entry-server.tsx") as Promise<EntryServer>,
      assets: devAssets(react.preambleCode.replace("__BASE__", "/")),
    });
  } else {
    const clientDir = path.join(rootDir, "dist", "client");
    const serverEntry = path.join(rootDir, "dist", "server", "entry-server.js");
    if (!existsSync(serverEntry)) {
      console.error("No build found in dist/: run `npm run build` (or `npm start`, which builds when needed).");
      process.exit(1);
    }
    const entry = (await import(pathToFileURL(serverEntry).href)) as EntryServer;
    app = await createApp(config, { logger, isDraining, clientDir, entry: () => entry, assets: manifestAssets(clientDir) });
  }

  const server: Server = app.listen(config.port, config.host, () => {
    logger.info(`Qingyun website listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
    // Production builds the sitemap now, so crawlers never wait for its first build.
    if (config.env === "production") app.warm();
  });
  // Longer than the idle timeout of the balancer in front (60 s on most), so it never reuses a socket
  // the server has just closed; headers must be allowed a little longer than that (Node's rule).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // The garbage of a spell of traffic collected once it is over, so the process returns to its level before it
  // (shared/http/idle-collect.ts). Not in development: Vite's own work would count as traffic.
  const idle = dev ? undefined : collectWhenIdle(server, idleCollectDefaults);

  // A worker's metrics are collected by the primary, which serves them for the whole cluster.
  const metrics: MetricsServer | undefined = cluster.isWorker ? undefined : await startMetricsServer({ host: config.metricsHost, port: config.metricsPort, logger });
  // The staff console runs once, beside the embedded upstream whose store it shares (docs/decisions/024-staff-console.md).
  const staffConsole: StaffConsole | undefined = cluster.isWorker ? undefined : await startStaffConsole(config, logger);

  function shutdown(signal: string) {
    if (draining) return;
    draining = true;
    idle?.stop();
    logger.info({ signal }, "shutting down: not ready any more, finishing requests in flight");
    setTimeout(() => {
      logger.warn("requests still running at the shutdown deadline: exiting anyway");
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    setTimeout(
      () => {
        server.close(async () => {
          await app.close();
          await upstream?.close();
          await metrics?.close();
          await staffConsole?.close();
          process.exit(0);
        });
        // Idle keep-alive sockets close now; busy ones close as their response ends (Connection: close).
        server.closeIdleConnections();
        setInterval(() => server.closeIdleConnections(), 200).unref();
      },
      dev ? 0 : config.shutdownDelayMs,
    );
  }
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone has nobody to hand it connections or stop it later.
  if (cluster.isWorker) process.once("disconnect", () => shutdown("disconnect"));
}
