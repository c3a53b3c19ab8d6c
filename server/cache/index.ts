// The site's two caches (public upstream reads, rendered anonymous pages), their settings from the
// environment, and the per-request view the document handler hands to the page client.
import { z } from "zod";
import type { CallCache } from "../../client/api/page-client.ts";
import { contentVersionHeader } from "../../shared/content-version.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createUpstreamCache, type UpstreamCache } from "./upstream-cache.ts";

const cacheEnv = z.object({
  /** How long a public upstream answer is served without asking again; 0 turns the cache off. */
  UPSTREAM_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How much longer it may be served while one background call refreshes it. */
  UPSTREAM_CACHE_STALE_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** How long a rendered anonymous page is served from memory; 0 turns the cache off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** Memory bound of each cache, in MB. */
  CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
});

export interface SiteCaches {
  upstream: UpstreamCache;
  pages: PageCache;
  /** Called with the content version header of every upstream answer; a new version empties both caches. */
  noteContentVersion(version: string | null): void;
  /** The newest content version an answer named (null before the first): every kept answer is of this one. */
  readonly contentVersion: string | null;
}

export function createSiteCaches(env: NodeJS.ProcessEnv, upstreamTimeoutMs: number, now?: () => number): SiteCaches {
  const parsed = cacheEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const settings = parsed.data;
  const maxBytes = settings.CACHE_MAX_MB * 1024 * 1024;
  const upstream = createUpstreamCache({
    freshMs: settings.UPSTREAM_CACHE_TTL_MS,
    staleMs: settings.UPSTREAM_CACHE_STALE_MS,
    maxBytes,
    timeoutMs: upstreamTimeoutMs,
    ...(now ? { now } : {}),
  });
  const pages = createPageCache({ ttlMs: settings.PAGE_CACHE_TTL_MS, maxBytes, ...(now ? { now } : {}) });
  let known: string | null = null;
  return {
    upstream,
    pages,
    noteContentVersion(version) {
      if (!version || version === known) return;
      if (known !== null) {
        upstream.clear();
        pages.clear();
      }
      known = version;
    },
    get contentVersion() {
      return known;
    },
  };
}

/** One render's access to the upstream: a fetch that reads the content version and notices failures, and
 * the shared cache only when `shared` (an anonymous visitor outside preview). A render that met a failure
 * (menus left empty, a list missing, an expired answer standing in) is not kept in the page cache. */
export function renderUpstream(caches: SiteCaches | undefined, shared: boolean) {
  let degraded = false;
  let stale = false;
  const fetchFn: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, init);
      caches?.noteContentVersion(response.headers.get(contentVersionHeader));
      if (!response.ok) degraded = true;
      return response;
    } catch (error) {
      degraded = true;
      throw error;
    }
  };
  const cache: CallCache | undefined =
    caches && shared
      ? {
          async get<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
            try {
              // An expired answer standing in for a failed refresh: the page is shown, but not kept as fresh.
              return await caches.upstream.get(key, load, signal, () => void (stale = degraded = true));
            } catch (error) {
              degraded = true;
              throw error;
            }
          },
        }
      : undefined;
  return {
    fetch: fetchFn,
    cache,
    get degraded() {
      return degraded;
    },
    /** Whether the render used a kept answer past its windows because the upstream failed to refresh it. */
    get stale() {
      return stale;
    },
  };
}
