// The finder's CSV streamed: every row of the filtered result whatever its length, read a few upstream pages
// at a time (small pages here, so the shipped family spans many), a stated cap written into the file, the
// reads stopped when the client leaves, a failed read cutting the transfer short (never a file silently
// missing rows), and the export's own per-client rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp, listen } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { loadResources } from "../../server/http/i18n.ts";
import { catalogCsv } from "../../server/exports/catalog-csv.ts";
import { CSV_EXPORTS_PER_MINUTE } from "../../server/http/csv-rate-limit.ts";

const FAMILY = 100;
let upstream: TestUpstream;
let front: { url: string; close: () => Promise<void> };
/** The stand-in before the upstream: counts the product-page reads and how many run at once, delays or fails them on demand. */
const state = { pageReads: 0, inFlight: 0, maxInFlight: 0, delayMs: 0, failPage: 0 };

beforeAll(async () => {
  upstream = await startTestUpstream();
  const proxy = express().use(express.raw({ type: "*/*" }), async (req, res) => {
    const isPage = req.path.endsWith("/querySiteListDataByPage");
    const body = req.method === "GET" ? undefined : new Uint8Array(req.body as Buffer);
    if (isPage) {
      state.pageReads++;
      state.maxInFlight = Math.max(state.maxInFlight, ++state.inFlight);
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      state.inFlight--;
      const pageIndex = (JSON.parse(Buffer.from(body!).toString()) as { pageIndex: number }).pageIndex;
      if (state.failPage && pageIndex === state.failPage) return void res.status(500).json({ success: false, code: "E50000001", message: "failed", data: null });
    }
    const answer = await fetch(upstream.url + req.originalUrl, { method: req.method, headers: { "content-type": "application/json" }, ...(body ? { body } : {}) });
    res
      .status(answer.status)
      .type("application/json")
      .send(Buffer.from(await answer.arrayBuffer()));
  });
  front = await listen(proxy);
});
afterAll(async () => {
  await front?.close();
  await upstream?.cleanup();
});

const reset = () => Object.assign(state, { pageReads: 0, inFlight: 0, maxInFlight: 0, delayMs: 0, failPage: 0 });
const resources = loadResources();
function csvApp(options: { pageSize?: number; maxRows?: number } = {}) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: front.url });
  return express().use(catalogCsv({ config, logger: createLogger("silent"), resources, ...options }));
}
const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
const path = `/en/productAndService/products/${FAMILY}.csv?sort=rdson:asc`;

describe("the CSV export at any length", () => {
  it("holds every row when the result spans many upstream pages, with at most two read at once", async () => {
    reset();
    const whole = rowsOf((await request(csvApp()).get(path)).text);
    expect(whole.length).toBeGreaterThan(12);
    reset();
    state.delayMs = 20;
    const paged = await request(csvApp({ pageSize: 2 })).get(path);
    expect(paged.status).toBe(200);
    expect(rowsOf(paged.text)).toEqual(whole);
    expect(state.pageReads).toBe(Math.ceil((whole.length - 1) / 2));
    expect(state.maxInFlight).toBe(2);
  });

  it("states its cap in the file instead of dropping rows silently", async () => {
    reset();
    const whole = rowsOf((await request(csvApp()).get(path)).text);
    const total = whole.length - 1;
    for (const [language, message] of [
      ["en", `Only the first 5 of ${total} products are in this file`],
      ["zh", `本文件只包含 ${total} 个产品中的前 5 个`],
    ] as const) {
      const capped = await request(csvApp({ pageSize: 2, maxRows: 5 })).get(path.replace("/en/", `/${language}/`));
      const lines = rowsOf(capped.text);
      expect(lines.slice(1, 6).map((line) => line.split(",")[0])).toEqual(whole.slice(1, 6).map((line) => line.split(",")[0]));
      expect(lines).toHaveLength(7);
      expect(lines[6]).toContain(message);
    }
  });

  it("stops reading the upstream when the client goes away", async () => {
    reset();
    state.delayMs = 150;
    const site = await listen(csvApp({ pageSize: 1 }));
    const controller = new AbortController();
    const response = await fetch(site.url + path, { signal: controller.signal });
    expect(response.status).toBe(200);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const reads = state.pageReads;
    // About 20 pages of one row: the first rows went out while the next pages were read, and after the
    // client left only the reads already in flight finished.
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThan(10);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(state.pageReads).toBe(reads);
    await site.close();
  });

  it("cuts the transfer short when a page cannot be read after rows were sent", async () => {
    reset();
    state.failPage = 4;
    const site = await listen(csvApp({ pageSize: 2 }));
    const response = await fetch(site.url + path);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    await site.close();
  });
});

describe("the CSV export's rate limit", () => {
  it("answers 429 with Retry-After and a message in the page's language once a client used its files, other clients unaffected", async () => {
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, TRUST_PROXY: "loopback" });
    const from = (address: string) => ({ "X-Forwarded-For": address });
    for (let index = 0; index < CSV_EXPORTS_PER_MINUTE; index++) {
      const response = await request(app).head(`/zh/productAndService/products/${FAMILY}.csv`).set(from("203.0.113.7"));
      expect(response.status).toBe(200);
    }
    const limited = await request(app).get(`/zh/productAndService/products/${FAMILY}.csv`).set(from("203.0.113.7"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.text).toBe("请求过于频繁，请稍后再试");
    const english = await request(app).get(`/en/productAndService/products/${FAMILY}.csv`).set(from("203.0.113.7"));
    expect(english.text).toBe("Too many requests, please try again later.");
    // Another client keeps its own budget, and the API's is apart from this one.
    expect((await request(app).get(`/en/productAndService/products/${FAMILY}.csv`).set(from("203.0.113.8"))).status).toBe(200);
    expect((await request(app).get("/api/openapi.json").set(from("203.0.113.7"))).status).toBe(200);
  });
});
