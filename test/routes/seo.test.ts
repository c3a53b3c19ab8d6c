// The crawler layer: robots.txt, the sitemap (and its index form), and the head of a page: canonical,
// hreflang alternates, OpenGraph/Twitter and the home page's JSON-LD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp } from "./helpers.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { seoRoutes } from "../../server/seo/routes.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  upstream = await startTestUpstream();
  app = await createTestApp({ UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
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

describe("sitemap.xml", () => {
  let xml = "";
  beforeAll(async () => {
    const response = await request(app).get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/application\/xml/);
    xml = response.text;
  });

  it("lists every page in both languages, each with lastmod and its three language alternates", () => {
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    const all = locs(xml);
    expect(all).toContain(`${origin}/zh`);
    expect(all).toContain(`${origin}/en`);
    expect(all).toContain(`${origin}/en/about/us`);
    expect(all).toContain(`${origin}/zh/privacy`);
    expect(all).toContain(`${origin}/en/reliability/reliability-tests`);
    expect(all).toContain(`${origin}/zh/productAndService/products`);
    expect(all).toContain(`${origin}/en/productAndService/service/customDevice`);
    expect(all).toContain(`${origin}/zh/support/faq`);
    // Every kind of detail page: categories, products, articles and positions.
    for (const pattern of [/\/en\/productAndService\/products\/\d+$/, /\/zh\/productAndService\/productDetail\/[A-Za-z0-9%-]+$/, /\/en\/news\/newsDetail\/\d+$/, /\/zh\/about\/joinUs\/positionDetail\/\d+$/]) {
      expect(all.some((loc) => pattern.test(loc)), String(pattern)).toBe(true);
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
    for (const loc of locs(xml)) {
      const path = new URL(loc).pathname;
      // The kind of a page: its path with ids and names reduced to their position.
      const kind = path.split("/").slice(0, 4).map((part, index) => (index >= 3 ? ":x" : part)).join("/");
      if (!kinds.has(kind)) kinds.set(kind, path);
    }
    expect(kinds.size).toBeGreaterThan(5);
    for (const path of kinds.values()) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(200);
    }
  });
});

describe("a sitemap too large for one file", () => {
  it("becomes an index of numbered sitemaps that together hold every url", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
    const small = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true, urlsPerFile: 10 }));
    const index = await request(small).get("/sitemap.xml");
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.text);
    expect(files.length).toBeGreaterThan(1);
    expect(files[0]).toBe(`${origin}/sitemap-1.xml`);
    let count = 0;
    for (const file of files) {
      const part = await request(small).get(new URL(file).pathname);
      expect(part.status).toBe(200);
      const urls = locs(part.text);
      expect(urls.length).toBeLessThanOrEqual(10);
      count += urls.length;
    }
    const whole = await request(express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true }))).get("/sitemap.xml");
    expect(count).toBe(locs(whole.text).length);
    expect((await request(small).get(`/sitemap-${files.length + 1}.xml`)).status).toBe(404);
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
