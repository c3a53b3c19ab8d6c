// The document handler as Express mounts it: one GET/HEAD (or form POST, its form already read by
// server/http/page-forms.ts) of a page under /zh or /en → the
// entry's handleRequest (a Fetch Request in, a Fetch Response out; docs/decisions/018-fetch-document-handler.md)
// → streamed to the visitor, with the per-request nonce, the language cookie and the caching policy. The page
// cache's part (a stale copy standing in, keeping a page that rendered whole) is server/cache/render-slot.ts.
import type { NextFunction, Request, Response } from "express";
import type { StartedConfig } from "../config/index.ts";
import type { Logger } from "../metrics/logger.ts";
import { contentSecurityPolicy } from "../http/security.ts";
import type { Language } from "../../shared/languages.ts";
import { hasSessionCookie } from "../../shared/cookies.ts";
import { privateNoStore } from "../../shared/http/user-pages.ts";
import { isUserPage } from "../../shared/paths.ts";
import type { Resources } from "../../shared/locales.ts";
import type { DocumentAssets } from "../../client/document.tsx";
import type { DocumentContext, DocumentResult, DocumentSite } from "../../client/entry-server.tsx";
import type { SiteCaches } from "../cache/index.ts";
import { upstreamTransport } from "../upstream-client.ts";
import { isMailLinkPage, privateHtmlCacheControl, publicHtmlCacheControl, sharesPublicReads } from "../cache/cache-policy.ts";
import { renderSlot } from "../cache/render-slot.ts";
import { sendFallbackError } from "./error-page.ts";
import { pageFacts, sendCachedPage } from "../cache/cached-pages.ts";
import { fetchRequest, sendResponse } from "./document-adapter.ts";

export interface EntryServer {
  handleRequest: (request: globalThis.Request, context: DocumentContext) => Promise<DocumentResult>;
  isKnownPath: (pathname: string) => boolean;
  /** The route pattern of a page path, for logs and metrics (server/http/page-observer.ts). */
  routePattern?: (pathname: string) => string | null;
}

export interface DocumentHandlerOptions {
  config: Readonly<StartedConfig>;
  logger: Logger;
  resources: Record<Language, Resources>;
  /** The entry of this request (loaded once per request, server/app.ts). */
  entry: (res: Response) => Promise<EntryServer>;
  assets: (modules: string[]) => DocumentAssets;
  dev: boolean;
  /** Public upstream reads and rendered anonymous pages; absent: every page is rendered afresh. */
  caches?: SiteCaches | undefined;
}

