// A page whose upstream fails says so: 502 when it cannot be reached or answers with an error, 503 with
// Retry-After when it says it is unavailable or overloaded, 504 when it does not answer within the page's
// deadline; the error page says the service is temporarily unavailable, in the page's language. 500 stays
// for real bugs. When a kept copy exists (the page cache's or the upstream cache's), the visitor gets it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp, listen } from "../helpers/site.ts";
import { freePort } from "../support/site-process.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { startRelay, type Relay } from "../support/relay-upstream.ts";
import { loadConfig } from "../../server/config/index.ts";
import zhCommon from "../../locales/zh/common.json" with { type: "json" };
import enCommon from "../../locales/en/common.json" with { type: "json" };
import { expectLoaderFailureWarnings } from "../helpers/console.ts";

/** An upstream that answers every call the same way (or never, while `hang` is set). */
async function failingUpstream() {
  const state = { status: 503, retryAfter: null as string | null, hang: false };
  const app = express();
  app.use((_req, res) => {
    if (state.hang) return; // holds the call open: the page's deadline has to end it
    if (state.retryAfter) res.setHeader("Retry-After", state.retryAfter);
    res.status(state.status).json({ success: false, code: "E50300001", message: "unavailable", data: null });
  });
  const server = await listen(app);
  return Object.assign(state, server);
}

/** The error page's heading (the strings of every kind of error travel in the page's data as well). */
const heading = (html: string) => /<h1 id="error-title">([^<]*)<\/h1>/.exec(html)?.[1];

const noCaches = { UPSTREAM_CACHE_TTL_MS: "0", PAGE_CACHE_TTL_MS: "0" };

describe("an uncached page whose upstream fails", () => {
  let upstream: Awaited<ReturnType<typeof failingUpstream>>;
  beforeAll(async () => {
    upstream = await failingUpstream();
  });
  afterAll(() => upstream.close());
  beforeEach(() => Object.assign(upstream, { status: 503, retryAfter: null, hang: false }));

  it("answers 502 with the localized error page when the upstream cannot be reached", async () => {
    expectLoaderFailureWarnings();
    const closed = await freePort();
    const app = await createTestApp({ UPSTREAM_URL: `http://127.0.0.1:${closed}`, ...noCaches });
    for (const [language, strings] of [
      ["zh", zhCommon],
      ["en", enCommon],
    ] as const) {
      const page = await request(app).get(`/${language}/about/us`);
      expect(page.status, language).toBe(502);
      expect(page.headers["content-type"]).toMatch(/^text\/html/);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      expect(heading(page.text)).toBe(strings.error.unavailableTitle);
      expect(page.text).toContain(`<p>${strings.error.unavailableText}</p>`);
    }
  });

  it("answers 503 with the upstream's Retry-After when it says it is unavailable", async () => {
    expectLoaderFailureWarnings();
    upstream.retryAfter = "120";
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, ...noCaches });
    const page = await request(app).get("/en/about/us");
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("120");
    expect(heading(page.text)).toBe(enCommon.error.unavailableTitle);
  });

  it("answers 503 with a Retry-After of its own when the overloaded upstream gives none", async () => {
    expectLoaderFailureWarnings();
    upstream.status = 429;
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, ...noCaches });
    const page = await request(app).get("/zh/news/newsDetail/1");
    expect(page.status).toBe(503);
    expect(Number(page.headers["retry-after"])).toBeGreaterThan(0);
    expect(heading(page.text)).toBe(zhCommon.error.unavailableTitle);
  });

  it("answers 502 when the upstream fails with an error of its own", async () => {
    expectLoaderFailureWarnings();
    upstream.status = 500;
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, ...noCaches });
    const page = await request(app).get("/en/about/us");
    expect(page.status).toBe(502);
    expect(page.headers["retry-after"]).toBeUndefined();
    expect(heading(page.text)).toBe(enCommon.error.unavailableTitle);
  });

  it("answers 504 at the page's deadline while the upstream still hangs, long before the /api timeout", async () => {
    expectLoaderFailureWarnings();
    upstream.hang = true;
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, ...noCaches, PAGE_UPSTREAM_TIMEOUT_MS: "300", UPSTREAM_TIMEOUT_MS: "120000" });
    const page = await request(app).get("/en/about/us").timeout(20_000);
    expect(page.status).toBe(504);
    expect(heading(page.text)).toBe(enCommon.error.unavailableTitle);
  });
});

