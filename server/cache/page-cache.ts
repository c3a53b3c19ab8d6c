// The cache of rendered anonymous pages (docs/decisions/021-fixed-nonce-precompressed-pages.md). An entry is the
// whole document as it was rendered, with the nonce it was rendered with and its CSP made once, and kept in
// brotli (the bytes the render was streamed in when it went out in brotli, compressed again once on the thread
// pool when the page is asked for a second time; else compressed once after the render) and in gzip (made on the
// thread pool when a client first asks for gzip and not brotli): a hit writes kept bytes and kept headers, no
// per-byte work. Its weak ETags (one per encoding) name the content without the
// nonce, so a browser revalidating after a new render of the same content still gets a 304.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { CacheStats } from "./upstream-cache.ts";
import { countCacheHit, countCacheMiss, countCacheStale } from "../metrics/index.ts";

export type PageEncoding = "br" | "gzip" | "identity";
export type CompressedEncoding = Exclude<PageEncoding, "identity">;
/** A document's bytes in one compressed encoding, as it went out. */
export interface EncodedBody {
  encoding: CompressedEncoding;
  body: Buffer;
}

export interface CachedPage {
  status: number;
  contentLanguage: string;
  /** The Content-Security-Policy of every answer from this entry: its nonce is the one the document carries. */
  csp: string;
  /** The document's bytes per encoding; br and gzip are added when the render's own or the thread pool's are ready. */
  bodies: Partial<Record<PageEncoding, Buffer>> & { identity: Buffer };
  /** The encoding whose bytes are the ones the render was streamed in (flushed after each batch, brotli 4 or
   * gzip): made again whole, at the entry's own level, once the page is asked for again (`encode`). */
  streamed?: CompressedEncoding;
  /** A weak ETag per encoding, from the content without its nonce. */
  etags: Record<PageEncoding, string>;
  storedAt: number;
}

export interface PageCache {
  get(key: string): CachedPage | undefined;
  /** The kept page even past its time to live: what a visitor gets when the upstream fails its render. */
  getStale(key: string): CachedPage | undefined;
  /** Keeps a rendered document (its UTF-8 bytes), the nonce it was rendered with and the CSP it went out with;
   * `encoded`: the same document as it was streamed to the visitor in brotli or gzip, kept as that encoding. */
  set(key: string, status: number, contentLanguage: string, html: Buffer | string, nonce: string, csp: string, encoded?: EncodedBody): CachedPage;
  /** Makes the entry's `encoding` again whole on the thread pool when it has only the bytes its render was
   * streamed in (once per entry): the page was asked for again. */
  encode(key: string, page: CachedPage, encoding: CompressedEncoding): void;
  /** The entry with `encoding`, made now if it lacks it, and kept: a client that takes it (and not the one the
   * entry has) must not get the document uncompressed, nor a proxy in front keep that copy for its encoding.
   * Once per entry and encoding, a few milliseconds (brotli 5 of the 157 KB finder ~3 ms, gzip 6 ~2 ms). */
  withEncoding(key: string, page: CachedPage, encoding: CompressedEncoding): CachedPage;
  /**
   * Whether a render of `key` (a page the cache did not answer) is to be kept: a page is kept from its second render
   * within its time to live, or when it is kept already (expired: this render refreshes it). The first render of a
   * key is noted and not kept.
   */
  admits(key: string): boolean;
  /** The render of an expired page is over, kept or not: the next request may render it again. */
  release(key: string): void;
  clear(): void;
  /** Resolves once every compression started so far has been kept (tests; a cache filled in a burst). */
  settled(): Promise<void>;
  readonly stats: CacheStats;
  readonly size: number;
  /** What the kept entries weigh, every encoding counted: never more than maxBytes. */
  readonly bytes: number;
}

