// A full garbage collection once a server falls idle after a spell of traffic (docs/performance.md, "Memory"). In
// shared/ because both servers use it: the site and the embedded upstream, which imports only shared/.
// Why: V8 collects when it allocates. When the traffic stops, the garbage of its last renders (their Buffers, the
// old space they were promoted into) stays resident until the next request: in the bench's mixed traffic the
// process stayed 11-13 % above its level before the traffic 10 s after it stopped, and one full collection
// (through the inspector) took it to 1.6 % above. This is that collection, done by the server itself when nobody
// is waiting for an answer: a few tens of milliseconds of the main thread, at most once per spell of traffic.
import type { EventEmitter } from "node:events";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";

export interface IdleCollectOptions {
  /** How long without a new request counts as idle. */
  idleMs: number;
  /** How many requests since the last collection make one worth it (a health probe now and then does not). */
  afterRequests: number;
  /** Or how much this thread's heap grew since the last collection (bytes): a few heavy requests (the sitemap's
   * build at start reads the whole catalog) leave as much garbage as hundreds of light ones. */
  afterHeapGrowth?: number;
  /** This thread's heap in use (tests); V8's figure for the calling thread by default. */
  heapUsed?: () => number;
  /** The collection (tests); V8's full collection by default. */
  collect?: () => void;
  now?: () => number;
}

/**
 * V8's full collection that also gives back the memory it frees, or null when it cannot be had. A plain full
 * collection puts the pages it empties in V8's page pool for reuse (deps/v8/src/heap/memory-pool.cc), still resident:
 * measured here, 3 million small objects dropped left RSS at 534 MB after two plain collections with a heap of
 * 133 MB; the memory-reducing flavour ("last-resort": kReduceMemoryFootprint, which releases the pool) took it to
 * 67 MB. The embedded upstream's start at 10,000 products (a heap that peaks while the content loads) kept 450 MB
 * of such pages for the life of the process. It costs a few full collections in a row, so it runs only when
 * nobody waits: after a start, or when the traffic stops.
 * `gc` is on the global only with --expose-gc; the flag set at run time gives it to the contexts created after it,
 * so no start flag is needed and an operator's NODE_OPTIONS stay theirs.
 */
function fullCollection(): (() => void) | null {
  const global = (globalThis as { gc?: unknown }).gc;
  let gc: unknown = global;
  if (typeof gc !== "function") {
    v8.setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc");
  }
  if (typeof gc !== "function") return null;
  const collect = gc as (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;
  return () => collect({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** Gives back the memory a start (or any one-off burst) left in V8's heap and page pool: once, right now. */
export function releaseFreedMemory(): void {
  fullCollection()?.();
}

/** Idle for 2 s after at least 200 requests, or after the heap grew by 64 MB: a spell of traffic is over (a health
 * probe every few seconds is not one). The growth: at 10,000 products the production start's sitemap build (a few
 * dozen requests to the embedded upstream) left about 120 MB of garbage in the upstream thread's heap, resident
 * until 200 requests had come and gone (docs/performance.md, "Memory at 10,000 products"). */
export const idleCollectDefaults = { idleMs: 2_000, afterRequests: 200, afterHeapGrowth: 64 * 1048576 } as const;

/** Counts `server`'s requests (its "request" events: an http.Server) and collects once it has been idle `idleMs` after at least `afterRequests`.
 * Returns the stop function (the graceful shutdown calls it) and how many collections ran. */
export function collectWhenIdle(server: Pick<EventEmitter, "on" | "off">, options: IdleCollectOptions): { stop: () => void; readonly collections: number } {
  const now = options.now ?? Date.now;
  const heapUsed = options.heapUsed ?? (() => v8.getHeapStatistics().used_heap_size);
  const growth = options.afterHeapGrowth ?? Number.POSITIVE_INFINITY;
  let heapAfterLast = heapUsed();
  let collect = options.collect;
  let requests = 0;
  let last = now();
  let collections = 0;
  const seen = () => {
    requests++;
    last = now();
  };
  server.on("request", seen);
  const timer = setInterval(
    () => {
      if (now() - last < options.idleMs) return;
      if (requests < options.afterRequests && heapUsed() - heapAfterLast < growth) return;
      requests = 0;
      collect ??= fullCollection() ?? (() => {});
      collect();
      heapAfterLast = heapUsed();
      collections++;
    },
    Math.max(100, options.idleMs / 4),
  );
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      server.off("request", seen);
    },
    get collections() {
      return collections;
    },
  };
}
