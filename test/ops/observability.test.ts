// Observability: request ids in and out, one JSON log line per request (route, status, duration) with no
// cookie, session id, code or token in it, and Prometheus metrics on their own port only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { Writable } from "node:stream";
import { createLogger } from "../../server/metrics/logger.ts";
import { registry } from "../../server/metrics/index.ts";
import { startMetricsServer } from "../../server/metrics/server.ts";
import { callName, meteredFetch } from "../../server/metrics/upstream-calls.ts";
import { createTestApp, listen } from "../helpers/site.ts";
import { startTestUpstream } from "../upstream/helpers.ts";
import { freePort } from "../support/site-process.ts";
import { expectLoaderFailureWarnings } from "../helpers/console.ts";

let lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});
const logger = createLogger("info", sink);
const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === "request");

let echo: Awaited<ReturnType<typeof listen>>;
let seenIds: (string | undefined)[] = [];
let app: express.Express;
beforeAll(async () => {
  const upstream = express();
  upstream.all("/{*any}", (req, res) => {
    seenIds.push(req.headers["x-request-id"] as string | undefined);
    res.json({ success: true, code: "0", message: "ok", data: null });
  });
  echo = await listen(upstream);
  app = await createTestApp({ UPSTREAM_URL: echo.url }, { logger });
});
afterAll(() => echo.close());

describe("request ids", () => {
  it("keeps a valid incoming id, replaces a bad one, makes one when absent, and passes it to the upstream", async () => {
    expectLoaderFailureWarnings();
    seenIds = [];
    const kept = await request(app).get("/api/open/a").set("X-Request-Id", "nginx-3f2a9c1d.77");
    expect(kept.headers["x-request-id"]).toBe("nginx-3f2a9c1d.77");
    const bad = await request(app).get("/api/open/a").set("X-Request-Id", 'id with spaces" and quotes');
    expect(bad.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const none = await request(app).get("/api/open/a");
    expect(none.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers["x-request-id"]).not.toBe(bad.headers["x-request-id"]);
    expect(seenIds).toEqual(["nginx-3f2a9c1d.77", bad.headers["x-request-id"], none.headers["x-request-id"]]);

    // A page's own upstream calls carry its id too (its visitor has a session: nothing is shared).
    seenIds = [];
    const page = await request(app).get("/en/about/us").set("X-Request-Id", "page-request-0001").set("Cookie", "qy_session=s");
    expect(page.headers["x-request-id"]).toBe("page-request-0001");
    expect(seenIds.length).toBeGreaterThan(0);
    expect(new Set(seenIds)).toEqual(new Set(["page-request-0001"]));
  });
});

describe("request log", () => {
  it("writes one line per request with id, route, status and duration", async () => {
    lines = [];
    // A passing health probe is not worth a line (balancers ask every few seconds).
    expect((await request(app).get("/healthz")).status).toBe(200);
    const api = await request(app).post("/api/open/front/x").send({ language: "en" });
    const missing = await request(app).get("/assets/nothing.js");
    const logged = requestLines();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ reqId: api.headers["x-request-id"], method: "POST", route: "/api", path: "/api/open/front/x", status: 200 });
    expect(logged[1]).toMatchObject({ reqId: missing.headers["x-request-id"], route: "/assets", status: 404 });
    for (const line of logged) expect(typeof line.durationMs).toBe("number");
  });

  it("names a page by its route pattern, times its render and keeps nginx from buffering it", async () => {
    expectLoaderFailureWarnings();
    lines = [];
    const page = await request(app).get("/en/news/newsDetail/12345?x=1");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["x-accel-buffering"]).toBe("no");
    expect(requestLines()[0]).toMatchObject({ route: "/en/news/newsDetail/:id", path: "/en/news/newsDetail/12345" });
    expect(await registry.metrics()).toMatch(/qy_render_duration_seconds_count\{outcome="(ok|error)"\} [1-9]/);
  });

  it("never holds a cookie, a session id, an authorization, a sign-in code or a preview token", async () => {
    lines = [];
    await request(app)
      .get("/zh/about/us?preview=p1.1999999999999.SECRETPREVIEWTOKEN&code=654321")
      .set("Cookie", "qy_session=SESSIONSECRET42; qingyun=1999999999999.p1.1999999999999.SECRETPREVIEWTOKEN")
      .set("Authorization", "Bearer AUTHSECRET99");
    await request(app).post("/api/open/front/authAndRegisterBySms").set("Cookie", "qy_session=SESSIONSECRET42").send({ phone: "13800138000", code: "654321" });
    logger.warn(
      {
        headers: { cookie: "qy_session=SESSIONSECRET42", authorization: "Bearer AUTHSECRET99" },
        url: "/x?preview=SECRETPREVIEWTOKEN",
        body: { code: "654321", sessionId: "SESSIONSECRET42" },
      },
      "a careless line",
    );
    const text = lines.join("\n");
    expect(requestLines().length).toBeGreaterThanOrEqual(2);
    expect(text).toContain("a careless line");
    for (const secret of ["SESSIONSECRET42", "AUTHSECRET99", "SECRETPREVIEWTOKEN", "654321", "13800138000"]) expect(text).not.toContain(secret);
  });
});

