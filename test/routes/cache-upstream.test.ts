// The cache of public upstream reads seen from the site (docs/decisions/010-page-and-upstream-caches.md): every
// loader's public calls are shared between anonymous and signed-in renders (docs/decisions/042-signed-in-public-reads.md),
// a signed-in visitor's session calls never are; preview renders and unknown cookies always ask the upstream.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import request from "supertest";
import type { Express } from "express";
import { signPreviewToken } from "../../shared/http/preview-token.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { languageCookie } from "../../shared/languages.ts";
import { createTestApp } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { startRelay, type Relay } from "../support/relay-upstream.ts";

const secret = "preview-secret-for-tests-0123456789abcdef";
let upstream: TestUpstream;
let relay: Relay;
let app: Express;

beforeAll(async () => {
  upstream = await startTestUpstream();
  relay = await startRelay(upstream.url);
  // The page cache is off so that every request renders and runs its loaders.
  app = await createTestApp({ UPSTREAM_URL: relay.url, PREVIEW_SECRET: secret, PAGE_CACHE_TTL_MS: "0" });
});
afterAll(async () => {
  await relay.close();
  await upstream.cleanup();
});
beforeEach(() => relay.reset());

const count = (name: string) => relay.counts.get(name) ?? 0;

describe("public upstream reads", () => {
  it("are asked once for many anonymous renders (menus, tree, page content)", async () => {
    for (let i = 0; i < 3; i++) {
      const page = await request(app).get(`/en/about/us?render=${i}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("</html>");
    }
    expect(count("querySiteList")).toBe(1);
    expect(count("querySitePageData")).toBe(2); // the menus and the page, once each
  });

  // WeChat adds from=…&isappinstalled=0 to every link shared in it (and the bench a counter): no column of
  // the family. The finder reads its URL against the columns first, so the list is asked for once and then
  // kept, not refused and asked again on every such request.
  it("are asked once for finder pages whose query has keys the family does not have", async () => {
    for (const from of ["singlemessage", "timeline", "groupmessage"]) {
      const page = await request(app).get(`/en/productAndService/products/120?from=${from}&isappinstalled=0`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("finder-table");
    }
    expect(count("querySiteListDataByPage")).toBe(1);
    expect(count("queryDistinctProductFieldData")).toBe(1);
  });

  it("are asked once for concurrent renders", async () => {
    await Promise.all(Array.from({ length: 5 }, (_, i) => request(app).get(`/zh/privacy?concurrent=${i}`)));
    expect(count("querySitePageData")).toBeLessThanOrEqual(2);
  });

  it("are kept per language", async () => {
    await request(app).get("/zh/clause");
    await request(app).get("/en/clause");
    expect(count("querySiteList")).toBeLessThanOrEqual(2);
    const zh = await request(app).get("/zh/clause");
    expect(zh.text).toContain('lang="zh-CN"');
  });
});

describe("bypass", () => {
  it("a signed-in visitor's session calls always reach the upstream; their public reads come from the shared cache", async () => {
    await request(app).get("/zh/about/us");
    relay.reset();
    for (let i = 0; i < 2; i++) {
      const page = await request(app).get("/zh/about/us").set("Cookie", `${sessionCookie}=s1; ${languageCookie}=zh`);
      expect(page.status).toBe(200);
      // Never kept by any cache: the page is theirs.
      expect(page.headers["cache-control"]).toMatch(/private/);
    }
    expect(count("isLogin")).toBe(2);
    expect(count("querySiteList")).toBe(0);
    expect(count("querySitePageData")).toBe(0);
  });

  it("a visitor with a cookie the site does not know has every call reach the upstream", async () => {
    await request(app).get("/zh/about/us");
    relay.reset();
    for (let i = 0; i < 2; i++) await request(app).get("/zh/about/us").set("Cookie", `${sessionCookie}=s1; tracker=1`);
    expect(count("querySiteList")).toBe(2);
    expect(count("querySitePageData")).toBe(4);
  });

  it("a signed-in visitor's user pages reach the upstream for every call (their answers change with what the visitor just did)", async () => {
    await request(app).get("/zh/about/us");
    relay.reset();
    await request(app).get("/zh/user/sampleList").set("Cookie", `${sessionCookie}=s1`);
    expect(count("querySiteList")).toBe(1);
  });

  it("preview calls always reach the upstream and never fill the cache", async () => {
    const token = await signPreviewToken(secret, Date.now() + 3600_000);
    const enter = await request(app).get(`/en/privacy?preview=${encodeURIComponent(token)}`);
    const cookie = ([] as string[])
      .concat(enter.headers["set-cookie"] ?? [])
      .find((line) => line.startsWith("qingyun="))!
      .split(";")[0]!;
    await request(app).get("/en/privacy");
    relay.reset();
    for (let i = 0; i < 2; i++) await request(app).get("/en/privacy").set("Cookie", cookie);
    expect(count("querySitePageData")).toBe(4);
  });
});
