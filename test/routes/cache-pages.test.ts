// The page cache and the Cache-Control of HTML (docs/decisions/010-page-and-upstream-caches.md, 021-fixed-nonce-
// precompressed-pages.md): anonymous pages are kept from their second render with their nonce, in brotli and gzip,
// with ETags and 304s; preview, signed-in visitors and responses that set a cookie never are.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import request from "supertest";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Express } from "express";
import { signPreviewToken } from "../../shared/http/preview-token.ts";
import { sessionCookie } from "../../shared/cookies.ts";
import { createTestApp, listen } from "../helpers/site.ts";
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
/** A request whose body is read as the bytes on the wire (supertest would decode them). */
function raw(url: string, acceptEncoding?: string, ifNoneMatch?: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    if (ifNoneMatch !== undefined) headers["if-none-match"] = ifNoneMatch;
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}
const calls = () => [...relay.counts.values()].reduce((sum, count) => sum + count, 0);

/** A page asked for once is rendered and not kept (PageCache.admits): its next render is. */
const askedBefore = (path: string, agent?: string) => (agent ? request(app).get(path).set("User-Agent", agent) : request(app).get(path));

describe("anonymous pages", () => {
  it("are kept from their second render", async () => {
    const path = "/en/about/us?from=kept-from-second";
    expect((await request(app).get(path)).headers["x-cache"]).toBe("MISS");
    const second = await request(app).get(path);
    expect(second.headers["x-cache"]).toBe("MISS");
    const third = await request(app).get(path);
    expect(third.headers["x-cache"]).toBe("HIT");
    expect(third.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
  });

  it("are rendered, then served from the cache with the nonce they were rendered with, in the CSP and every script", async () => {
    await askedBefore("/en/about/us?from=cache-test");
    const first = await request(app).get("/en/about/us?from=cache-test");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe(publicHtml);
    const before = calls();

    const second = await request(app).get("/en/about/us?from=cache-test");
    expect(second.status).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers["cache-control"]).toBe(publicHtml);
    expect(second.headers["content-type"]).toMatch(/^text\/html/);
    expect(second.headers["content-language"]).toBe("en-US");
    expect(second.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(calls()).toBe(before);

    // One nonce per entry (docs/decisions/021-fixed-nonce-precompressed-pages.md): the same policy and the same
    // document as the render that filled it.
    const nonce = nonceOf(first);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(scriptTags(second.text).length).toBeGreaterThan(0);
    for (const tag of scriptTags(second.text)) expect(tag).toContain(`nonce="${nonce}"`);
    expect(second.text).toBe(first.text);
    // Another page has its own nonce.
    expect(nonceOf(await request(app).get("/en/about/us?from=another"))).not.toBe(nonce);
  });

  // The render went out in brotli (a browser's miss): those bytes are the entry's brotli, not a second compression.
  it("keep the brotli a render was streamed in, and a hit sends those very bytes", async () => {
    const site = await listen(app);
    try {
      const path = "/en/news?streamed=br";
      await raw(site.url + path, "gzip, deflate, br");
      const miss = await raw(site.url + path, "gzip, deflate, br");
      expect(miss.headers["x-cache"]).toBe("MISS");
      expect(miss.headers["content-encoding"]).toBe("br");
      const hit = await raw(site.url + path, "gzip, deflate, br");
      expect(hit.headers["x-cache"]).toBe("HIT");
      expect(hit.headers["content-encoding"]).toBe("br");
      expect(hit.body.equals(miss.body)).toBe(true);
      expect(Number(hit.headers["content-length"])).toBe(miss.body.length);
      expect(brotliDecompressSync(hit.body).equals((await raw(site.url + path, "identity")).body)).toBe(true);
    } finally {
      await site.close();
    }
  });

  // A hit writes the bytes made when the entry was filled: checked on the wire, without a client that decodes.
  it("are kept in brotli and gzip, and a hit sends the accepted one with its length, Vary and its own ETag", async () => {
    const site = await listen(app);
    try {
      const path = "/en/news?whole=1";
      await raw(site.url + path, "identity");
      const miss = await raw(site.url + path, "identity");
      expect(miss.headers["x-cache"]).toBe("MISS");
      const html = miss.body;
      const browser = "gzip, deflate, br";
      // The render went out as it is: the first hit that takes brotli gets it made, never the document uncompressed.
      const hit = await raw(site.url + path, browser);
      expect(hit.headers["content-encoding"]).toBe("br");
      // Gzip is made when a client first asks for it and not for brotli, for that client already: never the
      // document uncompressed to a client that takes gzip (a proxy in front would keep that copy).
      const gzipped = await raw(site.url + path, "gzip, deflate");
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzipped.body).equals(html)).toBe(true);
      const etags = new Set<string>();
      for (const [accept, encoding, decode] of [
        [browser, "br", brotliDecompressSync],
        ["gzip, deflate", "gzip", gunzipSync],
        ["br;q=0, gzip", "gzip", gunzipSync],
        ["identity", undefined, (body: Buffer) => body],
        [undefined, undefined, (body: Buffer) => body],
      ] as const) {
        const answer = await raw(site.url + path, accept);
        const label = String(accept);
        expect(answer.status, label).toBe(200);
        expect(answer.headers["x-cache"], label).toBe("HIT");
        expect(answer.headers["content-encoding"], label).toBe(encoding);
        expect(answer.headers.vary, label).toBe("Accept-Encoding");
        expect(Number(answer.headers["content-length"]), label).toBe(answer.body.length);
        expect(decode(answer.body).equals(html), label).toBe(true);
        if (encoding) expect(answer.body.length, label).toBeLessThan(html.length / 3);
        etags.add(answer.headers.etag as string);
        // The browser's copy in this encoding is current: a 304, in no other encoding.
        const again = await raw(site.url + path, accept, answer.headers.etag as string);
        expect(again.status, label).toBe(304);
        expect(again.body.length, label).toBe(0);
      }
      expect(etags.size).toBe(3);
      const brEtag = (await raw(site.url + path, browser)).headers.etag as string;
      expect((await raw(site.url + path, "gzip", brEtag)).status).toBe(200);
      // HEAD: the headers of the encoded answer, no body.
      const head = await raw(site.url + path, browser, undefined, "HEAD");
      expect(head.headers["content-encoding"]).toBe("br");
      expect(Number(head.headers["content-length"])).toBe(hit.body.length);
      expect(head.body.length).toBe(0);
    } finally {
      await site.close();
    }
  });

  it("are keyed by path, query and language", async () => {
    await askedBefore("/zh/about/us?k=1");
    await request(app).get("/zh/about/us?k=1");
    await askedBefore("/zh/about/us?k=2");
    await askedBefore("/en/about/us?k=1");
    expect((await request(app).get("/zh/about/us?k=2")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/en/about/us?k=1")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/zh/about/us?k=1")).headers["x-cache"]).toBe("HIT");
  });

  it("answer 304 without a body or a new CSP when the browser's copy is current", async () => {
    // As it is (the encodings' ETags are checked above): the same entry whether or not its compression is done.
    await askedBefore("/zh/privacy");
    await request(app).get("/zh/privacy").set("Accept-Encoding", "identity");
    const hit = await request(app).get("/zh/privacy").set("Accept-Encoding", "identity");
    const etag = hit.headers.etag!;
    const revalidated = await request(app).get("/zh/privacy").set("Accept-Encoding", "identity").set("If-None-Match", etag);
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
    await askedBefore("/en/clause");
    await request(app).get("/en/clause");
    await askedBefore("/en/clause", bot);
    expect((await request(app).get("/en/clause").set("User-Agent", bot)).headers["x-cache"]).toBe("MISS");
    const again = await request(app).get("/en/clause").set("User-Agent", bot);
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.text).toContain("</html>");
  });

  it("stay anonymous with the language cookie, which cannot change a page", async () => {
    await askedBefore("/en/about/sample");
    await request(app).get("/en/about/sample");
    const hit = await request(app).get("/en/about/sample").set("Cookie", "i18n_redirected=en");
    expect(hit.headers["x-cache"]).toBe("HIT");
  });

  it("are not kept when the upstream failed during the render", async () => {
    relay.failWith = 503;
    await askedBefore("/en/applications");
    const degraded = await request(app).get("/en/applications");
    expect(degraded.headers["x-cache"]).toBe("MISS");
    relay.failWith = null;
    // Its second render was the one failed: the next two are a first and a second again.
    expect((await request(app).get("/en/applications")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/en/applications")).headers["x-cache"]).toBe("MISS");
    expect((await request(app).get("/en/applications")).headers["x-cache"]).toBe("HIT");
  });

  it("are dropped when the upstream names a new content version", async () => {
    await askedBefore("/en/reliability");
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
    await askedBefore("/zh/about/contactUs");
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
    // Every render asks the upstream here (no upstream cache), so that each answers with the cookie while it is set.
    const fresh = await createTestApp({ UPSTREAM_URL: relay.url, UPSTREAM_CACHE_TTL_MS: "0" });
    // The content call of a page answers with a cookie: its first render (noted) and its second (the one the cache
    // would keep) both set it.
    relay.setCookies.set("querySitePageData", "upstream_mark=1; Path=/; HttpOnly");
    for (let i = 0; i < 2; i++) {
      const answer = await request(fresh).get("/zh/reliability/quality-system?set=cookie");
      expect(([] as string[]).concat(answer.headers["set-cookie"] ?? []).join(";")).toContain("upstream_mark=1");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    relay.setCookies.clear();
    // Not kept: the next render is a first one again, the one after it kept.
    expect((await request(fresh).get("/zh/reliability/quality-system?set=cookie")).headers["x-cache"]).toBe("MISS");
    expect((await request(fresh).get("/zh/reliability/quality-system?set=cookie")).headers["x-cache"]).toBe("MISS");
    expect((await request(fresh).get("/zh/reliability/quality-system?set=cookie")).headers["x-cache"]).toBe("HIT");
  });

  it("error pages are not stored", async () => {
    await askedBefore("/en/no-such-page");
    await request(app).get("/en/no-such-page");
    const again = await request(app).get("/en/no-such-page");
    expect(again.status).toBe(404);
    expect(again.headers["x-cache"]).toBe("MISS");
  });
});
