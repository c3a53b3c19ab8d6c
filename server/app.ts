// createApp(config, options) → the Express app: the only place where middleware order is decided, one line
// per step, top to bottom:
//  1 request log          2 cookies parsed (once, for everything below, refusals included), then the request's
//                           language decided (once, for everything below: docs/decisions/030-request-language.md)
//  3 request guard (methods, sizes)                           4 Connection: close while draining
//  5 /healthz  6 /readyz  7 security headers                  8 /api/staff refused
//  9 /api: rate limit → same-origin writes → body guard → sign-out guard → proxy (before any body parser)
// 10 precompressed hashed assets    11 page route names (logs, metrics)    12 page-cache hits (kept compressed)
// 13 compression
// 14 hashed assets       15 Vite (development)               16 public/ files    17 missing asset → plain 404
// 18 i18n (one instance per request)                         19 CSP nonce        20 preview mode
// 21 robots.txt and sitemaps                                 22 finder CSV       23 cross-reference CSV (then the notices' Atom feeds)
// 24 language routing    25 page observer (render timing)
// 26 page form posts: same-origin (CSRF) → form body (urlencoded, bounded)    27 the document handler
// 28 not found           29 errors
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import cookieParser from "cookie-parser";
import type { ViteDevServer } from "vite";
import type { StartedConfig } from "./config/index.ts";
import type { Logger } from "./metrics/logger.ts";
import type { Language } from "../shared/languages.ts";
import type { Resources } from "../shared/locales.ts";
import type { DocumentAssets } from "../client/document.tsx";
import { healthz, readyz } from "./http/health.ts";
import { nonceMiddleware, sameOriginWrites, securityHeaders } from "./http/security.ts";
import { createApiProxy } from "./api/proxy.ts";
import { apiBodyGuard, signOutGuard } from "./api/guards.ts";
import { requestLog } from "./http/request-log.ts";
import { requestGuard } from "./http/request-guard.ts";
import { requestLanguage, requestLanguageStep } from "./http/request-language.ts";
import { refuseRequest } from "./http/refusal.ts";
import { pageObserver, pageRouteNames } from "./http/page-observer.ts";
import { apiRateLimit, createRateLimitStore } from "./http/rate-limit-store.ts";
import { sendErrorEnvelope } from "./api/envelope.ts";
import { createServerI18n, i18nMiddleware, loadResources } from "./http/i18n.ts";
import { languageRouting } from "./http/language.ts";
import { seoRoutes } from "./exports/seo/routes.ts";
import { previewMode, previewRevocationCheck } from "./http/preview.ts";
import { catalogCsv } from "./exports/catalog-csv.ts";
import { crossReferenceCsv, crossReferenceCsvPath } from "./exports/cross-reference-csv.ts";
import { noticesAtom } from "./exports/notices-atom.ts";
import { csvRateLimit } from "./http/csv-rate-limit.ts";
import { createDocumentHandler, type EntryServer } from "./pages/render.ts";
import { pageCacheHits } from "./pages/cached-pages.ts";
import { pageFormBody, pageFormSameOrigin } from "./http/page-forms.ts";
import { createSiteCaches } from "./cache/index.ts";
import { precompressedAssets } from "./cache/precompressed-assets.ts";
import { sendPlainNotFound } from "./http/not-found.ts";

export const rootDir = path.resolve(import.meta.dirname, "..");

export interface AppOptions {
  logger: Logger;
  /** How the server entry and the client's assets are found (development: reloaded by Vite as sources change). */
  entry: () => Promise<EntryServer> | EntryServer;
  assets: (modules: string[]) => DocumentAssets;
  /** Development: Vite in middleware mode serves sources and HMR. */
  vite?: ViteDevServer | undefined;
  /** Production: the built client (hashed assets). */
  clientDir?: string | undefined;
  /** True once the process is shutting down: /readyz answers 503 and connections are not kept alive. */
  isDraining?: () => boolean;
}

declare global {
  namespace Express {
    interface Locals {
      /** The server entry, loaded at most once per request (route names, language routing, the document). */
      entry?: Promise<EntryServer>;
    }
  }
}

/** Releases what createApp opened besides the listener (the Redis connection of the rate limit). */
export async function closeApp(app: { close: () => Promise<void> }): Promise<void> {
  await app.close();
}

