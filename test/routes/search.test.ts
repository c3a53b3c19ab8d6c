// The search page rendered on the server: empty text runs no search, results grouped by type with counts
// and tabs, one type paged, no results with the tips, escaping of the marked snippets, noindex.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";
import { SEARCH_GROUP_SIZE, SEARCH_PAGE_SIZE } from "../../shared/query/search.ts";
import { SEARCH_OTHER_LANGUAGE_HITS } from "../../shared/contract/search.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
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
      expect(groups).toEqual(
        Object.entries(all.counts)
          .filter(([, count]) => count > 0)
          .map(([type]) => type),
      );
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

  it("shows the other language's hits apart, labelled and in their language, after the page's own", async () => {
    const otherSection = (html: string) => /<section class="search-other"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    const links = (html: string) =>
      [...html.matchAll(/<h3 class="search-result__title" lang="(\S+)"><a hrefLang="(\S+)" href="([^"]+)"/g)].map((match) => [match[1], match[3], match[2]]);

    // A Chinese query on the English site: no English hit, the Chinese ones labelled "Results in Chinese".
    const chinese = await search("zh", "碳");
    expect(chinese.total).toBeGreaterThan(10);
    const en = await request(app).get(`/en/search?text=${encodeURIComponent("碳")}`);
    expect(en.status).toBe(200);
    expect(textOf(en.text)).toContain("No 碳 results are found");
    const section = otherSection(en.text);
    expect(textOf(section)).toContain(`Results in Chinese ${chinese.total}`);
    expect(links(section)).toEqual(chinese.list.slice(0, SEARCH_OTHER_LANGUAGE_HITS).map((hit) => ["zh-CN", `/zh${hit.link}`, "zh-CN"]));
    expect(section).toContain("<mark>碳</mark>");
    expect(section).toContain(`href="/zh/search?text=${encodeURIComponent("碳")}" hrefLang="zh-CN"`);

    // An English word on the Chinese site: the Chinese hits first, then "英文结果".
    const response = await request(app).get("/zh/search?text=MOSFET");
    const english = await search("en", "MOSFET");
    expect(resultLinks(response.text).length).toBeGreaterThan(0);
    expect(response.text.indexOf('class="search-group"')).toBeLessThan(response.text.indexOf("search-other"));
    expect(textOf(otherSection(response.text))).toContain(`英文结果 ${english.total}`);
    for (const [lang, href] of links(otherSection(response.text))) {
      expect(lang).toBe("en-US");
      expect(href).toMatch(/^\/en\//);
    }

    // One type: the other language's hits of that type.
    const news = await request(app).get(`/en/search?text=${encodeURIComponent("碳")}&type=news`);
    const found = links(otherSection(news.text));
    expect(found.length).toBeGreaterThan(0);
    for (const [, href] of found) expect(href).toMatch(/^\/zh\/news\/newsDetail\//);

    // Text found in neither language: no such section.
    expect((await request(app).get("/en/search?text=zzqqxx")).text).not.toContain("search-other");
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
