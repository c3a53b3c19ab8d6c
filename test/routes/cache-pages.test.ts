// The page cache and the Cache-Control of HTML (docs/decisions/010-page-and-upstream-caches.md): anonymous pages
// are kept and served with a fresh nonce, an ETag and 304s; preview, signed-in visitors and responses that set a
// cookie never are.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import request from "supertest";
import type { Express } from "express";
import { signPreviewToken } from "../../shared/preview-token.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp } from "./helpers.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { startRelay, type Relay } from "../support/relay-upstream.ts";

const publicHtml = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const secret = "preview-secret-for-tests-0123456789abcdef";
let upstream: TestUpstream;
let relay: Relay;
let app: Express;

beforeAll(async () => {
  upstream = await startTestUpstream();
  relay = await startRelay(upstream.url);
  app = await createTestApp({ UPSTREAM_URL: relay.url, PREVIEW_SECRET: secret });
});
afterAll(async () => {
  await relay.close();
  await upstream.cleanup();
});
beforeEach(() => relay.reset());

const nonceOf = (response: request.Response) => /'nonce-([^']+)'/.exec(response.headers["content-security-policy"] ?? "")?.[1] ?? "";
const scriptTags = (html: string) => (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes("application/ld+json"));
const calls = () => [...relay.counts.values()].reduce((sum, count) => sum + count, 0);

describe("anonymous pages", () => {
  it("are rendered once, then served from the cache with a fresh nonce in the CSP and every script", async () => {
    const first = await request(app).get("/en/about/us?from=cache-test");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe(publicHtml);
    const before = calls();
    expect(before).toBeGreaterThan(0);

    const second = await request(app).get("/en/about/us?from=cache-test");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers["cache-control"]).toBe(publicHtml);
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
    expect(second.headers["content-language"]).toBe("en-US");
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(calls()).toBe(before);

    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a && b && a !== b).toBe(true);
    expect(scriptTags(second.text).length).toBeGreaterThan(0);
    for (const tag of scriptTags(second.text)) expect(tag).toContain(`nonce="${b}"`);
    expect(second.text).not.toContain(a);
    // Same document otherwise: only the nonce differs.
    expect(second.text.split(b).join("N")).toBe(first.text.split(a).join("N"));
  });

  // A hit is written in pieces (the kept parts around each nonce): compressed or not, it must arrive whole.
  it("arrive whole from the cache, compressed (gzip, brotli) or not", async () => {
    const miss = await request(app).get("/en/news?whole=1").set("Accept-Encoding", "identity");
    expect(miss.headers["x-cache"]).toBe("MISS");
    const normalise = (html: string) => html.replaceAll(/nonce="[^"]+"/g, 'nonce=""');
    for (const encoding of ["identity", "gzip", "br"]) {
      const hit = await request(app).get("/en/news?whole=1").set("Accept-Encoding", encoding);
      expect(hit.headers["x-cache"], encoding).toBe("HIT");
      expect(hit.headers["content-encoding"] ?? "identity", encoding).toBe(encoding);
      expect(normalise(hit.text), encoding).toBe(normalise(miss.text));
      expect(hit.text, encoding).toMatch(/<\/html>$/);
    }
  });

  it("are keyed by path, query and language", async () => {
    await request(app).get("/zh/about/us?k=1");
    expect((await request(app).get("/zh/about/us?k=2")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/en/about/us?k=1")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/zh/about/us?k=1")).headers["x-cache"]).toBe("HIT");
  });

  it("answer 304 without a body or a new CSP when the browser's copy is current", async () => {
    await request(app).get("/zh/privacy");
    const hit = await request(app).get("/zh/privacy");
    const etag = hit.headers.etag!;
    const revalidated = await request(app).get("/zh/privacy").set("If-None-Match", etag);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text ?? "").toBe("");
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers["cache-control"]).toBe(publicHtml);
    // A new nonce merged onto the stored page would block its scripts: the stored policy stays.
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    const changed = await request(app).get("/zh/privacy").set("If-None-Match", 'W/"something-else"');
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("<html");
  });

  it("keep the crawler's complete render apart from the streamed one for people", async () => {
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    await request(app).get("/en/clause");
    expect((await request(app).get("/en/clause").set("User-Agent", bot)).headers["x-cache"]).toBe("MISS");
    const again = await request(app).get("/en/clause").set("User-Agent", bot);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.text).toContain("</html>");
  });

  it("stay anonymous with the language cookie, which cannot change a page", async () => {
    await request(app).get("/en/about/sample");
    const hit = await request(app).get("/en/about/sample").set("Cookie", "i18n_redirected=en");
    expect(hit.headers["x-cache"]).toBe("HIT");
  });

  it("are not kept when the upstream failed during the render", async () => {
    relay.failWith = 503;
    const degraded = await request(app).get("/en/applications");
    expect(degraded.headers["x-cache"]).toBe("MISS");
    relay.failWith = null;
    expect((await request(app).get("/en/applications")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/en/applications")).headers["x-cache"]).toBe("HIT");
  });

  it("are dropped when the upstream names a new content version", async () => {
    await request(app).get("/en/reliability");
    expect((await request(app).get("/en/reliability")).headers["x-cache"]).toBe("HIT");
    relay.contentVersion = "published-again";
    // Any answer carrying the new version drops both caches: here the call of a page not asked for yet.
    await request(app).get("/en/privacy");
    expect((await request(app).get("/en/reliability")).headers["x-cache"]).toBe("MISS");
  });
});

