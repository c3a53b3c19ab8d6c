// WEB_CONCURRENCY > 1: this primary runs the embedded upstream once, hands each worker the parsed config
// with the upstream's URL (over the cluster's IPC channel: a worker parses nothing), keeps the
// rate-limit counters for all workers (cluster-memory-store), serves the workers' summed metrics on
// METRICS_PORT, forks N rendering workers (server/serve.ts) and replaces one that dies, after an
// exponential back-off while they keep dying (never giving up: one kind of bad request must not become a
// permanent outage). On SIGTERM or SIGINT it passes the signal on, waits for the workers' graceful exits,
// then stops within 10 s.
import cluster, { type Worker } from "node:cluster";
import { ClusterMemoryStorePrimary } from "@express-rate-limit/cluster-memory-store";
import { AggregatorRegistry } from "prom-client";
import { freezeConfig, type SiteConfig, type StartedConfig } from "./config/index.ts";
import type { Logger } from "./metrics/logger.ts";
import { startStaffConsole } from "./staff/listener.ts";
import { shutdownDeadlineMs, startUpstream } from "./serve.ts";
import { startMetricsServer } from "./metrics/server.ts";
import { countWorkerRestart, primaryRegistry, registry } from "./metrics/index.ts";

// Workers answer the primary's metrics requests from the site's registry (prom-client's IPC listener
// is installed by constructing an AggregatorRegistry, in the primary and in each worker).
if (cluster.isWorker) {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** A worker that lived this long died of something new: its replacement starts without delay. */
const healthyAfterMs = 60_000;
const firstRestartDelayMs = 100;
const maxRestartDelayMs = 30_000;

/** 0.1 s, 0.2 s, 0.4 s … doubling with each death in a row, at most 30 s: a worker that dies at start is
 * retried ever more slowly instead of in a tight loop, and never abandoned. */
function restartDelayMs(deathsInARow: number): number {
  return Math.min(maxRestartDelayMs, firstRestartDelayMs * 2 ** Math.max(0, deathsInARow - 1));
}

interface ConfigRequest {
  type: "qy:config?";
}
interface ConfigAnswer {
  type: "qy:config";
  config: StartedConfig;
}

/** A worker's config: the primary's, asked for once over IPC (a message sent before the worker listened would be lost). */
export function configFromPrimary(): Promise<Readonly<StartedConfig>> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if ((message as ConfigAnswer | null)?.type !== "qy:config") return;
      process.off("message", listener);
      resolve(freezeConfig((message as ConfigAnswer).config));
    };
    process.on("message", listener);
    process.send!({ type: "qy:config?" } satisfies ConfigRequest);
  });
}

export async function runPrimary(parsed: Readonly<SiteConfig>, logger: Logger): Promise<void> {
  const { config, upstream } = await startUpstream(parsed, logger);
  cluster.on("message", (worker, message: unknown) => {
    if ((message as ConfigRequest | null)?.type === "qy:config?") worker.send({ type: "qy:config", config } satisfies ConfigAnswer);
  });

  new ClusterMemoryStorePrimary().init();
  const aggregator = new AggregatorRegistry();
  const metrics = await startMetricsServer({
    host: config.metricsHost,
    port: config.metricsPort,
    logger,
    source: {
      contentType: aggregator.contentType,
      metrics: async () => `${await aggregator.clusterMetrics()}\n${await primaryRegistry.metrics()}`,
    },
  });

  // The staff console runs once, here, beside the embedded upstream (docs/decisions/024-staff-console.md).
  const staffConsole = await startStaffConsole(config, logger);

  let stopping = false;
  const startedAt = new WeakMap<Worker, number>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  /** Deaths since a worker last lived long enough to count as healthy: what the back-off grows with. */
  let deathsInARow = 0;
  // The workers whose process has not exited, kept here: cluster.workers also drops a worker only once it has
  // both exited and disconnected, in either order, so on the last 'exit' it may still list one and nothing would
  // finish the shutdown before its deadline (exit code 1).
  const running = new Set<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    running.add(worker);
    return worker;
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  logger.info({ workers: config.webConcurrency, upstream: upstream ? "embedded" : "external" }, "cluster primary started");

  let finishing = false;
  async function finish(code: number) {
    if (finishing) return;
    finishing = true;
    try {
      await upstream?.close();
      await metrics?.close();
      await staffConsole?.close();
    } catch (error) {
      logger.error({ err: error }, "closing after the workers failed");
      code = 1;
    }
    process.exit(code);
  }

  cluster.on("online", (worker) => logger.info({ worker: worker.id, pid: worker.process.pid }, "worker started"));
  cluster.on("exit", (worker, code, signal) => {
    running.delete(worker);
    if (stopping) {
      if (running.size === 0) void finish(0);
      return;
    }
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    if (lived >= healthyAfterMs) deathsInARow = 0;
    deathsInARow++;
    const delay = restartDelayMs(deathsInARow);
    logger.error(
      { worker: worker.id, pid: worker.process.pid, code, signal, livedMs: lived, deathsInARow, restartInMs: delay },
      "worker died: restarting after back-off",
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (stopping) return;
      countWorkerRestart();
      fork();
    }, delay);
    pendingRestarts.add(timer);
  });

  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    pendingRestarts.clear();
    logger.info({ signal }, "cluster shutting down");
    setTimeout(() => {
      logger.warn("workers still running at the shutdown deadline: exiting anyway");
      process.exit(1);
    }, shutdownDeadlineMs + 300).unref();
    if (running.size === 0) return void finish(0);
    for (const worker of running) worker.process.kill("SIGTERM");
  }
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
