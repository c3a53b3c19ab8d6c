// WEB_CONCURRENCY > 1: this primary runs the embedded upstream once (workers get its URL), keeps the
// rate-limit counters for all workers (cluster-memory-store), serves the workers' summed metrics on
// METRICS_PORT, forks N rendering workers (server/serve.ts) and replaces one that dies. On SIGTERM or
// SIGINT it passes the signal on, waits for the workers' graceful exits, then stops within 10 s.
import cluster, { type Worker } from "node:cluster";
import { ClusterMemoryStorePrimary } from "@express-rate-limit/cluster-memory-store";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { startEmbeddedUpstream, shutdownDeadlineMs, type EmbeddedUpstream } from "./serve.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { registry } from "./metrics.ts";

// Workers answer the primary's metrics requests from the site's registry (prom-client's IPC listener
// is installed by constructing an AggregatorRegistry, in the primary and in each worker).
if (cluster.isWorker) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  let upstream: EmbeddedUpstream | undefined;
  if (!config.upstreamUrl) upstream = await startEmbeddedUpstream(config, logger);
  const upstreamUrl = config.upstreamUrl ?? upstream!.url;

  new ClusterMemoryStorePrimary().init();
  const aggregator = new AggregatorRegistry();
  const metrics = await startMetricsServer({
    host: config.metricsHost,
    port: config.metricsPort,
    logger,
    source: { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() },
  });

  let stopping = false;
  const recentDeaths: number[] = [];
  const fork = (): Worker => cluster.fork({ UPSTREAM_URL: upstreamUrl });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  logger.info({ workers: config.webConcurrency, upstream: upstream ? "embedded" : "external" }, "cluster primary started");

  async function finish(code: number) {
    await upstream?.close();
    await metrics?.close();
    process.exit(code);
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish(0);
      return;
    }
    logger.error({ worker: worker.id, code, signal }, "worker died: starting another");
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length && recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    // A worker that dies at start would otherwise be restarted forever.
    if (recentDeaths.length > config.webConcurrency * 3) {
      logger.fatal("workers keep dying: stopping");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      if (Object.keys(cluster.workers ?? {}).length === 0) void finish(1);
      return;
    }
    fork();
  });

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "cluster shutting down");
    setTimeout(() => {
      logger.warn("workers still running at the shutdown deadline: exiting anyway");
      process.exit(1);
    }, shutdownDeadlineMs + 300).unref();
    const workers = Object.values(cluster.workers ?? {});
    if (!workers.length) return void finish(0);
    for (const worker of workers) worker?.process.kill("SIGTERM");
  }
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