/** Path, query and language (and whether a crawler asked: crawlers get the fully resolved stream). */
export function pageCacheKey(originalUrl: string, language: string, isBot: boolean): string {
  return `${language} ${isBot ? "bot" : "people"} ${originalUrl}`;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli 5 and gzip 6, because every uncached render fills an entry: on the finder page (157 KB) brotli 5 took
// 3 ms for 30.2 KB, brotli 9 110 ms for 29.4 KB, brotli 11 350 ms for 27.2 KB; gzip 9 gains nothing over 6.
// Figures in docs/performance.md. Most renders go out in brotli already (every browser accepts it), and those
// bytes are kept at first (quality 4, compression()'s, 11-15 % larger for the flush after each batch): a page
// asked for once (a new query, a one-off URL) is never compressed again; one asked for again gets brotli 5, which
// its later hits send. Gzip is made only for a client that asks for it and not brotli.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/** How long the other requests for an expired page get the expired copy while one request renders it again. */
const REFRESH_MS = 10_000;
/** Per entry beyond its bodies: the key, the headers' strings, the object itself (a generous round figure). */
const ENTRY_OVERHEAD = 2048;
/**
 * A page is kept from its second render (nginx's `proxy_cache_min_uses 2`): most of the URLs a site is asked for once
 * are asked for once only (a new filter or search, a tracking parameter, a crawler's guess), and keeping each filled
 * the cache's bytes with pages nobody asks for again, pushing out the ones people do, while every such render paid
 * for its copy, its ETag and its compression (docs/performance.md, "Pages asked for once"). The keys seen once are
 * remembered at most this many (about 200 bytes each, outside CACHE_MAX_MB), for the entries' time to live or
 * SEEN_ONCE_MS, whichever is longer: as nginx remembers a key for its keys zone's `inactive` time, 10 minutes by
 * default, so a page asked for every few minutes is kept although each copy lives a minute.
 */
const SEEN_ONCE_MAX = 10_000;
const SEEN_ONCE_MS = 10 * 60_000;

const entryBytes = (page: CachedPage) => ENTRY_OVERHEAD + page.csp.length + page.bodies.identity.length + (page.bodies.br?.length ?? 0) + (page.bodies.gzip?.length ?? 0);

/** The bytes in memory of their own size: zlib's result is a view into its 64 KB output chunks, and keeping the
 * view kept the chunks (a 20 KB page in gzip held 64 KB; test/unit/cache-bound.test.ts). */
function exact(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

export function createPageCache(options: { ttlMs: number; maxBytes: number; now?: () => number }): PageCache {
  const now = options.now ?? Date.now;
  const stats: CacheStats = { hits: 0, stale: 0, misses: 0 };
  const pending = new Set<Promise<void>>();
  const lru = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes,
    sizeCalculation: (page) => entryBytes(page),
    ttl: Math.max(1, options.ttlMs),
    perf: { now },
    // An expired page stays (until the byte bound evicts it or a new render replaces it): while the upstream
    // is down, a page a minute old is better than an error page.
    noDeleteOnStaleGet: true,
    dispose: (_page, key, reason) => {
      if (reason !== "set") refreshing.delete(key);
    },
  });
  /** Keys whose expired entry one request is rendering again, since when. */
  const refreshing = new Map<string, number>();
  /** Keys rendered once and not kept (SEEN_ONCE_MAX). */
  const seenOnce = new LRUCache<string, true>({ max: SEEN_ONCE_MAX, ttl: Math.max(SEEN_ONCE_MS, options.ttlMs), perf: { now } });
  /** The encodings being made per document (its identity bytes), so that each is made once. */
  const encoding = new WeakMap<Buffer, Set<CompressedEncoding>>();
  /** Compresses the entry off the event loop; the entry with it replaces the kept one if that is still of the
   * same document (set again, so that lru-cache weighs it anew and keeps within maxBytes; its time to live keeps
   * its start). */
  const compress = (key: string, page: CachedPage, to: CompressedEncoding) => {
    const identity = page.bodies.identity;
    const started = encoding.get(identity) ?? new Set();
    if ((page.bodies[to] && page.streamed !== to) || started.has(to)) return;
    encoding.set(identity, started.add(to));
    const made =
      to === "br"
        ? brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
        : gzipAsync(identity, { level: GZIP_LEVEL });
    const work = made.then(
      (bytes) => {
        // Replaced or evicted meanwhile, or expired (its next render is kept compressed in its turn).
        const remaining = lru.getRemainingTTL(key);
        const current = lru.peek(key, { allowStale: true });
        if (current?.bodies.identity !== identity || !(remaining > 0)) return;
        const compressed: CachedPage = { ...current, bodies: { ...current.bodies, [to]: exact(bytes) } };
        if (compressed.streamed === to) delete compressed.streamed;
        lru.set(key, compressed, Number.isFinite(remaining) ? { ttl: remaining } : {});
      },
      () => {
        // A compression that failed leaves the entry answering uncompressed: correct, only larger.
      },
    );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  return {
    get(key) {
      let page = options.ttlMs > 0 ? lru.get(key, { allowStale: true }) : undefined;
      // Expired: the first request renders it again, and until that render is kept (or REFRESH_MS passes, the
      // render having failed) the others get the expired copy. Without this, every connection that asked in
      // the same moment rendered the page at once (20 renders of one page, p99 1.8 s, in npm run bench).
      if (page && lru.getRemainingTTL(key) <= 0) {
        const since = refreshing.get(key);
        if (since === undefined || now() - since > REFRESH_MS) {
          refreshing.set(key, now());
          page = undefined;
        }
      }
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
    set(key, status, contentLanguage, html, nonce, csp, encoded) {
      const identity = typeof html === "string" ? Buffer.from(html, "utf8") : html;
      // The ETag must not depend on the nonce: a new render of the same content (a new nonce) still matches
      // the browser's copy. Hashed over the bytes around each occurrence of the nonce.
      const hash = createHash("sha1");
      const separator = Buffer.from(nonce, "utf8");
      let start = 0;
      for (let at = identity.indexOf(separator); at !== -1; at = identity.indexOf(separator, start)) {
        hash.update(identity.subarray(start, at));
        hash.update("\0nonce\0");
        start = at + separator.length;
      }
      hash.update(identity.subarray(start));
      const tag = hash.digest("base64url");
      const etags = { identity: `W/"${tag}"`, gzip: `W/"${tag}-gzip"`, br: `W/"${tag}-br"` };
      const bodies: CachedPage["bodies"] = { identity };
      if (encoded) bodies[encoded.encoding] = exact(encoded.body);
      const page: CachedPage = { status, contentLanguage, csp, bodies, etags, storedAt: now(), ...(encoded ? { streamed: encoded.encoding } : {}) };
      refreshing.delete(key);
      if (options.ttlMs > 0 && entryBytes(page) <= options.maxBytes) {
        lru.set(key, page);
        // A render that went out in brotli is kept as it went; made again only if asked for again (encode).
        if (!page.bodies.br) compress(key, page, "br");
      }
      return page;
    },
    encode: (key, page, to) => compress(key, page, to),
    withEncoding(key, page, to) {
      if (page.bodies[to]) return page;
      const identity = page.bodies.identity;
      const bytes =
        to === "br"
          ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } })
          : gzipSync(identity, { level: GZIP_LEVEL });
      const made: CachedPage = { ...page, bodies: { ...page.bodies, [to]: exact(bytes) } };
      // Kept if the entry is still this document and alive (set again so lru-cache weighs it anew; its time to
      // live keeps its start).
      const remaining = lru.getRemainingTTL(key);
      if (lru.peek(key, { allowStale: true })?.bodies.identity === identity && remaining > 0) lru.set(key, made, Number.isFinite(remaining) ? { ttl: remaining } : {});
      return made;
    },
    admits(key) {
      if (options.ttlMs <= 0) return false;
      if (lru.peek(key, { allowStale: true }) !== undefined) return true;
      if (seenOnce.has(key)) {
        seenOnce.delete(key);
        return true;
      }
      seenOnce.set(key, true);
      return false;
    },
    release: (key) => void refreshing.delete(key),
    // The keys seen once stay: a new content version changes what a page holds, not how often it is asked for.
    clear: () => {
      lru.clear();
      refreshing.clear();
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    stats,
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
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

/** The encoding a hit is sent in: brotli, then gzip, when the client accepts it (a q=0 refuses) and the entry
 * has it; else the document as it is. A parse of the few forms browsers and tools send, no full negotiation. */
export function chooseEncoding(acceptEncoding: string | undefined, page: CachedPage): PageEncoding {
  if (!acceptEncoding) return "identity";
  const accepted = acceptedEncodings(acceptEncoding);
  if (page.bodies.br && accepted.br) return "br";
  if (page.bodies.gzip && accepted.gzip) return "gzip";
  return "identity";
}

/** The encoding this client would get had the entry all of them, when the entry lacks it (the cache is asked to
 * make it); else undefined. */
export function missingEncoding(acceptEncoding: string | undefined, page: CachedPage): CompressedEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = acceptedEncodings(acceptEncoding);
  const best = accepted.br ? "br" : accepted.gzip ? "gzip" : undefined;
  return best && !page.bodies[best] ? best : undefined;
}

/** What an Accept-Encoding value accepts, remembered per value (browsers send a handful; parsing it was 2 % of a
 * hit's CPU). Bounded: emptied when full. */
const acceptedByHeader = new Map<string, { br: boolean; gzip: boolean }>();
function acceptedEncodings(acceptEncoding: string): { br: boolean; gzip: boolean } {
  let accepted = acceptedByHeader.get(acceptEncoding);
  if (accepted) return accepted;
  const names = new Set<string>();
  for (const item of acceptEncoding.split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) names.add(name);
  }
  accepted = { br: names.has("br") || names.has("*"), gzip: names.has("gzip") || names.has("*") };
  if (acceptedByHeader.size >= 100) acceptedByHeader.clear();
  acceptedByHeader.set(acceptEncoding, accepted);
  return accepted;
}
