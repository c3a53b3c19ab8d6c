// The cache of rendered anonymous pages. An entry is the whole streamed document with the request's CSP
// nonce cut out, so every answer from it carries a fresh nonce; its weak ETag names the content without
// the nonce, so a browser revalidating gets a 304. Bounded in bytes by lru-cache, short time to live.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { CacheStats } from "./upstream-cache.ts";
import { countCacheHit, countCacheMiss, countCacheStale } from "../metrics/index.ts";

export interface CachedPage {
  status: number;
  contentLanguage: string;
  /** The document (UTF-8) split at every occurrence of the nonce it was rendered with: an answer is one
   * Buffer.concat, no string building or encoding per request. */
  parts: Buffer[];
  etag: string;
  storedAt: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** The kept page even past its time to live: what a visitor gets when the upstream fails its render. */
  getStale(key: string): CachedPage | undefined;
  /** Keeps a rendered document (its UTF-8 bytes); `nonce` is the one it was rendered with. */
  set(key: string, status: number, contentLanguage: string, html: Buffer | string, nonce: string): CachedPage;
  clear(): void;
  readonly stats: CacheStats;
  readonly size: number;
}

/** Path, query and language (and whether a crawler asked: crawlers get the fully resolved stream). */
export function pageCacheKey(originalUrl: string, language: string, isBot: boolean): string {
  return `${language} ${isBot ? "bot" : "people"} ${originalUrl}`;
}

export function createPageCache(options: { ttlMs: number; maxBytes: number; now?: () => number }): PageCache {
  const now = options.now ?? Date.now;
  const stats: CacheStats = { hits: 0, stale: 0, misses: 0 };
  const lru = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) =>
      Math.max(
        1,
        page.parts.reduce((sum, part) => sum + part.length, 0),
      ),
    ttl: Math.max(1, options.ttlMs),
    perf: { now },
    // An expired page stays (until the byte bound evicts it or a new render replaces it): while the upstream
    // is down, a page a minute old is better than an error page.
    noDeleteOnStaleGet: true,
  });
  return {
    get(key) {
      const page = options.ttlMs > 0 ? lru.get(key) : undefined;
      if (page) {
        stats.hits++;
        countCacheHit("page");
      } else {
        stats.misses++;
        countCacheMiss("page");
      }
      return page;
    },
    getStale(key) {
      const page = options.ttlMs > 0 ? lru.get(key, { allowStale: true }) : undefined;
      if (page) {
        stats.stale++;
        countCacheStale("page");
      }
      return page;
    },
    set(key, status, contentLanguage, html, nonce) {
      // Split as bytes: decoding the document to a string and encoding its parts again cost every render
      // that fills the cache more than the split itself. The parts are views of the one captured buffer.
      const parts = splitBytes(typeof html === "string" ? Buffer.from(html, "utf8") : html, Buffer.from(nonce, "utf8"));
      // The ETag must not depend on the nonce, or no two answers would ever match.
      const hash = createHash("sha1");
      parts.forEach((part, index) => {
        if (index > 0) hash.update("\0nonce\0");
        hash.update(part);
      });
      const etag = `W/"${hash.digest("base64url")}"`;
      const page: CachedPage = { status, contentLanguage, parts, etag, storedAt: now() };
      if (options.ttlMs > 0) lru.set(key, page);
      return page;
    },
    clear: () => lru.clear(),
    stats,
    get size() {
      return lru.size;
    },
  };
}

function splitBytes(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/** If-None-Match against a weak ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/** The kept document with this answer's nonce written in: the pieces to write in order (the kept parts
 * themselves, never copied: joining them into one Buffer cost each hit an allocation and a copy of the
 * whole page, and the garbage collector its share) and their total length. */
export function pageBody(page: CachedPage, nonce: string): { pieces: Buffer[]; length: number } {
  const nonceBytes = Buffer.from(nonce, "utf8");
  const pieces: Buffer[] = [];
  let length = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  for (const piece of pieces) length += piece.length;
  return { pieces, length };
}
