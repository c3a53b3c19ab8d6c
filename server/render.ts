// The document handler: one GET/HEAD of a page under /zh or /en → loaders → streamed HTML, with the
// router's status code, the per-request nonce and the language cookie.
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { contentSecurityPolicy, nonceMiddleware } from "./security.ts";
import { htmlLang, languageCookie, languageCookieMaxAgeMs, splitLanguagePrefix, type Language } from "../shared/languages.ts";
import { sessionCookie } from "../shared/cookies.ts";
import { isWeChatBrowser } from "../shared/support-query.ts";
import { privateNoStore } from "../shared/user-pages.ts";
import { isUserPage } from "../shared/paths.ts";
import type { Resources } from "../client/app-context.ts";
import type { DocumentAssets } from "../client/document.tsx";
import type { RenderInput, RenderOutput } from "../client/entry-server.tsx";
import type { SiteCaches } from "./cache/index.ts";
import { upstreamTransport } from "./upstream-client.ts";
import { etagMatches, pageBody, pageCacheKey, type CachedPage } from "./cache/page-cache.ts";
import { hasPersonalCookies, privateHtmlCacheControl, publicHtmlCacheControl, setsPersonalCookie } from "./cache/cache-policy.ts";
import { CapturingWriter } from "./cache/capture.ts";
import { readBody } from "./request-body.ts";
import { refuseRequest } from "./refusal.ts";
import { errorPageHtml } from "./error-page.ts";

export interface EntryServer {
  render: (input: RenderInput) => Promise<RenderOutput>;
  isKnownPath: (pathname: string) => boolean;
  /** The route pattern of a page path, for logs and metrics (server/page-observer.ts). */
  routePattern?: (pathname: string) => string | null;
}

export interface DocumentHandlerOptions {
  config: Config;
  logger: Logger;
  resources: Record<Language, Resources>;
  loadEntry: () => Promise<EntryServer>;
  assets: (modules: string[]) => DocumentAssets;
  dev: boolean;
  /** Public upstream reads and rendered anonymous pages (issue 9); absent: every page is rendered afresh. */
  caches?: SiteCaches | undefined;
}

/** Form posts to page actions (the sign-in form without JavaScript) are small. */
const MAX_FORM_BYTES = 16 * 1024;

/** Express request → Fetch Request for the static handler; the URL is built on the configured origin. */
function toFetchRequest(req: Request, origin: string, signal: AbortSignal, form?: Buffer): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // HEAD runs the same loaders as GET; only the body is left out. A POST carries its form to the route action.
  if (form) return new globalThis.Request(new URL(req.url, origin), { method: "POST", headers, signal, body: new Uint8Array(form) });
  return new globalThis.Request(new URL(req.url, origin), { method: "GET", headers, signal });
}