export async function createApp(config: Readonly<StartedConfig>, options: AppOptions) {
  const { logger } = options;
  const dev = !!options.vite;
  const { secure, origin } = config;
  const isDraining = options.isDraining ?? (() => false);
  const entry = (res: Response) => (res.locals.entry ??= Promise.resolve(options.entry()));
  const isKnownPath = async (pathname: string, res: Response) => (await entry(res)).isKnownPath(pathname);
  // Upstream-read and page caches (server/cache/); off in development, where sources change under Vite.
  const caches = dev ? undefined : createSiteCaches(config.caches, config.upstreamTimeoutMs);
  const rateLimitStore = createRateLimitStore({ redisUrl: config.redisUrl, logger });
  // The CSV export has its own budget (a file is up to hundreds of upstream reads), counted in the same kind of store.
  const csvRateLimitStore = createRateLimitStore({ redisUrl: config.redisUrl, prefix: "qy-csv", logger });
  await Promise.all([rateLimitStore.ready, csvRateLimitStore.ready]);
  // One limit per client: the API, and the site's own routes that cost the upstream a batch of work per request.
  const rateLimited = apiRateLimit(config.rateLimitPerMinute, rateLimitStore, logger);
  const resources: Record<Language, Resources> = loadResources();
  const i18n = await createServerI18n(resources);
  const seo = seoRoutes({ config, logger, caches, isKnownPath: async (pathname) => (await options.entry()).isKnownPath(pathname) });
  // public/ holds media and the favicon, never a page: a path under a language prefix skips the file lookup.
  const publicFiles = express.static(path.join(rootDir, "public"), { maxAge: "1h", index: false });
  const ready = readyz(() => config.upstreamUrl, isDraining, logger);
  // Preview tokens staff revoked before they expire: the upstream keeps the list, the site asks (cached 10 s).
  const previewRevoked = previewRevocationCheck({
    upstreamUrl: config.upstreamUrl,
    provider: config.upstreamProvider,
    websiteCode: config.websiteCode,
    timeoutMs: config.upstreamTimeoutMs,
    logger,
  });
  const document = createDocumentHandler({ caches, config, logger, resources, entry, assets: options.assets, dev });

  const app = express();
  app.disable("x-powered-by");
  // From TRUST_PROXY only, validated by the config: never `true` (any client could claim any address).
  app.set("trust proxy", config.trustProxy);
  app.use(requestLog(logger));
  app.use(cookieParser());
  app.use(requestLanguageStep());
  app.use(requestGuard(resources));
  app.use(closeConnectionsWhile(isDraining));
  app.get("/healthz", healthz);
  app.get("/readyz", ready);
  app.use(securityHeaders({ secure }));
  // Staff calls are for the CLI and internal tools on the upstream itself, never through the public site.
  app.use("/api/staff", (req, res) => sendErrorEnvelope(req, res, "E40400001"));
  app.use(
    "/api",
    rateLimited,
    sameOriginWrites(origin),
    apiBodyGuard({ previewSecret: config.previewSecret, websiteCode: config.websiteCode, isRevoked: previewRevoked }),
    signOutGuard(origin),
    createApiProxy({ target: config.upstreamUrl, provider: config.upstreamProvider, timeoutMs: config.upstreamTimeoutMs, logger }),
  );
  // Hashed assets go out as the brotli/gzip copies made at build; compression() skips what is already encoded.
  if (options.clientDir) app.use("/assets", precompressedAssets(path.join(options.clientDir, "assets")));
  app.use(pageRouteNames(entry));
  // Anonymous pages kept in the page cache are answered here, before any file lookup or per-request work, in
  // the brotli or gzip made when the entry was filled (docs/decisions/021-fixed-nonce-precompressed-pages.md).
  app.use(pageCacheHits({ caches }));
  // Everything else is compressed as it streams (the document adapter flushes compression after each batch).
  app.use(compression());
  if (options.clientDir) app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  if (options.vite) app.use(options.vite.middlewares);
  app.use((req, res, next) => (requestLanguage(req, res).prefix ? next() : publicFiles(req, res, next)));
  app.use(["/assets", "/media"], (_req, res) => sendPlainNotFound(res));
  app.use(i18nMiddleware(i18n));
  app.use(nonceMiddleware);
  app.use(previewMode({ secret: config.previewSecret, websiteCode: config.websiteCode, secure, isRevoked: previewRevoked }));
  app.use(seo);
  app.use(catalogCsv({ config, logger, resources, caches, rateLimit: csvRateLimit(csvRateLimitStore, logger) }));
  app.use(crossReferenceCsvPath, rateLimited, crossReferenceCsv({ config, logger, resources, caches }));
  app.use(noticesAtom({ config, logger, caches }));
  app.use(languageRouting(isKnownPath, { secure }));
  app.use(pageObserver());
  app.use(pageFormSameOrigin(origin));
  app.use(pageFormBody(resources));
  app.use(document);
  app.use((_req, res) => sendPlainNotFound(res));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // What the client got wrong (a path that does not decode, a malformed body) is its 400, not our 500.
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 400 && !res.headersSent) {
      logger.warn({ err: error, path: req.path }, "bad request");
      return void refuseRequest(req, res, 400, resources).catch(() => res.destroy());
    }
    logger.error({ err: error, url: req.originalUrl }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  return Object.assign(app, {
    /** Background work, started by serve once the site listens (the sitemap's first build). */
    warm: () => seo.warm(),
    /** Releases what createApp opened besides the listener (the Redis connections of the rate limits). */
    close: async () => {
      await Promise.all([rateLimitStore.close(), csvRateLimitStore.close()]);
    },
  });
}

/** While draining, every answer tells the client (or nginx) to open its next request elsewhere. */
function closeConnectionsWhile(isDraining: () => boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (isDraining()) res.setHeader("Connection", "close");
    next();
  };
}