export function createDocumentHandler(options: DocumentHandlerOptions) {
  const { config, logger } = options;
  const origin = config.origin;
  const site: DocumentSite = {
    resources: options.resources,
    websiteCode: config.websiteCode,
    provider: config.upstreamProvider,
    publicOrigin: origin,
    assets: options.assets,
    renderTimeoutMs: config.renderTimeoutMs,
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return next();
    const facts = pageFacts(req, res);
    if (!facts) return next();
    const { language } = facts;
    // Read and checked by the page-form steps before this handler (server/http/page-forms.ts).
    const form = req.method === "POST" ? res.locals.pageForm : undefined;
    if (req.method === "POST" && !form) return next();
    const hasSession = hasSessionCookie(req.headers.cookie, config.publicOrigin);
    // Signed-in visitors and the user pages get HTML that no cache may keep.
    // Sign-in from a form: the upstream's session cookie comes on the entry's Response (setCookies below).
    let setCookies: string[] = [];
    const isPrivate = () => hasSession || setCookies.length > 0 || isUserPage(req.path) || isMailLinkPage(req.path);
    const nonce = res.locals.nonce;
    const request = fetchRequest(req, res, config.publicOrigin, form);

    // Anonymous (no preview, no cookie that can change a page): the shared caches serve and learn from it.
    // Hits were answered before this handler (pageCacheHits); a miss renders and may fill the cache.
    const anonymousKey = !form && res.locals.previewUntil === null ? facts.cacheKey : null;
    const shared = anonymousKey !== null;
    const slot = options.caches && anonymousKey !== null ? renderSlot(options.caches, anonymousKey, res) : null;
    // A signed-in visitor's page is never kept, but its public reads (menus, tree, rows) are the same as anyone's:
    // they come from the shared cache, so their render costs about what an anonymous uncached one does
    // (docs/decisions/042-signed-in-public-reads.md). Preview, form posts, the user pages and the mail-link pages
    // (their answers change with what the visitor just did) still reach the upstream for every call.
    const sharedReads =
      shared || (!form && res.locals.previewUntil === null && !isUserPage(req.path) && !isMailLinkPage(req.path) && sharesPublicReads(req.cookies, config.publicOrigin));
    const upstream = upstreamTransport(options.caches, sharedReads, res.locals.requestId);

    let result: DocumentResult;
    try {
      const entry = await options.entry(res);
      result = await entry.handleRequest(request, {
        site,
        language,
        i18n: req.i18n,
        nonce,
        previewUntil: res.locals.previewUntil,
        pageClient: {
          base: config.upstreamUrl,
          // The page's own deadline, shorter than the /api timeout: a visitor never waits longer than this
          // for the upstream before a kept copy or the error page.
          timeoutMs: config.pageUpstreamTimeoutMs,
          forwardedFor: req.ip,
          fetch: upstream.fetch,
          cache: upstream.cache,
        },
      });
    } catch (error) {
      // The visitor left and their render was aborted on purpose: nothing to report, nobody to answer.
      if (request.signal.aborted) return void logger.debug({ url: req.originalUrl }, "render aborted: the visitor left");
      logger.error({ err: error, url: req.originalUrl }, "render failed");
      return sendFallbackError(res, language, options.resources[language], options.dev, nonce);
    }

    const { response } = result;
    // A visitor who left aborted their own render and calls: that is no bug, and no failure of the upstream.
    const renderErrors = result.errors.then((errors) => {
      if (!request.signal.aborted) for (const error of errors) logger.error({ err: error, url: req.originalUrl }, "render error");
      return errors.length > 0;
    });
    const failure = request.signal.aborted ? null : result.upstreamFailure;
    setCookies = response.headers.getSetCookie();
    const location = response.headers.get("Location");
    if (location && response.status >= 300 && response.status < 400) {
      if (setCookies.length) res.append("Set-Cookie", setCookies);
      if (isPrivate()) res.setHeader("Cache-Control", privateNoStore);
      // Only site-relative redirects leave here: an absolute one from a loader would be an open redirect.
      return res.redirect(response.status, location.startsWith("/") && !location.startsWith("//") ? location : `/${language}`);
    }

    if (upstream.stale) logger.warn({ url: req.originalUrl }, "page rendered from stale upstream answers: the upstream failed to refresh them");
    if (failure) {
      logger.warn({ err: failure.error, url: req.originalUrl, status: failure.status }, "page failed: the upstream failed it");
      // The last good copy of an anonymous page, however old, rather than the error page.
      const stale = slot?.stale();
      if (stale) {
        void response.body?.cancel();
        logger.warn({ url: req.originalUrl, storedAt: new Date(stale.storedAt).toISOString() }, "served a stale copy of the page");
        if (setCookies.length) res.append("Set-Cookie", setCookies);
        return sendCachedPage(req, res, stale, true);
      }
    }
    const csp = contentSecurityPolicy(nonce, options.dev);
    res.setHeader("Content-Security-Policy", csp);
    // Anonymous HTML may be kept by shared caches, and by ours, nonce and all (the page holds nothing of the
    // visitor's: docs/decisions/021-fixed-nonce-precompressed-pages.md); signed-in, preview and failed pages never.
    const publicPage = shared && response.status < 500;
    res.setHeader("Cache-Control", isPrivate() ? privateNoStore : publicPage ? publicHtmlCacheControl : privateHtmlCacheControl);
    res.setHeader("X-Cache", slot ? "MISS" : "BYPASS");
    const head = req.method === "HEAD";
    if (head || !slot || response.status !== 200) return void (await sendResponse(res, response, { head }));
    // Streamed to the visitor as it renders, and kept once complete unless anything went wrong.
    const whole = await sendResponse(res, response, { keep: slot.collect });
    if (whole && !(await renderErrors) && !upstream.degraded) await slot.keep({ status: response.status, language, nonce, csp });
  };
}