export function createDocumentHandler(options: DocumentHandlerOptions) {
  const { config, logger } = options;
  const secure = config.publicOrigin.startsWith("https:");
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "POST") return next();
    const { language } = splitLanguagePrefix(req.path);
    if (!language) return next();
    let form: Buffer | undefined;
    if (req.method === "POST") {
      // CSRF: a browser always sends Origin on a form post; one from another site is refused.
      const origin = req.headers.origin;
      if (origin && origin !== new URL(config.publicOrigin).origin && origin !== `${req.protocol}://${req.headers.host}`) {
        return res.status(403).type("text/plain").send("Forbidden");
      }
      if (!req.is("application/x-www-form-urlencoded")) return refuseRequest(req, res, 415, options.resources);
      const read = await readBody(req, MAX_FORM_BYTES);
      if (read.kind === "aborted") return;
      if (read.kind === "too large") return refuseRequest(req, res, 413, options.resources);
      form = read.body;
    }
    // Sign-in from a form: the upstream's session cookie goes onto this response.
    const setCookies: string[] = [];
    // Signed-in visitors and the user pages get HTML that no cache may keep (issue 8 §4).
    const isPrivate = () => !!req.cookies?.[sessionCookie] || setCookies.length > 0 || isUserPage(req.path);
    const nonce = res.locals.nonce;
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });

    if (!res.locals.rewritten && req.cookies?.[languageCookie] !== language) {
      res.cookie(languageCookie, language, { maxAge: languageCookieMaxAgeMs, path: "/", sameSite: "lax", secure });
    }

    // Anonymous (no preview, no cookie that can change a page): the shared caches serve and learn from it.
    // Hits were answered before this handler (pageCacheHits); a miss renders and may fill the cache.
    const isBot = isbot(req.headers["user-agent"] ?? "");
    const anonymousKey = !form && res.locals.previewUntil === null ? anonymousPageKey(req, language, isBot) : null;
    const shared = anonymousKey !== null;
    const pageKey = options.caches ? anonymousKey : null;
    const upstream = upstreamTransport(options.caches, shared, res.locals.requestId);
    let renderFailed = false;

    let output: RenderOutput;
    try {
      const entry = await options.loadEntry();
      output = await entry.render({
        request: toFetchRequest(req, config.publicOrigin, controller.signal, form),
        language,
        i18n: req.i18n,
        nonce,
        isBot,
        appContext: {
          language,
          resources: options.resources[language],
          websiteCode: config.websiteCode,
          provider: config.upstreamProvider,
          apiBase: "/api",
          previewUntil: res.locals.previewUntil,
          // Pages with a session cookie are never cached, so a cached page's `false` holds for whoever gets it.
          hasSession: !!req.cookies?.[sessionCookie],
          publicOrigin: new URL(config.publicOrigin).origin,
        },
        upstream: {
          base: config.upstreamUrl!,
          cookie: req.headers.cookie ?? "",
          signal: controller.signal,
          // The page's own deadline, shorter than the /api timeout: a visitor never waits longer than this
          // for the upstream before a kept copy or the error page.
          timeoutMs: config.pageUpstreamTimeoutMs,
          onSetCookie: (lines) => setCookies.push(...lines),
          forwardedFor: req.ip,
          fetch: upstream.fetch,
          cache: upstream.cache,
        },
        assets: options.assets,
        timeoutMs: config.renderTimeoutMs,
        onError: (error) => {
          renderFailed = true;
          if (!controller.signal.aborted) logger.error({ err: error, url: req.originalUrl }, "render error");
        },
      });
    } catch (error) {
      // The visitor left and their render was aborted on purpose: nothing to report, nobody to answer.
      if (controller.signal.aborted) return void logger.debug({ url: req.originalUrl }, "render aborted: the visitor left");
      logger.error({ err: error, url: req.originalUrl }, "render failed");
      return sendFallbackError(res, language, options.resources[language], options.dev, nonce);
    }

    if (setCookies.length) res.append("Set-Cookie", setCookies);
    if (output.kind === "response") {
      if (isPrivate()) res.setHeader("Cache-Control", privateNoStore);
      const location = output.response.headers.get("Location");
      if (location && output.response.status >= 300 && output.response.status < 400) {
        // Only site-relative redirects leave here: an absolute one from a loader would be an open redirect.
        return res.redirect(output.response.status, location.startsWith("/") && !location.startsWith("//") ? location : `/${language}`);
      }
      res.status(output.response.status);
      output.response.headers.forEach((value, name) => res.setHeader(name, value));
      return res.end(req.method === "HEAD" ? undefined : Buffer.from(await output.response.arrayBuffer()));
    }

    if (upstream.stale) logger.warn({ url: req.originalUrl }, "page rendered from stale upstream answers: the upstream failed to refresh them");
    // A visitor who left aborted their own calls: that is no failure of the upstream.
    const failure = controller.signal.aborted ? undefined : output.upstreamFailure;
    if (failure) {
      logger.warn({ err: failure.error, url: req.originalUrl, status: failure.status }, "page failed: the upstream failed it");
      // The last good copy of an anonymous page, however old, rather than the error page.
      const stale = pageKey ? options.caches!.pages.getStale(pageKey) : undefined;
      if (stale) {
        output.abort();
        logger.warn({ url: req.originalUrl, storedAt: new Date(stale.storedAt).toISOString() }, "served a stale copy of the page");
        return sendCachedPage(req, res, stale, nonce, options.dev, true);
      }
      if (failure.retryAfterSeconds) res.setHeader("Retry-After", String(failure.retryAfterSeconds));
    }
    res.status(output.statusCode);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Language", htmlLang[language]);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options.dev));
    // Anonymous HTML may be kept by shared caches (its nonce is then shared too: the page holds nothing
    // of the visitor's); signed-in, preview and failed pages never.
    const publicPage = shared && output.statusCode < 500;
    res.setHeader("Cache-Control", isPrivate() ? privateNoStore : publicPage ? publicHtmlCacheControl : privateHtmlCacheControl);
    res.setHeader("X-Cache", pageKey ? "MISS" : "BYPASS");
    if (req.method === "HEAD") {
      output.abort();
      return res.end();
    }
    if (!pageKey || output.statusCode !== 200) return output.pipe(res);
    // Streamed to the visitor as it renders, and kept once complete unless anything went wrong.
    const writer = new CapturingWriter(res);
    writer.on("finish", () => {
      const html = writer.body();
      if (html === null || renderFailed || upstream.degraded || setsPersonalCookie(res.getHeader("set-cookie"))) return;
      options.caches!.pages.set(pageKey, output.statusCode, htmlLang[language], html, nonce);
    });
    output.pipe(writer);
  };
}

