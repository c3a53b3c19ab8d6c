// The site's two caches (public upstream reads, rendered anonymous pages), built from the parsed config, and
// the per-request view the document handler hands to the page client.
import type { CacheSettings } from "../config/index.ts";
import type { CallCache } from "../../client/api/page-client.ts";
import { contentVersionHeader } from "../../shared/http/content-version.ts";
import { createPageCache, type PageCache } from "./page-cache.ts";
import { createUpstreamCache, type UpstreamCache } from "./upstream-cache.ts";

export interface SiteCaches {
  upstream: UpstreamCache;
  pages: PageCache;
  /** Called with the content version header of every upstream answer; a new version empties both caches. */
  noteContentVersion(version: string | null): void;
  /** The newest content version an answer named (null before the first): every kept answer is of this one. */
  readonly contentVersion: string | null;
}

export function createSiteCaches(settings: CacheSettings, upstreamTimeoutMs: number, now?: () => number): SiteCaches {
  // CACHE_MAX_MB bounds the two together: half each (a rendered page weighs about as much as the answers it
  // was made from, kept in three encodings).
  const maxBytes = (settings.maxMb * 1024 * 1024) / 2;
  const upstream = createUpstreamCache({
    freshMs: settings.upstreamTtlMs,
    staleMs: settings.upstreamStaleMs,
    maxBytes,
    timeoutMs: upstreamTimeoutMs,
    ...(now ? { now } : {}),
  });
  const pages = createPageCache({ ttlMs: settings.pageTtlMs, maxBytes, ...(now ? { now } : {}) });
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
              return await caches.upstream.get(key, load, signal, () => {
                stale = true;
                degraded = true;
              });
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
