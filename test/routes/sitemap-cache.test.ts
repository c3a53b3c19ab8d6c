// The sitemap is built once per content version and served from memory: requests after the first build
// never wait for the upstream, a new content version is rebuilt in the background, and an upstream that
// fails meanwhile leaves the built sitemap served (never a 503 once one was built).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import express from "express";
import request from "supertest";
import { listen } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { seoRoutes } from "../../server/exports/seo/routes.ts";
import { contentVersionHeader } from "../../shared/http/content-version.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let front: { url: string; close: () => Promise<void> };
/** What the stand-in in front of the upstream does: counts calls, names a version, fails on demand. */
const state = { calls: 0, version: "v1", down: false, slowDocuments: false };

beforeAll(async () => {
  upstream = await startTestUpstream();
  const proxy = express().use(express.raw({ type: "*/*" }), async (req, res) => {
    state.calls++;
    if (state.down) return void res.status(503).json({ success: false, code: "E50300001", message: "down", data: null });
    // An upstream too slow to list whole pages of documents (every read of 100 of them times out).
    if (state.slowDocuments && req.path.endsWith("/queryAttachPage") && (JSON.parse(Buffer.from(req.body as Buffer).toString()) as { pageSize: number }).pageSize > 1) {
      return void res.status(504).json({ success: false, code: "E50400001", message: "timeout", data: null });
    }
    const answer = await fetch(upstream.url + req.originalUrl, {
      method: req.method,
      headers: { "content-type": req.headers["content-type"] ?? "application/json" },
      ...(req.method === "GET" ? {} : { body: new Uint8Array(req.body as Buffer) }),
    });
    res
      .status(answer.status)
      .set("content-type", answer.headers.get("content-type") ?? "application/json")
      .set(contentVersionHeader, state.version);
    res.send(Buffer.from(await answer.arrayBuffer()));
  });
  front = await listen(proxy);
});
afterAll(async () => {
  await front?.close();
  await upstream?.cleanup();
});

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 200 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe("the sitemap's cache", () => {
  it("builds once per content version, rebuilds a new version in the background and keeps serving through an outage", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: front.url, PUBLIC_ORIGIN: origin });
    const app = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true, checkMs: 0 }));

    const first = await request(app).get("/sitemap.xml");
    expect(first.status).toBe(200);
    const build = state.calls;
    expect(build).toBeGreaterThan(3);

    // The same version: one call checks it, nothing is rebuilt.
    const child = await request(app).get("/sitemap-news-en.xml");
    expect(child.status).toBe(200);
    await settle(() => state.calls > build);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.calls).toBe(build + 1);

    // A new version: the built sitemap answers at once while the new one is built beside it.
    state.version = "v2";
    const before = state.calls;
    expect((await request(app).get("/sitemap.xml")).status).toBe(200);
    await settle(() => state.calls >= before + build);
    expect(state.calls).toBeGreaterThanOrEqual(before + build);

    // The upstream away and the version changed again: the last built sitemap is still served.
    await new Promise((resolve) => setTimeout(resolve, 200));
    state.down = true;
    state.version = "v3";
    for (const path of ["/sitemap.xml", "/sitemap-pages-zh.xml", "/sitemap-products-en.xml"]) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(200);
      expect(response.text).toContain("<loc>");
    }
    state.down = false;
  });

  it("answers 503 with Retry-After only while no sitemap was ever built", async () => {
    state.down = true;
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: front.url, PUBLIC_ORIGIN: origin });
    const app = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true }));
    const response = await request(app).get("/sitemap.xml");
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toBe("60");
    state.down = false;
    expect((await request(app).get("/sitemap.xml")).status).toBe(200);
  });

  it("is built without the documents' dates when the document list cannot be read whole", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: front.url, PUBLIC_ORIGIN: origin });
    const full = await request(express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true }))).get("/sitemap-pages-en.xml");
    state.slowDocuments = true;
    const app = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true }));
    const pages = await request(app).get("/sitemap-pages-en.xml");
    const products = await request(app).get("/sitemap-products-en.xml");
    state.slowDocuments = false;
    expect(pages.status).toBe(200);
    expect(products.status).toBe(200);
    // The same pages, the document centre's included, but for each document's own page, which only the list
    // names; every product still dated.
    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    const documentPage = (loc: string) => loc.includes("/support/documents/");
    expect(locs(full.text).some(documentPage)).toBe(true);
    expect(locs(pages.text)).toEqual(locs(full.text).filter((loc) => !documentPage(loc)));
    expect(pages.text).toContain("/en/support/documents?page=2<");
    const urls = products.text.match(/<url>[\s\S]*?<\/url>/g) ?? [];
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("keeps each child gzipped: gzip's bytes as they are where it is accepted, the same XML inflated where not", async () => {
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: front.url, PUBLIC_ORIGIN: origin });
    const app = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true }));
    const site = await listen(app);
    // The raw bytes, undecoded (supertest would inflate them), to see what went on the wire.
    const raw = (encoding: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${site.url}/sitemap-products-zh.xml`, { headers: { "accept-encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const plain = await raw("identity");
    const packed = await raw("gzip, deflate, br");
    await site.close();
    for (const response of [plain, packed]) {
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(packed.headers["content-encoding"]).toBe("gzip");
    const xml = plain.body.toString("utf8");
    expect(xml).toMatch(/^<\?xml[\s\S]*<url><loc>https:\/\/www\.qingyun-power\.example\/zh\/productAndService\/productDetail\//);
    expect(gunzipSync(packed.body).toString("utf8")).toBe(xml);
    expect(packed.body.length).toBeLessThan(xml.length / 4);
  });
});
