// One URL per page: a path with a trailing slash answers a permanent redirect to the path without it (query
// kept), for every kind of page, and never to another host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { withoutTrailingSlash } from "../../server/http/language.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe("a trailing slash", () => {
  it("redirects every page type to its canonical URL, query kept", async () => {
    const cases = [
      ["/zh/productAndService/products/120/", "/zh/productAndService/products/120"],
      ["/en/productAndService/products/120/?vds=1000~&page=2", "/en/productAndService/products/120?vds=1000~&page=2"],
      ["/zh/", "/zh"],
      ["/en/news/", "/en/news"],
      ["/en/about/us//", "/en/about/us"],
      ["/zh/about/joinUs/positionDetail/1/", "/zh/about/joinUs/positionDetail/1"],
      ["/en/search/?text=SiC", "/en/search?text=SiC"],
      ["/privacy/", "/privacy"],
    ] as const;
    for (const [from, to] of cases) {
      const response = await request(site.app).get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
    }
  });

  it("the canonical page links its CSV beside it, not one level down", async () => {
    const followed = await request(site.app).get("/zh/productAndService/products/120/").redirects(1);
    expect(followed.status).toBe(200);
    expect(followed.text).not.toContain("/120/.csv");
    expect(followed.text).toContain("/zh/productAndService/products/120.csv");
  });

  it("never becomes a redirect to another host", async () => {
    for (const from of ["//evil.example/", "///evil.example//", "/\\evil.example/", "//evil.example/zh/?a=1"]) {
      const response = await request(site.app).get(from);
      expect(response.status, from).toBe(301);
      const location = response.headers.location as string;
      expect(location, from).toMatch(/^\/[^/\\]/);
      expect(new URL(location, "https://site.example").host, from).toBe("site.example");
    }
  });

  it("leaves paths without a trailing slash alone", () => {
    expect(withoutTrailingSlash("/")).toBeNull();
    expect(withoutTrailingSlash("/zh/news")).toBeNull();
    expect(withoutTrailingSlash("//evil.example/")).toBe("/evil.example");
  });
});
