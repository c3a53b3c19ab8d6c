// /robots.txt and /sitemap.xml (a sitemap index with /sitemap-N.xml when the site outgrows one file).
// The url list costs a few upstream calls, so it is kept for a few minutes and built once at a time.
import { Router, type Request, type Response } from "express";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";
import { createPageClient } from "../../client/api/page-client.ts";
import { localizePath } from "../../shared/languages.ts";
import { absoluteUrl } from "../../shared/seo.ts";
import { collectSitemapEntries, type SitemapEntry } from "./sitemap-urls.ts";
import { sitemapChunks, sitemapIndexXml, urlsetXml, URLS_PER_SITEMAP } from "./sitemap-xml.ts";

export interface SeoRouteOptions {
  config: Config;
  logger: Logger;
  /** Whether a path (with language prefix) is a page of the site: only existing routes are listed. */
  isKnownPath: (pathname: string) => Promise<boolean>;
  /** Urls per sitemap file (tests lower it to see the index). */
  urlsPerFile?: number;
  ttlMs?: number;
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The API answers JSON for the pages' own use; user pages are private; search results are noindex.
    "Disallow: /api/",
    "Disallow: /zh/user/",
    "Disallow: /en/user/",
    "Disallow: /zh/search",
    "Disallow: /en/search",
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

export function seoRoutes(options: SeoRouteOptions): Router {
  const { config, logger } = options;
  const origin = new URL(config.publicOrigin).origin;
  const perFile = options.urlsPerFile ?? URLS_PER_SITEMAP;
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  let cached: { at: number; chunks: Promise<SitemapEntry[][]> } | undefined;

  async function build(): Promise<SitemapEntry[][]> {
    const api = createPageClient({
      base: config.upstreamUrl!,
      provider: config.upstreamProvider,
      websiteCode: config.websiteCode,
      language: "zh",
      preview: false,
      cookie: "",
      signal: AbortSignal.timeout(config.upstreamTimeoutMs),
    });
    const entries = await collectSitemapEntries(api);
    const known = await Promise.all(entries.map((entry) => options.isKnownPath(localizePath(entry.path, "zh"))));
    return sitemapChunks(entries.filter((_, index) => known[index]), perFile);
  }

  function chunks(): Promise<SitemapEntry[][]> {
    if (!cached || Date.now() - cached.at > ttlMs) {
      const promise = build();
      cached = { at: Date.now(), chunks: promise };
      // A failed build is not kept: the next request tries again.
      promise.catch(() => {
        if (cached?.chunks === promise) cached = undefined;
      });
    }
    return cached.chunks;
  }

  const sendXml = (res: Response, xml: string) => {
    res.type("application/xml; charset=utf-8").set("Cache-Control", "public, max-age=300").send(xml);
  };
  const failed = (req: Request, res: Response, error: unknown) => {
    logger.error({ err: error, url: req.originalUrl }, "sitemap failed");
    res.status(503).set("Retry-After", "60").type("text/plain").send("Sitemap temporarily unavailable");
  };

  const router = Router();
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain; charset=utf-8").set("Cache-Control", "public, max-age=3600").send(robotsTxt(origin));
  });
  router.get("/sitemap.xml", async (req, res) => {
    try {
      const list = await chunks();
      sendXml(res, list.length === 1 ? urlsetXml(origin, list[0]!) : sitemapIndexXml(origin, list));
    } catch (error) {
      failed(req, res, error);
    }
  });
  router.get(/^\/sitemap-(\d{1,4})\.xml$/, async (req, res, next) => {
    try {
      const list = await chunks();
      const index = Number((req.params as Record<string, string>)[0]) - 1;
      const chunk = list.length > 1 ? list[index] : undefined;
      if (!chunk) return next();
      sendXml(res, urlsetXml(origin, chunk));
    } catch (error) {
      failed(req, res, error);
    }
  });
  return router;
}