describe("the page's upstream deadline", () => {
  it("is 5 s unless configured, apart from the /api timeout", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.pageUpstreamTimeoutMs).toBe(5000);
    expect(config.upstreamTimeoutMs).toBe(10_000);
    expect(loadConfig({ NODE_ENV: "test", PAGE_UPSTREAM_TIMEOUT_MS: "2500" }).pageUpstreamTimeoutMs).toBe(2500);
    expect(() => loadConfig({ NODE_ENV: "test", PAGE_UPSTREAM_TIMEOUT_MS: "soon" })).toThrow(/PAGE_UPSTREAM_TIMEOUT_MS/);
  });
});

describe("a page with a kept copy whose upstream fails", () => {
  let upstream: TestUpstream;
  let relay: Relay;
  beforeAll(async () => {
    upstream = await startTestUpstream();
    relay = await startRelay(upstream.url);
  });
  afterAll(async () => {
    await relay.close();
    await upstream.cleanup();
  });
  beforeEach(() => relay.reset());

  it("serves the page cache's expired copy, marked stale, when the upstream is down", async () => {
    expectLoaderFailureWarnings();
    const app = await createTestApp({ UPSTREAM_URL: relay.url, UPSTREAM_CACHE_TTL_MS: "0", PAGE_CACHE_TTL_MS: "1" });
    // Kept from its second render (PageCache.admits): the first is noted, within the entries' time to live.
    await request(app).get("/en/about/us");
    const fresh = await request(app).get("/en/about/us");
    expect(fresh.status).toBe(200);
    expect(fresh.headers["x-cache"]).toBe("MISS");
    await new Promise((resolve) => setTimeout(resolve, 20));
    relay.failWith = 503;
    const stale = await request(app).get("/en/about/us");
    expect(stale.status).toBe(200);
    expect(stale.headers["x-cache"]).toBe("STALE");
    expect(stale.headers["cache-control"]).toBe("private, no-store");
    const normalise = (html: string) => html.replaceAll(/nonce="[^"]+"/g, 'nonce=""');
    expect(normalise(stale.text)).toBe(normalise(fresh.text));
    // Once the upstream is back, the page is rendered afresh.
    relay.failWith = null;
    const again = await request(app).get("/en/about/us");
    expect(again.status).toBe(200);
    expect(again.headers["x-cache"]).toBe("MISS");
  });

  it("renders from the upstream cache's expired answers when the upstream hangs past the page's deadline, and keeps no such page", async () => {
    const app = await createTestApp({
      UPSTREAM_URL: relay.url,
      UPSTREAM_CACHE_TTL_MS: "1",
      UPSTREAM_CACHE_STALE_MS: "0",
      // Room for the first, cold render on a busy machine; the hanging calls wait this long.
      PAGE_UPSTREAM_TIMEOUT_MS: "2000",
      UPSTREAM_TIMEOUT_MS: "120000",
    });
    const fresh = await request(app).get("/zh/about/us");
    expect(fresh.status).toBe(200);
    const title = /<h1[^>]*>([^<]+)</.exec(fresh.text)?.[1];
    expect(title).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    relay.hang = true;
    // Another URL of the same page: not in the page cache, its upstream answers are (expired).
    const page = await request(app).get("/zh/about/us?from=stale").timeout(20_000);
    expect(page.status).toBe(200);
    expect(page.headers["x-cache"]).toBe("MISS");
    expect(page.text).toContain(title);
    // A page made of expired answers is not kept as a fresh one.
    relay.hang = false;
    expect((await request(app).get("/zh/about/us?from=stale")).headers["x-cache"]).toBe("MISS");
  });
});