describe("metrics", () => {
  it("counts requests by route and the proxy's upstream calls, beside process metrics", async () => {
    await request(app).get("/api/open/metered");
    const text = await registry.metrics();
    expect(text).toMatch(/qy_http_request_duration_seconds_count\{route="\/api",method="GET",status="200"\} [1-9]/);
    expect(text).toMatch(/qy_upstream_request_duration_seconds_count\{call="proxy",outcome="ok"\} [1-9]/);
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).not.toContain("/api/open/metered");
  });

  it("measure the render's upstream calls by call name and tell timeouts, departures and failures apart", async () => {
    expectLoaderFailureWarnings();
    await request(app).get("/en/about/us?metered=1");
    const afterPage = await registry.metrics();
    expect(afterPage).toMatch(/qy_upstream_request_duration_seconds_count\{call="querySitePageData",outcome="ok"\} [1-9]/);

    expect(callName("http://127.0.0.1:1/open/proxy/qingyun/basic/sitePageData/querySitePageData?language=en")).toBe("querySitePageData");
    expect(callName("http://127.0.0.1:1/x/%2e%2e/evil path")).toBe("other");
    const hang = await listen(express().get("/slowCall", () => {}));
    const down = await listen(express());
    await down.close();
    try {
      const metered = meteredFetch();
      await expect(metered(`${hang.url}/slowCall`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
      const controller = new AbortController();
      const left = metered(`${hang.url}/slowCall`, { signal: controller.signal });
      controller.abort();
      await expect(left).rejects.toThrow();
      await expect(metered(`${down.url}/downCall`)).rejects.toThrow();
    } finally {
      await hang.close();
    }
    const text = await registry.metrics();
    expect(text).toMatch(/qy_upstream_errors_total\{call="slowCall",kind="timeout"\} 1/);
    expect(text).toMatch(/qy_upstream_request_duration_seconds_count\{call="slowCall",outcome="aborted"\} 1/);
    expect(text).toMatch(/qy_upstream_errors_total\{call="downCall",kind="unreachable"\} 1/);
    expect(text).not.toMatch(/qy_upstream_errors_total\{call="slowCall",kind="unreachable"\}/);
  });

  it("count the caches' hits and misses", async () => {
    const upstream = await startTestUpstream();
    try {
      const site = await createTestApp({ UPSTREAM_URL: upstream.url }, { logger });
      const count = (text: string, cache: string, result: string) =>
        Number(new RegExp(`qy_cache_lookups_total\\{cache="${cache}",result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
      const before = await registry.metrics();
      lines = [];
      // Two renders (a page is kept from its second), then a hit.
      for (let i = 0; i < 3; i++) expect((await request(site).get("/en/about/us")).status).toBe(200);
      // The page cache's answer is named by its route like a render.
      expect(requestLines().map((line) => line.route)).toEqual(["/en/about/us", "/en/about/us", "/en/about/us"]);
      const after = await registry.metrics();
      expect(count(after, "page", "miss") - count(before, "page", "miss")).toBe(2);
      expect(count(after, "page", "hit") - count(before, "page", "hit")).toBe(1);
      expect(count(after, "upstream", "miss")).toBeGreaterThan(count(before, "upstream", "miss"));
    } finally {
      await upstream.cleanup();
    }
  });

  it("are served on their own loopback port, and a taken port costs only the metrics", async () => {
    const port = await freePort();
    const server = await startMetricsServer({ host: "127.0.0.1", port, logger });
    expect(server?.url).toBe(`http://127.0.0.1:${port}/metrics`);
    try {
      const response = await fetch(server!.url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await response.text()).toContain("qy_http_request_duration_seconds");
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect(await startMetricsServer({ host: "127.0.0.1", port, logger })).toBeUndefined();
      expect(await startMetricsServer({ host: "127.0.0.1", port: 0, logger })).toBeUndefined();
    } finally {
      await server?.close();
    }
  });
});
