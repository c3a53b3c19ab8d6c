// The page cache's part in a render of an anonymous page the cache did not answer (server/pages/render.ts asks
// it): the render holds the entry's refresh until it ends, the last good copy stands in when the upstream failed
// the page, and a page that went out whole and clean is kept, in the encoding compression() sent it in
// (docs/decisions/021-fixed-nonce-precompressed-pages.md).
import type { Response } from "express";
import { htmlLang, type Language } from "../../shared/languages.ts";
import { setsPersonalCookie } from "./cache-policy.ts";
import type { SiteCaches } from "./index.ts";
import type { CachedPage } from "./page-cache.ts";

export interface RenderSlot {
  /** The last good copy of the page, however old: better than the error page when the upstream failed it. */
  stale(): CachedPage | undefined;
  /** Takes each chunk of the page as it goes to the visitor. */
  collect(chunk: Uint8Array): void;
  /** Keeps the page that went out whole and clean, unless the answer set a cookie of the visitor's own. */
  keep(page: { status: number; language: Language; nonce: string; csp: string }): Promise<void>;
}

/** The slot of one render under `key`; the entry's refresh is released when the response closes, kept or not. */
export function renderSlot(caches: SiteCaches, key: string, res: Response): RenderSlot {
  res.once("close", () => caches.pages.release(key));
  const chunks: Uint8Array[] = [];
  return {
    stale: () => caches.pages.getStale(key),
    // A render the cache will not keep (its first: PageCache.admits) collects nothing.
    collect: (chunk) => void (res.locals.kept !== false && chunks.push(chunk)),
    async keep({ status, language, nonce, csp }) {
      if (res.locals.kept === false || setsPersonalCookie(res.getHeader("set-cookie"))) return;
      // The bytes compression() sent, kept as the entry's brotli or gzip (server/cache/cached-pages.ts).
      const encoded = await res.locals.sent;
      caches.pages.set(key, status, htmlLang[language], Buffer.concat(chunks), nonce, csp, encoded);
    },
  };
}
