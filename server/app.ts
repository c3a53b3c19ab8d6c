// createApp(config) → the Express app. The only place where middleware order is decided:
// health → security headers → /api proxy (before any body parser) → precompressed hashed assets →
// compression → page-cache hits (cookies parsed) → other assets → i18n → language routing → the
// document handler (renders, fills the page cache) → 404.
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import cookieParser from "cookie-parser";
import { rateLimit } from "express-rate-limit";
import type { ViteDevServer } from "vite";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";
import { splitLanguagePrefix, type Language } from "../shared/languages.ts";
import type { Resources } from "../client/app-context.ts";
import type { DocumentAssets } from "../client/document.tsx";
import { healthz, readyz } from "./health.ts";
import { nonceMiddleware, sameOriginWrites, securityHeaders } from "./security.ts";
import { createApiProxy } from "./proxy.ts";
import { apiBodyGuard, signOutGuard } from "./api-guards.ts";
import { requestLog } from "./request-log.ts";
import { requestGuard } from "./request-guard.ts";
import { refuseRequest } from "./refusal.ts";
import { pageObserver, pageRouteNames } from "./page-observer.ts";
import { createRateLimitStore } from "./rate-limit-store.ts";
import { sendErrorEnvelope } from "./envelope.ts";
import { createServerI18n, i18nMiddleware, loadResources } from "./i18n.ts";
import { languageRouting } from "./language.ts";
import { seoRoutes } from "./seo/routes.ts";
import { previewMode } from "./preview.ts";
import { catalogCsv } from "./catalog-csv.ts";
import { crossReferenceCsv, crossReferenceCsvPath } from "./cross-reference-csv.ts";
import { csvRateLimit } from "./csv-rate-limit.ts";
import { createDocumentHandler, pageCacheHits, type EntryServer } from "./render.ts";
import { createSiteCaches } from "./cache/index.ts";
import { precompressedAssets } from "./cache/precompressed-assets.ts";

export const rootDir = path.resolve(import.meta.dirname, "..");

export interface AppOptions {
  logger: Logger;
  /** How the server entry and the client's assets are found. */
  entry: () => Promise<EntryServer>;
  assets: (modules: string[]) => DocumentAssets;
  /** Development: Vite in middleware mode serves sources and HMR. */
  vite?: ViteDevServer | undefined;
  /** Production: the built client (hashed assets). */
  clientDir?: string | undefined;
  /** True once the process is shutting down: /readyz answers 503 and connections are not kept alive. */
  isDraining?: () => boolean;
}

/** Releases what createApp opened besides the listener (the Redis connection of the rate limit). */
export async function closeApp(app: { close: () => Promise<void> }): Promise<void> {
  await app.close();
}

