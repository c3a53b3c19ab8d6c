// The CSV files and the sitemap reach the upstream the way a page render does (server/upstream-client.ts):
// every call is measured by call name, and an anonymous visitor's public reads come from the shared cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express, { type Request } from "express";
import request from "supertest";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { loadResources } from "../../server/http/i18n.ts";
import { catalogCsv } from "../../server/exports/catalog-csv.ts";
import { crossReferenceCsv, crossReferenceCsvPath } from "../../server/exports/cross-reference-csv.ts";
import { seoRoutes } from "../../server/exports/seo/routes.ts";
import { createSiteCaches } from "../../server/cache/index.ts";
import { registry } from "../../server/metrics/index.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { isAnonymous } from "../../server/upstream-client.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(async () => {
  await upstream.cleanup();
});

/** How many calls of `call` the upstream metrics counted (any outcome). */
async function measured(call: string): Promise<number> {
  const text = await registry.metrics();
  const pattern = new RegExp(`^qy_upstream_request_duration_seconds_count\\{call="${call}",outcome="[a-z]+"\\} (\\d+)$`, "gm");
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

function site() {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: upstream.url });
  const logger = createLogger("silent");
  const resources = loadResources();
  const app = express();
  // As createApp gives them: one set of caches to every handler.
  const caches = createSiteCaches(config.caches, config.upstreamTimeoutMs);
  app.use(seoRoutes({ config, logger, caches, isKnownPath: async () => true }));
  app.use(catalogCsv({ config, logger, resources, caches }));
  app.use(crossReferenceCsvPath, crossReferenceCsv({ config, logger, resources, caches }));
  return app;
}

describe("server-side upstream calls outside the render", () => {
  it("the finder's CSV: measured, and read from the shared cache for an anonymous visitor only", async () => {
    const app = site();
    const path = "/en/productAndService/products/100.csv?sort=rdson:asc";
    const before = await measured("querySiteListDataByPage");
    expect((await request(app).get(path)).status).toBe(200);
    const afterFirst = await measured("querySiteListDataByPage");
    expect(afterFirst).toBeGreaterThan(before);
    expect(await measured("queryDistinctProductFieldData")).toBeGreaterThan(0);
    // The same file again: its public reads are kept.
    expect((await request(app).get(path)).status).toBe(200);
    expect(await measured("querySiteListDataByPage")).toBe(afterFirst);
    // A signed-in visitor's calls always reach the upstream, as their pages' do.
    expect((await request(app).get(path).set("Cookie", `${sessionCookie}=whoever`)).status).toBe(200);
    expect(await measured("querySiteListDataByPage")).toBeGreaterThan(afterFirst);
  });

  it("the cross-reference CSV: measured", async () => {
    const before = await measured("queryCrossReferenceBatch");
    const response = await request(site()).get(`/en/productAndService/crossReference.csv?parts=${encodeURIComponent("C3M0040120K")}`);
    expect(response.status).toBe(200);
    expect(await measured("queryCrossReferenceBatch")).toBeGreaterThan(before);
  });

  it("the sitemap: measured", async () => {
    const before = await measured("querySiteList");
    const response = await request(site()).get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(await measured("querySiteList")).toBeGreaterThan(before);
  });
});

describe("isAnonymous", () => {
  const req = (fields: { cookie?: string; cookies?: Record<string, string> }) =>
    ({ headers: fields.cookie === undefined ? {} : { cookie: fields.cookie }, cookies: fields.cookies }) as unknown as Request;

  it("reads the parsed cookies: a session or preview makes a request personal, the language cookie does not", () => {
    expect(isAnonymous(req({ cookie: "i18n_redirected=en", cookies: { i18n_redirected: "en" } }), null)).toBe(true);
    expect(isAnonymous(req({ cookie: `${sessionCookie}=abc`, cookies: { [sessionCookie]: "abc" } }), null)).toBe(false);
    expect(isAnonymous(req({}), "2026-12-01")).toBe(false);
  });

  it("takes any cookie as personal where no cookie parser ran (a handler mounted alone)", () => {
    expect(isAnonymous(req({ cookie: "i18n_redirected=en" }), null)).toBe(false);
    expect(isAnonymous(req({}), null)).toBe(true);
  });
});
