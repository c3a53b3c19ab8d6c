// One serving process (alone, or a node:cluster worker): the app on the public port, the embedded
// upstream when this process must run it, metrics when it is alone, and the graceful shutdown of issue 9 §4:
// on SIGTERM/SIGINT /readyz answers 503 at once, the listener closes after SHUTDOWN_DELAY_MS (so a
// balancer notices), requests in flight finish, and the process is gone within 10 s whatever happens.
import path from "node:path";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { closeApp, createApp, rootDir } from "./app.ts";
import { devAssets, manifestAssets } from "./assets.ts";
import type { EntryServer } from "./render.ts";
import { startUpstream, type RunningUpstream } from "./upstream/index.ts";
import { upstreamOptionsFromEnv } from "./upstream/config.ts";
import { startMetricsServer, type MetricsServer } from "./metrics-server.ts";

/** The whole shutdown, delay included, stays under the 10 s a supervisor gives before SIGKILL. */
export const shutdownDeadlineMs = 9_500;

export async function startEmbeddedUpstream(config: Config, logger: Logger): Promise<RunningUpstream> {
  const upstream = await startUpstream(
    {
      host: "127.0.0.1",
      port: 0,
      provider: config.upstreamProvider,
      websiteCode: config.websiteCode,
      dataDir: config.dataDir,
      contentDir: upstreamOptionsFromEnv(process.env).contentDir,
      publicOrigin: config.publicOrigin,
      env: process.env,
    },
    (message, detail) => (detail === undefined ? logger.info(message) : logger.error({ err: detail }, message)),
  );
  logger.info({ url: upstream.url }, "embedded upstream started");
  return upstream;
}

export async function serve(config: Config, logger: Logger, dev: boolean): Promise<void> {
  let upstream: RunningUpstream | undefined;
  if (!config.upstreamUrl) {
    upstream = await startEmbeddedUpstream(config, logger);
    config.upstreamUrl = upstream.url;
  }

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
    app = await createApp(config, { logger, isDraining, clientDir, entry: async () => entry, assets: manifestAssets(clientDir) });
  }

  const server: Server = app.listen(config.port, config.host, () => {
    logger.info(`Qingyun website listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`);
  });
  // Longer than the idle timeout of the balancer in front (60 s on most), so it never reuses a socket
  // the server has just closed; headers must be allowed a little longer than that (Node's rule).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // A worker's metrics are collected by the primary, which serves them for the whole cluster.
  const metrics: MetricsServer | undefined = cluster.isWorker
    ? undefined
    : await startMetricsServer({ host: config.metricsHost, port: config.metricsPort, logger });

  function shutdown(signal: string) {
    if (draining) return;
    draining = true;
    logger.info({ signal }, "shutting down: not ready any more, finishing requests in flight");
    setTimeout(() => {
      logger.warn("requests still running at the shutdown deadline: exiting anyway");
      process.exit(1);
    }, shutdownDeadlineMs).unref();
    setTimeout(
      () => {
        server.close(async () => {
          await closeApp(app);
          await upstream?.close();
          await metrics?.close();
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