export async function createApp(config: Readonly<Config>, options: AppOptions) {
  if (!config.upstreamUrl) throw new Error("createApp needs config.upstreamUrl (start the embedded upstream first)");
  const { logger } = options;
  const app = express();
  app.disable("x-powered-by");
  // From TRUST_PROXY only, validated by the config: never `true` (any client could claim any address).
  app.set("trust proxy", config.trustProxy);
  const isDraining = options.isDraining ?? (() => false);
  // Upstream-read and page caches (server/cache/); off in development, where sources change under Vite.
  const caches = options.vite ? undefined : createSiteCaches(config.caches, config.upstreamTimeoutMs);
  const rateLimitStore = createRateLimitStore({ redisUrl: config.redisUrl, logger });
  // The CSV export has its own budget (a file is up to hundreds of upstream reads), counted in the same kind of store.
  const csvRateLimitStore = createRateLimitStore({ redisUrl: config.redisUrl, prefix: "qy-csv", logger });
  await Promise.all([rateLimitStore.ready, csvRateLimitStore.ready]);

  const resources: Record<Language, Resources> = loadResources();
  app.use(requestLog(logger));
  app.use(requestGuard(resources));
  app.use((_req, res, next) => {
    // While draining, every answer tells the client (or nginx) to open its next request elsewhere.
    if (isDraining()) res.setHeader("Connection", "close");
    next();
  });
  app.get("/healthz", healthz);
  app.get("/readyz", readyz(() => config.upstreamUrl, isDraining, logger));
  app.use(securityHeaders({ publicOrigin: config.publicOrigin }));
  // Metrics live on METRICS_PORT only (server/metrics-server.ts): here /metrics is an ordinary 404.

  // Staff calls are for the CLI and internal tools on the upstream itself, never through the public site.
  app.use("/api/staff", (req, res) => sendErrorEnvelope(req, res, "E40400001"));
  // One limit per client: the API, and the site's own routes that cost the upstream a batch of work per request.
  const rateLimited = rateLimit({
    windowMs: 60_000,
    limit: config.rateLimitPerMinute,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res) => sendErrorEnvelope(req, res, "E42900001"),
    store: rateLimitStore.store,
    // Redis away: serve rather than fail every API call (the store logs the outage, once per 10 s).
    passOnStoreError: true,
    logger: {
      error: (error, message) => {
        if (rateLimitStore.kind !== "redis") logger.error({ err: error }, message ?? "rate limit");
      },
      warn: (error, message) => logger.warn({ err: error }, message ?? "rate limit"),
    },
  });
  app.use(
    "/api",
    rateLimited,
    sameOriginWrites([new URL(config.publicOrigin).origin]),
    apiBodyGuard({ previewSecret: config.previewSecret, websiteCode: config.websiteCode }),
    signOutGuard(new URL(config.publicOrigin).origin),
    createApiProxy({ target: config.upstreamUrl, timeoutMs: config.upstreamTimeoutMs, logger }),
  );

  // Hashed assets go out as the brotli/gzip copies made at build; compression() skips what is already encoded,
  // and compresses the HTML as it streams (React flushes it through compression's res.flush).
  if (options.clientDir) app.use("/assets", precompressedAssets(path.join(options.clientDir, "assets")));
  app.use(compression());
  // Anonymous pages kept in the page cache are answered here, before any file lookup or per-request work
  // (i18n instance, preview check, route matching).
  app.use(pageRouteNames(options.entry));
  app.use(cookieParser(), pageCacheHits({ caches, dev: !!options.vite, secure: config.publicOrigin.startsWith("https:") }));
  if (options.clientDir) {
    app.use("/assets", express.static(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: true }));
  }
  if (options.vite) app.use(options.vite.middlewares);
  // public/ holds media and the favicon, never a page: a path under a language prefix skips the file lookup
  // (a stat per rendered page otherwise).
  const publicFiles = express.static(path.join(rootDir, "public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (splitLanguagePrefix(req.path).language ? next() : publicFiles(req, res, next)));
  // A missing asset is a plain 404, never an HTML page.
  app.use(["/assets", "/media"], (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  const i18n = await createServerI18n(resources);
  app.use(cookieParser());
  app.use(i18nMiddleware(i18n));
  app.use(nonceMiddleware);
  app.use(previewMode({ secret: config.previewSecret, websiteCode: config.websiteCode, secure: config.publicOrigin.startsWith("https:") }));
  // Crawler files sit at the root, outside the language prefixes.
  const seo = seoRoutes({ config, logger, isKnownPath: async (pathname) => (await options.entry()).isKnownPath(pathname) });
  app.use(seo);
  // The finder's CSV (whole filtered result) sits beside its page, under the language prefix.
  app.use(catalogCsv({ config, logger, resources, rateLimit: csvRateLimit(csvRateLimitStore, logger) }));
  app.use(crossReferenceCsvPath, rateLimited, crossReferenceCsv({ config, logger, resources }));
  app.use(languageRouting(async (pathname) => (await options.entry()).isKnownPath(pathname)));
  app.use(pageObserver());
  app.use(
    createDocumentHandler({
      caches,
      config,
      logger,
      resources,
      loadEntry: options.entry,
      assets: options.assets,
      dev: !!options.vite,
    }),
  );

  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
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
