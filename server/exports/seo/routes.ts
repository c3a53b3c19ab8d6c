// /robots.txt and the sitemap: /sitemap.xml is an index of one child per section and language. The url
// list costs a walk over the upstream's lists, so it is built once per content version (the upstream's
// content-version header), rendered once per child, and served from memory: after `checkMs` a request
// starts a background check of the version, and a new version is built beside the old one, which keeps
// being served until the new one is ready. Only the very first build is waited for, and it has no deadline
// of its own (every upstream call has its timeout): a large catalog takes longer, never a 503.
// A child is kept gzipped: at 10,000 products the rendered children were 22 MB of strings in the main thread's heap
// for as long as the process ran; gzipped they are about a twentieth of that, and a crawler (every one accepts
// gzip) gets those bytes as they are.
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { Router, type Request, type Response } from "express";
import type { StartedConfig } from "../../config/index.ts";
import type { Logger } from "../../metrics/logger.ts";
import type { PageClient } from "../../../client/api/page-client.ts";
import type { SiteCaches } from "../../cache/index.ts";
import { serverPageClient } from "../../upstream-client.ts";
import { querySitePageData } from "../../../shared/contract/index.ts";
import { contentVersionHeader } from "../../../shared/http/content-version.ts";
import { isLanguage, languages, localizePath } from "../../../shared/languages.ts";
import { absoluteUrl } from "../../../shared/seo/seo.ts";
import { collectSitemapEntries, sitemapSections } from "./sitemap-urls.ts";
import { childPath, sitemapIndexXml, splitEntries, urlsetXml, URLS_PER_SITEMAP, type SitemapChild } from "./sitemap-xml.ts";
import { searchPath, userPathPrefix } from "../../../shared/paths.ts";

export interface SeoRouteOptions {
  config: StartedConfig;
  logger: Logger;
  /** The upstream cache (default: the one createApp keeps in app.locals). */
  caches?: SiteCaches | undefined;
  /** Whether a path (with language prefix) is a page of the site: only existing routes are listed. */
  isKnownPath: (pathname: string) => Promise<boolean>;
  /** Urls per child file (tests lower it to see a section split). */
  urlsPerFile?: number;
  /** How long a built sitemap is served before the content version is checked again. */
  checkMs?: number;
}

