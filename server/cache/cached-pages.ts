// The page cache at the front: a page request's facts (language, crawler or not, cache key) worked out once,
// the anonymous pages kept in the cache answered before any per-request work, and a kept page sent.
import type { NextFunction, Request, Response } from "express";
import type { Language } from "../../shared/languages.ts";
import { requestLanguage } from "../http/request-language.ts";
import { isCrawler, isWeChatBrowser } from "../../shared/http/user-agent.ts";
import { isUserPage } from "../../shared/paths.ts";
import type { SiteCaches } from "./index.ts";
import { chooseEncoding, etagMatches, missingEncoding, pageCacheKey, type CachedPage, type EncodedBody } from "./page-cache.ts";
import { hasPersonalCookies, isMailLinkPage, privateHtmlCacheControl, publicHtmlCacheControl } from "./cache-policy.ts";

/** What a page request is, worked out once (the page cache asks first, the document handler after it). */
export interface PageFacts {
  language: Language;
  /** Crawlers get the whole document at once; they have pages of their own in the cache. */
  isBot: boolean;
  /** The page-cache key when the HTML is the same for every anonymous visitor, else null. */
  cacheKey: string | null;
}

declare global {
  namespace Express {
    interface Locals {
      page?: PageFacts;
      /** A page that may be kept: what went to the socket (after compression()) once the answer ended, if it
       * went out in brotli or gzip; undefined if it did not, or the connection closed first. */
      sent?: Promise<EncodedBody | undefined>;
      /** Whether the page cache keeps this render (PageCache.admits, asked once by pageCacheHits); undefined where
       * pageCacheHits did not run, and then it does. */
      kept?: boolean;
    }
  }
}

/** The facts of a page request under /zh or /en, or null for any other path. Kept on the response: asked again
 * (by the document handler), they are not computed again, unless the path was rewritten in between. */
export function pageFacts(req: Request, res: Response): PageFacts | null {
  const { prefix: language } = requestLanguage(req, res);
  if (!language) return null;
  if (res.locals.page?.language === language) return res.locals.page;
  const isBot = isCrawler(req.headers["user-agent"]);
  res.locals.page = { language, isBot, cacheKey: anonymousPageKey(req, language, isBot) };
  return res.locals.page;
}

/** The page-cache key of a request whose HTML is the same for every anonymous visitor, else null: not a
 * user page, no cookie that can change a page (session, preview…), not the WeChat browser (it gets its own
 * download hint, SPEC §2), not a preview link. */
function anonymousPageKey(req: Request, language: Language, isBot: boolean): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (isUserPage(req.path) || isMailLinkPage(req.path) || hasPersonalCookies(req.cookies) || isWeChatBrowser(req.headers["user-agent"])) return null;
  if (req.query && "preview" in req.query) return null;
  return pageCacheKey(req.originalUrl, language, isBot);
}

/** Answers a page from the page cache before the per-request work of the later middleware (i18n instance,
 * preview check, route matching, compression): a hit costs little more than a static file. Mounted after
 * cookieParser and before compression(): a hit is kept compressed already. */
export function pageCacheHits(options: { caches: SiteCaches | undefined }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!options.caches || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const facts = pageFacts(req, res);
    const page = facts?.cacheKey ? options.caches.pages.get(facts.cacheKey) : undefined;
    if (!page || !facts?.cacheKey) {
      if (facts?.cacheKey && req.method === "GET") {
        res.locals.kept = options.caches.pages.admits(facts.cacheKey);
        if (res.locals.kept) keepSentBytes(res);
      }
      return next();
    }
    // A client that takes an encoding the entry lacks (gzip and not brotli, say) gets it made now and kept for the
    // next one, never the document uncompressed. A page asked for again gets its streamed bytes made again whole
    // (smaller, for every later hit), off the event loop.
    const missing = missingEncoding(req.headers["accept-encoding"], page);
    const sent = missing ? options.caches.pages.withEncoding(facts.cacheKey, page, missing) : page;
    if (sent.streamed) options.caches.pages.encode(facts.cacheKey, sent, sent.streamed);
    sendCachedPage(req, res, sent);
  };
}

/** Records the bytes a page's answer puts on the socket, as compression() made them: mounted before compression(),
 * this res.write is the one it writes its output through. A render kept in the page cache keeps them as its
 * brotli (or gzip) body, instead of compressing the same document a second time (docs/decisions/021-…). */
function keepSentBytes(res: Response) {
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  let settle = (_sent: EncodedBody | undefined) => {};
  res.locals.sent = new Promise((resolve) => {
    settle = resolve;
  });
  // Cut off before its end: nothing whole to keep (a promise settles once; after the end this changes nothing).
  res.once("close", () => settle(undefined));
  const record = (chunk: unknown) => {
    if (!chunk || typeof chunk === "function") return;
    // compression()'s output chunks are never written to again: kept as they are, copied once by Buffer.concat.
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  };
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    record(chunk);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  // compression() ends the response once its stream has given out its last bytes, after the handler's res.end().
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    record(chunk);
    const encoding = res.getHeader("Content-Encoding");
    settle(encoding === "br" || encoding === "gzip" ? { encoding, body: Buffer.concat(chunks) } : undefined);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
}

/** A page from the page cache, in the encoding the client accepts, with the CSP of the entry (its nonce is the
 * one in the document), or a 304 for the browser's copy. A stale one (its upstream failed the new render) is
 * marked so, and no other cache may keep it. */
export function sendCachedPage(req: Request, res: Response, page: CachedPage, stale = false) {
  const encoding = chooseEncoding(req.headers["accept-encoding"], page);
  const etag = page.etags[encoding];
  res.setHeader("Cache-Control", stale ? privateHtmlCacheControl : publicHtmlCacheControl);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", etag);
  res.setHeader("X-Cache", stale ? "STALE" : "HIT");
  res.setHeader("Content-Language", page.contentLanguage);
  if (etagMatches(req.headers["if-none-match"], etag)) {
    // No CSP on a 304: the browser keeps its stored page with the stored policy whose nonce that page carries
    // (an entry rendered again has a new nonce; the same content keeps its ETag).
    return res.status(304).end();
  }
  res.status(page.status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", page.csp);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  const body = page.bodies[encoding]!;
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") return res.end();
  res.end(body);
}
