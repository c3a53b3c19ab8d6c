// The search page rendered on the server: empty text runs no search, results grouped by type with counts
// and tabs, one type paged, no results with the tips, escaping of the marked snippets, noindex.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import express from "express";
import { createTestApp } from "./helpers.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";
import { SEARCH_GROUP_SIZE, SEARCH_PAGE_SIZE } from "../../shared/search-query.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  upstream = await startTestUpstream();
  app = await createTestApp({ UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
});
afterAll(() => upstream.cleanup());

async function search(language: "zh" | "en", text: string, body: Record<string, unknown> = {}) {
  const { json } = await upstream.post("/front/searchSite", { language, websiteCode: "qingyun", text, pageSize: 100, ...body });
  return json.data as { list: { type: string; id: string; link: string }[]; total: number; counts: Record<string, number> };
}

function resultLinks(html: string): string[] {
  return [...html.matchAll(/<h3 class="search-result__title"><a href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}

function isNoindex(html: string): boolean {
  return html.includes('<meta name="robots" content="noindex, follow"/>') && linkHref(html, "canonical") === undefined;
}

describe("search page", () => {
  it("with empty text runs no search and offers suggestions, in both languages", async () => {
    for (const [language, heading] of [
      ["zh", "站内搜索"],
      ["en", "Search the site"],
    ] as const) {
      for (const path of [`/${language}/search`, `/${language}/search?text=%20%20`]) {
        const response = await request(app).get(path);
        expect(response.status).toBe(200);
        expect(headingOf(response.text)).toBe(heading);
        expect(response.text).not.toContain("search-result");
        expect(response.text).toContain("search-suggestions");
        expect(isNoindex(response.text)).toBe(true);
      }
    }
  });

  it("groups the hits by type with counts and tabs; the marked snippets come from the server", async () => {
    for (const language of ["zh", "en"] as const) {
      const all = await search(language, "QCM040120K4");
      const response = await request(app).get(`/${language}/search?text=QCM040120K4`);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toContain("QCM040120K4");
      expect(isNoindex(response.text)).toBe(true);
      const groups = [...response.text.matchAll(/<section class="search-group" aria-labelledby="search-group-(\w+)"/g)].map((match) => match[1]);
      expect(groups).toEqual(Object.entries(all.counts).filter(([, count]) => count > 0).map(([type]) => type));
      expect(groups.length).toBeGreaterThan(1);
      for (const type of groups) {
        expect(response.text).toContain(`href="/${language}/search?text=QCM040120K4&amp;type=${type}"`);
      }
      expect(response.text).toContain("<mark>QCM040120K4</mark>");
      expect(resultLinks(response.text).length).toBeLessThanOrEqual(groups.length * SEARCH_GROUP_SIZE);
      // Document hits lead to the document centre showing that document, and carry the gated download.
      expect(response.text).toMatch(new RegExp(`href="/${language}/support/documents\\?q=ds-qcm040120k4"`));
      expect(response.text).toContain('href="/api/front/attach/download/ds-qcm040120k4"');
      expect(jsonLdOf(response.text).some((item) => item["@type"] === "BreadcrumbList")).toBe(true);
    }
  });

  it("one type is a paged list in the upstream's order; a page past the end is a 404", async () => {
    const products = await search("en", "SiC", { type: "products" });
    expect(products.total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const second = await request(app).get("/en/search?text=SiC&type=products&page=2");
    expect(second.status).toBe(200);
    expect(resultLinks(second.text)).toEqual(products.list.slice(SEARCH_PAGE_SIZE, 2 * SEARCH_PAGE_SIZE).map((hit) => `/en${hit.link}`));
    expect(second.text).toContain('href="/en/search?text=SiC&amp;type=products"');
    expect(second.text).toMatch(/<a aria-current="page" href="\/en\/search\?text=SiC&amp;type=products"/);
    const pages = Math.ceil(products.total / SEARCH_PAGE_SIZE);
    expect((await request(app).get(`/en/search?text=SiC&type=products&page=${pages + 1}`)).status).toBe(404);
  });

  it("no results shows the SPEC message with the tips, in both languages", async () => {
    for (const [language, message, tip] of [
      ["zh", "未找到“zzqqxx”的相关结果", "尝试使用其他关键词"],
      ["en", "No zzqqxx results are found", "Try other keywords"],
    ] as const) {
      const response = await request(app).get(`/${language}/search?text=zzqqxx`);
      expect(response.status).toBe(200);
      const text = textOf(response.text);
      expect(text).toContain(message);
      expect(text).toContain(tip);
      expect(response.text).not.toContain("search-tabs");
    }
  });

  it("escapes the text and the marked hits: only <mark> is markup", async () => {
    const hostile = await request(app).get(`/en/search?text=${encodeURIComponent('<img src=x onerror="alert(1)">')}`);
    expect(hostile.status).toBe(200);
    expect(hostile.text).not.toContain("<img src=x");
    expect(hostile.text).toContain("&lt;img src=x");

    // "R&D" and "<" are in the content: their hits are escaped inside the marks.
    const ampersand = await request(app).get("/en/search?text=R%26D");
    expect(ampersand.text).toMatch(/<mark>R&(#38|amp);D<\/mark>/);
    expect(ampersand.text).not.toContain("<mark>R&D</mark>");
    const lessThan = await request(app).get("/en/search?text=%3C&type=pages");
    expect(lessThan.text).toMatch(/<mark>&(#60|lt);<\/mark>/);
    expect(lessThan.text).not.toContain("<mark><</mark>");
  });
});