function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The API answers JSON for the pages' own use; user pages are private; search results are noindex.
    "Disallow: /api/",
    ...languages.map((language) => `Disallow: ${localizePath(userPathPrefix, language)}`),
    ...languages.map((language) => `Disallow: ${localizePath(searchPath, language)}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

interface Built {
  version: string | null;
  index: string;
  /** Child path → its entries; the xml is rendered and gzipped on its first request (off the main thread) and kept. */
  children: Map<string, SitemapChild & { gzipped?: Promise<Buffer> }>;
}

const gzipped = promisify(gzip);
const gunzipped = promisify(gunzip);

const CHILD = /^\/sitemap-([a-z]+)-([a-z]{2})(?:-([2-9]|[1-9]\d{1,3}))?\.xml$/;

/** The routes, and `warm()`: builds at once rather than on the first request (production: crawlers never wait for
 * the first build). Called by serve once the site listens, never while the routes are mounted. */
export function seoRoutes(options: SeoRouteOptions): Router & { warm: () => void } {
  const { config, logger } = options;
  const origin = config.origin;
  const perFile = options.urlsPerFile ?? URLS_PER_SITEMAP;
  const checkMs = options.checkMs ?? 60_000;
  let current: Built | undefined;
  let checkedAt = 0;
  let building: Promise<Built> | undefined;

  // The upstream cache createApp gives (none in development or for a handler tested alone).
  const caches = options.caches;
  /**
   * A page client per call (each call its own timeout) on the site's one transport; `seen` receives the content
   * version of the answers the upstream sends. `shared`: public reads may come from the cache (the build's);
   * the version check always asks the upstream, which is its point.
   */
  const client = (seen: (version: string | null) => void, shared: boolean): PageClient =>
    serverPageClient({
      config,
      caches,
      shared,
      language: "zh",
      preview: false,
      cookie: "",
      signal: AbortSignal.timeout(config.upstreamTimeoutMs),
      onAnswer: (response) => seen(response.headers.get(contentVersionHeader)),
    });

  async function build(): Promise<Built> {
    let version: string | null = null;
    const sections = await collectSitemapEntries(
      () => client((seen) => (version ??= seen), true),
      (error) => logger.warn({ err: error }, "sitemap: the document list could not be read whole; products are dated by the site's newest change"),
    );
    // Every answer came from the cache: they are all of the version the cache last saw.
    version ??= caches?.contentVersion ?? null;
    const children = new Map<string, SitemapChild>();
    for (const section of sitemapSections) {
      // Fixed patterns (products, articles, positions) are pages by construction; menu links and the like are checked.
      const entries =
        section === "pages"
          ? (await Promise.all(sections.pages.map(async (entry) => ((await options.isKnownPath(localizePath(entry.path.split("?")[0]!, "zh"))) ? entry : null)))).filter(
              (entry) => entry !== null,
            )
          : sections[section];
      for (const language of languages) {
        splitEntries(entries, perFile).forEach((part, index) => {
          const child: SitemapChild = { section, language, part: index + 1, entries: part };
          children.set(childPath(child), child);
        });
      }
    }
    return { version, index: sitemapIndexXml(origin, [...children.values()]), children };
  }

  /** One build at a time; a failed one is logged and not kept (the next request or check tries again). */
  function rebuild(): Promise<Built> {
    building ??= build().then(
      (built) => {
        current = built;
        checkedAt = Date.now();
        building = undefined;
        return built;
      },
      (error: unknown) => {
        building = undefined;
        throw error;
      },
    );
    return building;
  }

  /** In the background: one cheap call tells the version; only a new one is rebuilt. */
  function check(): void {
    checkedAt = Date.now();
    let version: string | null = null;
    client((seen) => (version = seen), false)
      .request(querySitePageData, { templateCode: "menu" })
      .then(() => (version !== current?.version ? rebuild() : undefined))
      .catch((error: unknown) => logger.warn({ err: error }, "sitemap refresh failed; the built one is still served"));
  }

  function sitemap(): Promise<Built> {
    if (!current) return rebuild();
    if (!building && Date.now() - checkedAt > checkMs) check();
    return Promise.resolve(current);
  }

  const warm = () => void rebuild().catch((error: unknown) => logger.warn({ err: error }, "sitemap warm-up failed; the first request builds it"));

  const sendXml = (res: Response, xml: string | Buffer) => {
    res.type("application/xml; charset=utf-8").set("Cache-Control", "public, max-age=300").send(xml);
  };
  /** A child's kept bytes: as they are where gzip is accepted (compression() leaves an encoded answer alone), else inflated. */
  const sendGzipped = async (req: Request, res: Response, bytes: Buffer) => {
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") sendXml(res.set("Content-Encoding", "gzip"), bytes);
    else sendXml(res, await gunzipped(bytes));
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
      sendXml(res, (await sitemap()).index);
    } catch (error) {
      failed(req, res, error);
    }
  });
  router.get(CHILD, async (req, res, next) => {
    const [, section, language] = CHILD.exec(req.path) ?? [];
    if (!(sitemapSections as readonly string[]).includes(section!) || !isLanguage(language)) return next();
    try {
      const child = (await sitemap()).children.get(req.path);
      if (!child) return next();
      if (!child.gzipped) {
        const made = gzipped(urlsetXml(origin, child.language, child.entries));
        child.gzipped = made;
        // A failure is not kept: the next request makes it again.
        made.catch(() => {
          if (child.gzipped === made) child.gzipped = undefined;
        });
      }
      await sendGzipped(req, res, await child.gzipped);
    } catch (error) {
      failed(req, res, error);
    }
  });
  return Object.assign(router, { warm });
}