/** The page-cache key of a request whose HTML is the same for every anonymous visitor, else null: not a
 * user page, no cookie that can change a page (session, preview…), not the WeChat browser (it gets its own
 * download hint, SPEC §2), not a preview link. */
export function anonymousPageKey(req: Request, language: Language, isBot: boolean): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (isUserPage(req.path) || hasPersonalCookies(req.cookies) || isWeChatBrowser(req.headers["user-agent"])) return null;
  if (req.query && "preview" in req.query) return null;
  return pageCacheKey(req.originalUrl, language, isBot);
}

/** Answers a page from the page cache before the per-request work of the later middleware (i18n instance,
 * preview check, route matching): a hit costs little more than a static file. Mounted after cookieParser. */
export function pageCacheHits(options: { caches: SiteCaches | undefined; dev: boolean; secure: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!options.caches || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const { language } = splitLanguagePrefix(req.path);
    const key = language ? anonymousPageKey(req, language, isbot(req.headers["user-agent"] ?? "")) : null;
    const page = key ? options.caches.pages.get(key) : undefined;
    if (!page || !language) return next();
    nonceMiddleware(req, res, () => {});
    if (req.cookies?.[languageCookie] !== language) {
      res.cookie(languageCookie, language, { maxAge: languageCookieMaxAgeMs, path: "/", sameSite: "lax", secure: options.secure });
    }
    sendCachedPage(req, res, page, res.locals.nonce, options.dev);
  };
}

/** A page from the page cache: the fresh nonce written into it and into the CSP, or a 304 for the browser's
 * copy. A stale one (its upstream failed the new render) is marked so, and no other cache may keep it. */
function sendCachedPage(req: Request, res: Response, page: CachedPage, nonce: string, dev: boolean, stale = false) {
  res.setHeader("Cache-Control", stale ? privateHtmlCacheControl : publicHtmlCacheControl);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", stale ? "STALE" : "HIT");
  res.setHeader("Content-Language", page.contentLanguage);
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    // No CSP on a 304: the browser keeps its stored page with the stored policy whose nonce that page
    // carries; a new policy merged onto the old page would block its scripts.
    return res.status(304).end();
  }
  res.status(page.status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  const body = pageBody(page, nonce);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") return res.end();
  for (const piece of body.pieces) res.write(piece);
  res.end();
}

/** When React cannot even render the shell: a static, localized 500 page, no stack trace. */
function sendFallbackError(res: Response, language: Language, resources: Resources, dev: boolean, nonce: string) {
  if (res.headersSent) return res.end();
  const error = (resources.common?.error ?? {}) as Record<string, string>;
  res.status(500);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, dev));
  res.setHeader("Cache-Control", "no-store");
  res.end(errorPageHtml({ language, status: 500, title: error.serverTitle ?? "Server error", text: error.serverText ?? "", back: error.backHome ?? "Home" }));
}
