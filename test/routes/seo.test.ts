// The crawler layer: robots.txt, the sitemap (and its index form), and the head of a page: canonical,
// hreflang alternates, OpenGraph/Twitter and the home page's JSON-LD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { seoRoutes } from "../../server/exports/seo/routes.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!.replace(/&#38;/g, "&"));
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const value = JSON.parse(match[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(value) ? value : [value];
  });
}

describe("robots.txt", () => {
  it("allows the site, keeps the API and user pages out and names the sitemap on the public origin", async () => {
    const response = await request(app).get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/plain/);
    expect(response.text).toMatch(/^User-agent: \*$/m);
    expect(response.text).toMatch(/^Disallow: \/api\/$/m);
    expect(response.text).toMatch(/^Disallow: \/zh\/user\/$/m);
    expect(response.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

/** The index's children and every url of them, each child fetched once. */
async function wholeSitemap(target: express.Express) {
  const index = await request(target).get("/sitemap.xml");
  expect(index.status).toBe(200);
  expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const children: { path: string; xml: string; locs: string[] }[] = [];
  for (const loc of locs(index.text)) {
    const path = new URL(loc).pathname;
    const response = await request(target).get(path);
    expect(response.status, path).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/xml/);
    children.push({ path, xml: response.text, locs: locs(response.text) });
  }
  return { index: index.text, children, all: children.flatMap((child) => child.locs), xml: children.map((child) => child.xml).join("\n") };
}

describe("sitemap.xml", () => {
  let xml = "";
  let all: string[] = [];
  let children: { path: string; xml: string; locs: string[] }[] = [];
  beforeAll(async () => {
    ({ xml, all, children } = await wholeSitemap(app));
  });

  it("is an index of one child per section and language, each child in one language", () => {
    expect(children.map((child) => child.path).sort()).toEqual(
      ["pages", "products", "datasheets", "news", "jobs"].flatMap((section) => ["zh", "en"].map((language) => `/sitemap-${section}-${language}.xml`)).sort(),
    );
    for (const child of children) {
      const language = /-(zh|en)\.xml$/.exec(child.path)![1];
      for (const loc of child.locs) expect(loc.startsWith(`${origin}/${language}`), loc).toBe(true);
    }
  });

  it("lists every page in both languages, each with lastmod and its three language alternates", () => {
    for (const child of children) {
      expect(child.xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(child.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    }
    expect(all).toContain(`${origin}/zh`);
    expect(all).toContain(`${origin}/en`);
    expect(all).toContain(`${origin}/en/about/us`);
    expect(all).toContain(`${origin}/zh/privacy`);
    expect(all).toContain(`${origin}/en/reliability/reliability-tests`);
    expect(all).toContain(`${origin}/zh/productAndService/products`);
    expect(all).toContain(`${origin}/en/productAndService/service/customDevice`);
    expect(all).toContain(`${origin}/zh/support/faq`);
    // Every kind of detail page: categories, products, articles and positions.
    for (const pattern of [
      /\/en\/productAndService\/products\/\d+$/,
      /\/zh\/productAndService\/productDetail\/[A-Za-z0-9%-]+$/,
      /\/en\/news\/newsDetail\/\d+$/,
      /\/zh\/about\/joinUs\/positionDetail\/\d+$/,
    ]) {
      expect(
        all.some((loc) => pattern.test(loc)),
        String(pattern),
      ).toBe(true);
    }
    expect(new Set(all).size).toBe(all.length);
    for (const loc of all) expect(loc.startsWith(`${origin}/zh`) || loc.startsWith(`${origin}/en`)).toBe(true);
    const urls = xml.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls.length).toBe(all.length);
    for (const url of urls) {
      expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
      expect(url.match(/<xhtml:link rel="alternate" hreflang="(zh-CN|en-US|x-default)"/g)?.length).toBe(3);
    }
  });

  it("lists only pages that exist: one url of every kind answers 200", async () => {
    const kinds = new Map<string, string>();
    for (const loc of all) {
      const url = new URL(loc);
      // The kind of a page: its path with ids and names reduced to their position.
      const kind =
        url.pathname
          .split("/")
          .slice(0, 4)
          .map((part, index) => (index >= 3 ? ":x" : part))
          .join("/") + (url.search ? "?" : "");
      if (!kinds.has(kind)) kinds.set(kind, url.pathname + url.search);
    }
    expect(kinds.size).toBeGreaterThan(5);
    for (const path of kinds.values()) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(200);
    }
  });

  it("answers an unknown child with 404", async () => {
    for (const path of ["/sitemap-1.xml", "/sitemap-pages-fr.xml", "/sitemap-users-zh.xml", "/sitemap-pages-zh-2.xml", "/sitemap-pages-zh-1.xml"]) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
  });
});

describe("a section too large for one file", () => {
  it("is split into numbered children that together hold every url of the section", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
    const small = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true, urlsPerFile: 10 }));
    const split = await wholeSitemap(small);
    expect(split.children.map((child) => child.path)).toContain("/sitemap-pages-zh-2.xml");
    for (const child of split.children) expect(child.locs.length).toBeLessThanOrEqual(10);
    const whole = await wholeSitemap(express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true })));
    expect(split.all.sort()).toEqual(whole.all.sort());
  });
});

describe("the head of a page", () => {
  it("has a canonical URL, hreflang alternates and share tags on the public origin", async () => {
    const response = await request(app).get("/en/about/us");
    const html = response.text;
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/about/us"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="zh-CN" href="${origin}/zh/about/us"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en-US" href="${origin}/en/about/us"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${origin}/zh/about/us"/>`);
    expect(html).toContain(`<meta property="og:url" content="${origin}/en/about/us"/>`);
    expect(html).toContain(`<meta property="og:image" content="${origin}/media/brand/og-image.jpg"/>`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html.match(/<title>/g)?.length).toBe(1);
    // The site's name is added once, by the page head, never twice from the content's own title.
    expect(html).toContain("<title>Company profile | Qingyun Semiconductor</title>");
    const crumbs = jsonLd(html).find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((item) => item.item)).toEqual([`${origin}/en`, `${origin}/en/about`, `${origin}/en/about/us`]);
  });

  it("describes the company and the site search on the home page", async () => {
    const html = (await request(app).get("/zh")).text;
    const data = jsonLd(html);
    const organization = data.find((item) => item["@type"] === "Organization");
    expect(organization).toMatchObject({ name: "青云功率半导体有限公司", url: `${origin}/`, logo: `${origin}/media/brand/logo.png` });
    const site = data.find((item) => item["@type"] === "WebSite") as { potentialAction: { target: { urlTemplate: string } } };
    expect(site.potentialAction.target.urlTemplate).toBe(`${origin}/zh/search?text={search_term_string}`);
  });
});