describe("bypasses", () => {
  it("signed-in visitors (a session cookie) get private, no-store HTML rendered afresh", async () => {
    await request(app).get("/zh/about/contactUs");
    const before = calls();
    const signedIn = await request(app).get("/zh/about/contactUs").set("Cookie", `${sessionCookie}=abc; i18n_redirected=zh`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["x-cache"]).toBe("BYPASS");
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
    // Its calls went to the upstream, not to the shared cache.
    expect(calls()).toBeGreaterThan(before);
    // And it left nothing behind for anonymous visitors beyond what they had.
    expect((await request(app).get("/zh/about/contactUs")).headers["x-cache"]).toBe("HIT");
  });

  it("preview pages are never served from or stored in the cache", async () => {
    const token = await signPreviewToken(secret, Date.now() + 3600_000);
    const enter = await request(app).get(`/en/about/us?preview=${encodeURIComponent(token)}`);
    const cookie = ([] as string[])
      .concat(enter.headers["set-cookie"] ?? [])
      .find((line) => line.startsWith("qingyun="))!
      .split(";")[0]!;
    await request(app).get("/en/about/us");
    for (let i = 0; i < 2; i++) {
      const preview = await request(app).get("/en/about/us").set("Cookie", cookie);
      expect(preview.headers["x-cache"]).toBe("BYPASS");
      expect(preview.headers["cache-control"]).toBe("private, no-store");
      expect(preview.text).toContain("preview-banner");
    }
    expect((await request(app).get("/en/about/us")).text).not.toContain("preview-banner");
  });

  it("a response that sets a cookie is private and never stored", async () => {
    // The content call of a page not asked for yet answers with a cookie.
    relay.setCookies.set("querySitePageData", "upstream_mark=1; Path=/; HttpOnly");
    const first = await request(app).get("/zh/reliability/quality-system?set=cookie");
    expect(([] as string[]).concat(first.headers["set-cookie"] ?? []).join(";")).toContain("upstream_mark=1");
    expect(first.headers["cache-control"]).toBe("private, no-store");
    relay.setCookies.clear();
    const second = await request(app).get("/zh/reliability/quality-system?set=cookie");
    expect(second.headers["x-cache"]).toBe("MISS");
  });

  it("error pages are not stored", async () => {
    await request(app).get("/en/no-such-page");
    const again = await request(app).get("/en/no-such-page");
    expect(again.status).toBe(404);
    expect(again.headers["x-cache"]).toBe("MISS");
  });
});
