// Language routing (SPEC §2, issue [skeleton] §4) on createApp with the embedded upstream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe("the root path", () => {
  it("redirects to zh when nothing says otherwise, never cacheable by shared caches", async () => {
    const response = await request(site.app).get("/");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/zh");
    expect(response.headers.vary).toMatch(/Cookie/);
    expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(response.headers["cache-control"]).toMatch(/private/);
    expect(response.headers["cache-control"]).toMatch(/no-store/);
  });

  it("follows Accept-Language when there is no cookie", async () => {
    expect((await request(site.app).get("/").set("Accept-Language", "en-US,en;q=0.9")).headers.location).toBe("/en");
    expect((await request(site.app).get("/").set("Accept-Language", "zh-TW,zh;q=0.9,en;q=0.5")).headers.location).toBe("/zh");
    expect((await request(site.app).get("/").set("Accept-Language", "fr-FR,de;q=0.8")).headers.location).toBe("/zh");
    expect((await request(site.app).get("/").set("Accept-Language", "fr-FR,en-GB;q=0.8,zh;q=0.5")).headers.location).toBe("/en");
  });

  it("prefers the cookie over Accept-Language", async () => {
    const response = await request(site.app).get("/").set("Cookie", "i18n_redirected=en").set("Accept-Language", "zh-CN");
    expect(response.headers.location).toBe("/en");
    const zh = await request(site.app).get("/").set("Cookie", "i18n_redirected=zh").set("Accept-Language", "en-US");
    expect(zh.headers.location).toBe("/zh");
  });

  it("keeps the query", async () => {
    expect((await request(site.app).get("/?utm_source=x&a=1")).headers.location).toBe("/zh?utm_source=x&a=1");
  });
});

describe("unprefixed paths of real routes", () => {
  it("redirect to the cookie's language or zh, keeping the query, ignoring Accept-Language", async () => {
    const plain = await request(site.app).get("/privacy").set("Accept-Language", "en-US");
    expect(plain.status).toBe(302);
    expect(plain.headers.location).toBe("/zh/privacy");
    expect(plain.headers.vary).toMatch(/Cookie/);
    const en = await request(site.app).get("/clause?from=footer").set("Cookie", "i18n_redirected=en");
    expect(en.headers.location).toBe("/en/clause?from=footer");
  });

  it("never produce a protocol-relative redirect", async () => {
    const response = await request(site.app).get("//evil.example/privacy");
    expect(response.headers.location ?? "").not.toMatch(/^\/\//);
  });

  it("answer 404 with the localized error page when the path is unknown", async () => {
    const response = await request(site.app).get("/no-such-page").set("Cookie", "i18n_redirected=en");
    expect(response.status).toBe(404);
    expect(response.text).toContain("Page not found");
    expect(response.text).toContain('href="/en"');
  });
});

describe("the language cookie", () => {
  it("is set by the root redirect, which chose the language (365 days), and never on a page", async () => {
    const root = await request(site.app).get("/").set("Accept-Language", "en-US");
    const cookie = String(root.headers["set-cookie"]);
    expect(cookie).toMatch(/i18n_redirected=en/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(root.headers["cache-control"]).toBe("private, no-store");
    expect((await request(site.app).get("/").set("Cookie", "i18n_redirected=en")).headers["set-cookie"]).toBeUndefined();
  });

  it("is never set by a cacheable page, rendered or from the page cache, whatever the cookie says", async () => {
    for (const cookie of [undefined, "i18n_redirected=zh"]) {
      for (let i = 0; i < 2; i++) {
        const call = request(site.app).get("/en/about/us");
        const response = await (cookie ? call.set("Cookie", cookie) : call);
        expect(response.status).toBe(200);
        expect(response.headers["cache-control"]).toMatch(/public/);
        expect(response.headers["cache-control"]).toMatch(/s-maxage/);
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
    }
  });
});

describe("unprefixed missing files", () => {
  it("answer a plain 404, not an HTML page", async () => {
    const response = await request(site.app).get("/no-such-icon.ico");
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/text\/plain/);
  });
});

describe("the site's own refusals", () => {
  it("speak the language cookie's language where the path has no prefix (cookies are read before any refusal)", async () => {
    for (const [language, title] of [
      ["en", "Bad request"],
      ["zh", "请求无效"],
    ] as const) {
      // A path whose percent-encoding is not UTF-8: the request guard refuses it, first thing.
      const response = await request(site.app).get("/privacy%FF").set("Cookie", `i18n_redirected=${language}`);
      expect(response.status).toBe(400);
      expect(response.text).toContain(title);
    }
  });

  it("answer /api in the cookie's language, else in English", async () => {
    const refused = (cookie?: string) => {
      const call = request(site.app).post("/api/open/front/loginOut").set("Content-Type", "application/json");
      return (cookie ? call.set("Cookie", cookie) : call).send(`{"a":"${"x".repeat(101 * 1024)}"}`);
    };
    const zh = await refused("i18n_redirected=zh");
    const en = await refused();
    expect(zh.status).toBe(413);
    expect(en.status).toBe(413);
    expect(zh.body.code).toBe("E41300001");
    expect(zh.body.message).not.toBe(en.body.message);
    expect(zh.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(en.body.message).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
