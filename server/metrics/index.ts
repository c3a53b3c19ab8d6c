// Prometheus metrics (prom-client) of one process. Other modules call the small named functions below;
// nobody else touches prom-client, so names, labels and buckets stay in one place. Label values are
// always from a bounded set (route patterns, call names, cache names), never raw URLs.
// The registry is exposed only on METRICS_PORT (server/metrics/server.ts), never on the public port.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const registry = new Registry();
// Process metrics: CPU, memory, event loop lag, handles, GC.
collectDefaultMetrics({ register: registry });

const secondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: "qy_http_request_duration_seconds",
  help: "Duration of HTTP requests to the site, by route pattern, method and status code",
  labelNames: ["route", "method", "status"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

const renderDuration = new Histogram({
  name: "qy_render_duration_seconds",
  help: "Duration of page renders, from the request to the end of the streamed HTML, by outcome",
  labelNames: ["outcome"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

const upstreamDuration = new Histogram({
  name: "qy_upstream_request_duration_seconds",
  help: "Duration of calls to the upstream (server-side page calls and the /api proxy), by call and outcome",
  labelNames: ["call", "outcome"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

const upstreamErrors = new Counter({
  name: "qy_upstream_errors_total",
  help: "Failed upstream calls: unreachable, timed out, or answered with a server error",
  labelNames: ["call", "kind"] as const,
  registers: [registry],
});

const cacheLookups = new Counter({
  name: "qy_cache_lookups_total",
  help: "Cache lookups by cache name and result (hit, stale, miss)",
  labelNames: ["cache", "result"] as const,
  registers: [registry],
});

/** The cluster primary's own figures, served beside the sum of its workers' (server/cluster.ts). A registry of
 * its own: the primary's process metrics would otherwise clash with the workers' summed ones. */
export const primaryRegistry = new Registry();

const workerRestarts = new Counter({
  name: "qy_worker_restarts_total",
  help: "Rendering workers the cluster primary restarted after they died",
  registers: [primaryRegistry],
});

export type RenderOutcome = "ok" | "error" | "aborted";
export type UpstreamOutcome = "ok" | "error" | "timeout" | "aborted";
export type UpstreamErrorKind = "unreachable" | "timeout" | "server_error";

/** One finished HTTP request. `route` is a pattern ("/:lang/news/:id", "/api", "/assets"), never a raw path. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  httpDuration.observe({ route, method, status: String(status) }, seconds);
}

/** One page render, measured until its stream ended (or failed, or the visitor left). */
export function observeRender(seconds: number, outcome: RenderOutcome): void {
  renderDuration.observe({ outcome }, seconds);
}

/** One upstream call; `call` is the contract's call name or "proxy". Errors are also counted by kind. */
export function observeUpstreamCall(call: string, seconds: number, outcome: UpstreamOutcome): void {
  upstreamDuration.observe({ call, outcome }, seconds);
}

export function countUpstreamError(call: string, kind: UpstreamErrorKind): void {
  upstreamErrors.inc({ call, kind });
}

/** A cache answered from a fresh entry. `cache` names the cache: "upstream", "page", … */
export function countCacheHit(cache: string): void {
  cacheLookups.inc({ cache, result: "hit" });
}

/** A cache answered from a stale entry while it revalidates in the background. */
export function countCacheStale(cache: string): void {
  cacheLookups.inc({ cache, result: "stale" });
}

/** A cache had nothing usable: the answer was produced afresh. */
export function countCacheMiss(cache: string): void {
  cacheLookups.inc({ cache, result: "miss" });
}

/** Seconds since `startedAt` (a process.hrtime.bigint() reading). */
export function secondsSince(startedAt: bigint): number {
  return Number(process.hrtime.bigint() - startedAt) / 1e9;
}

/** A dead worker is being replaced (after its back-off delay). */
export function countWorkerRestart(): void {
  workerRestarts.inc();
}

/** The embedded upstream's thread has a heap of its own, which the default metrics (the main thread's) miss. */
export function observeUpstreamHeap(read: () => Promise<{ used_heap_size: number; total_heap_size: number }>): void {
  registry.removeSingleMetric("qy_upstream_thread_heap_bytes");
  new Gauge({
    name: "qy_upstream_thread_heap_bytes",
    help: "Heap of the embedded upstream's worker thread (used, total)",
    labelNames: ["kind"] as const,
    registers: [registry],
    async collect() {
      const heap = await read().catch(() => undefined);
      if (!heap) return;
      this.set({ kind: "used" }, heap.used_heap_size);
      this.set({ kind: "total" }, heap.total_heap_size);
    },
  });
}
