// The server's cache of public upstream reads (menus, product tree, content pages, lists, details): a fresh
// window, then a stale-while-revalidate window in which the kept answer is served while one background
// load refreshes it, one load in flight per key, bounded in bytes by lru-cache. The page client decides
// which calls may use it (isPublicRead); the document handler decides which visitors may (cache-policy.ts).
import { LRUCache } from "lru-cache";
import { countCacheHit, countCacheMiss, countCacheStale } from "../metrics/index.ts";
import { answerLength, type CallCache } from "../../client/api/page-client.ts";

export interface UpstreamCacheOptions {
  /** How long an answer is served without asking the upstream again. 0 turns the cache off. */
  freshMs: number;
  /** How much longer a kept answer may be served while it is being refreshed. */
  staleMs: number;
  maxBytes: number;
  /** A shared load gives up after this (the upstream timeout). */
  timeoutMs: number;
  now?: () => number;
}

export interface CacheStats {
  hits: number;
  stale: number;
  misses: number;
}

export interface UpstreamCache extends CallCache {
  /** `onStale` hears when a kept answer past both windows stands in for a refresh that failed. */
  get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, onStale?: () => void): Promise<T>;
  readonly stats: CacheStats;
  readonly size: number;
  /** What the kept answers weigh by lru-cache's count: never more than maxBytes. */
  readonly bytes: number;
  clear(): void;
}

interface Entry {
  value: unknown;
  storedAt: number;
  bytes: number;
}

type Load = (signal: AbortSignal) => Promise<unknown>;

/** Kept answers are shared by every request: freezing them makes a loader that mutates one fail loudly
 * instead of corrupting the page of the next visitor. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/** Stops waiting (not the shared load) when this caller's own request goes away. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** An abort by a timeout (the page's deadline), not by the visitor going away. */
function isDeadline(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === "TimeoutError";
}

const HEAP_PER_TEXT_BYTE = 3;

export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  const now = options.now ?? Date.now;
  const stats: CacheStats = { hits: 0, stale: 0, misses: 0 };
  const lru = new LRUCache<string, Entry, Load>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    ttl: Math.max(1, options.freshMs),
    perf: { now },
    // Past its fresh window an answer is still served while one background load refreshes it; a failed
    // refresh keeps it (the upstream being down is no reason to empty the menus). A failed first load
    // rejects, so callers see the upstream's own error (a 404 stays a 404).
    allowStale: true,
    noDeleteOnFetchRejection: true,
    // A load is shared: one visitor leaving must not cancel it for the others.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = deepFreeze(await context(AbortSignal.timeout(options.timeoutMs)));
      // Weighed as the heap holds it: a parsed, frozen answer takes about 2.5 times its text (rows of short
      // strings and numbers, test/unit/cache-bound.test.ts), so the bound in bytes is a bound on memory.
      return { value, storedAt: now(), bytes: HEAP_PER_TEXT_BYTE * (answerLength(value) ?? JSON.stringify(value)?.length ?? 1) };
    },
  });

  async function get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal, onStale?: () => void): Promise<T> {
    if (options.freshMs <= 0) return load(signal ?? AbortSignal.timeout(options.timeoutMs));
    const kept = lru.peek(key, { allowStale: true });
    const age = kept ? now() - kept.storedAt : Infinity;
    if (age <= options.freshMs) {
      stats.hits++;
      countCacheHit("upstream");
    } else if (age <= options.freshMs + options.staleMs) {
      stats.stale++;
      countCacheStale("upstream");
    } else {
      stats.misses++;
      countCacheMiss("upstream");
    }
    // Too old even to be served stale: wait for the new answer (still one load for all who ask).
    const tooOld = kept !== undefined && age > options.freshMs + options.staleMs;
    const pending = lru.fetch(key, { context: load, ...(tooOld ? { allowStale: false, forceRefresh: true } : {}) });
    let entry: Entry | undefined;
    try {
      entry = await untilAborted(pending, signal);
    } catch (error) {
      // A refresh of a too-old answer failed, or did not come before the page's deadline: the old answer is
      // still better than none. Only a visitor who left gets nothing (their render is being dropped).
      if (kept && !(signal?.aborted && !isDeadline(signal.reason))) {
        onStale?.();
        return kept.value as T;
      }
      throw error;
    }
    if (!entry) throw new Error(`upstream cache: no answer for ${key}`);
    return entry.value as T;
  }

  return {
    get,
    stats,
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
    clear: () => lru.clear(),
  };
}
