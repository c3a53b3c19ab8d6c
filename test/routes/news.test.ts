// News pages rendered on the server: lists by category and page, 404s, the article in its blog layout
// with its NewsArticle data, and view counting that only the browser's call does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type express from "express";
import { startSite } from "../helpers/site.ts";
import type { TestUpstream } from "../upstream/helpers.ts";
import { headingOf, jsonLdOf, linkHref, textOf } from "./page-helpers.ts";
import { NEWS_PAGE_SIZE } from "../../shared/query/news.ts";

const origin = "https://www.qingyun-power.example";
let upstream: TestUpstream;
let app: express.Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PUBLIC_ORIGIN: origin }));
});
afterAll(() => upstream.cleanup());

async function newsPage(language: "zh" | "en", body: Record<string, unknown> = {}) {
  const { json } = await upstream.post("/front/queryNewsByPage", { language, websiteCode: "qingyun", pageSize: 50, ...body });
  return json.data as { list: { id: number; title: string; category: string; views: number }[]; total: number };
}

function articleLinks(html: string): number[] {
  return [...html.matchAll(/<h2 class="news-card__title"><a href="\/(?:zh|en)\/news\/newsDetail\/(\d+)"/g)].map((match) => Number(match[1]));
}

/** The href of the page's <a rel="…"> (attribute order as React writes it does not matter). */
function relLink(html: string, rel: string): string | undefined {
  const tag = [...html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0]).find((item) => item.includes(` rel="${rel}"`));
  return tag ? /href="([^"]+)"/.exec(tag)?.[1] : undefined;
}

describe("news lists", () => {
  it("/news lists every category newest first with tabs and paging, in both languages", async () => {
    for (const [language, heading, tab] of [
      ["zh", "新闻中心", "公司新闻"],
      ["en", "News", "Company news"],
    ] as const) {
      const response = await request(app).get(`/${language}/news`);
      expect(response.status).toBe(200);
      expect(headingOf(response.text)).toBe(heading);
      expect(textOf(response.text)).toContain(tab);
      const all = await newsPage(language);
      expect(articleLinks(response.text)).toEqual(all.list.slice(0, NEWS_PAGE_SIZE).map((item) => item.id));
      expect(response.text).toContain(`href="/${language}/news?page=2"`);
      expect(linkHref(response.text, "canonical")).toBe(`${origin}/${language}/news`);
    }
  });

  it("/news?page=2 is the second page with its own canonical URL; garbage falls back to page 1", async () => {
    const all = await newsPage("en");
    const second = await request(app).get("/en/news?page=2");
    expect(second.status).toBe(200);
    expect(articleLinks(second.text)).toEqual(all.list.slice(NEWS_PAGE_SIZE, 2 * NEWS_PAGE_SIZE).map((item) => item.id));
    expect(linkHref(second.text, "canonical")).toBe(`${origin}/en/news?page=2`);
    const garbage = await request(app).get("/en/news?page=abc");
    expect(garbage.status).toBe(200);
    expect(articleLinks(garbage.text)).toEqual(all.list.slice(0, NEWS_PAGE_SIZE).map((item) => item.id));
  });

  it("a category lists only its articles, page 2 has its index, page 1 has none in its canonical URL", async () => {
    const company = await newsPage("zh", { category: "company" });
    expect(company.total).toBeGreaterThan(NEWS_PAGE_SIZE);
    const first = await request(app).get("/zh/news/company");
    expect(first.status).toBe(200);
    expect(headingOf(first.text)).toBe("公司新闻");
    expect(articleLinks(first.text)).toEqual(company.list.slice(0, NEWS_PAGE_SIZE).map((item) => item.id));
    expect(linkHref(first.text, "canonical")).toBe(`${origin}/zh/news/company`);
    expect(first.text).toContain('href="/zh/news/company/2"');
    expect(first.text).toContain('aria-current="page">公司新闻');

    const second = await request(app).get("/zh/news/company/2");
    expect(second.status).toBe(200);
    expect(articleLinks(second.text)).toEqual(company.list.slice(NEWS_PAGE_SIZE, 2 * NEWS_PAGE_SIZE).map((item) => item.id));
    expect(linkHref(second.text, "canonical")).toBe(`${origin}/zh/news/company/2`);
    expect(second.text).toMatch(/<title>公司新闻 - 第 2 页/);

    const one = await request(app).get("/en/news/company/1");
    expect(one.status).toBe(301);
    expect(one.headers.location).toBe("/en/news/company");
  });

  it("answers the 404 page for an unknown category, a page past the end or a malformed index", async () => {
    const company = await newsPage("en", { category: "company" });
    const past = Math.ceil(company.total / NEWS_PAGE_SIZE) + 1;
    for (const path of ["/en/news/sports", `/en/news/company/${past}`, "/zh/news/company/0", "/zh/news/company/2x", "/en/news?page=999"]) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(404);
      expect(textOf(response.text), path).toMatch(/Page not found|页面不存在|未找到/);
    }
  });
});

describe("a news article", () => {
  it("renders title, date, category, views, cover, body, related and neighbours in its category, in both languages", async () => {
    const company = await newsPage("en", { category: "company" });
    const middle = company.list[2]!;
    for (const language of ["en", "zh"] as const) {
      const response = await request(app).get(`/${language}/news/newsDetail/${middle.id}`);
      expect(response.status).toBe(200);
      const { json } = await upstream.post("/front/queryNewsById", { language, websiteCode: "qingyun", id: middle.id });
      const detail = json.data;
      expect(headingOf(response.text)).toBe(textOf(detail.article.title).trim());
      const text = textOf(response.text);
      expect(text).toContain(detail.article.date);
      expect(text).toContain(language === "en" ? "Company news" : "公司新闻");
      expect(text).toContain(language === "en" ? `${detail.article.views} views` : `${detail.article.views} 次阅读`);
      expect(response.text).toContain(`src="${detail.article.image}"`);
      expect(text).toContain(textOf(detail.article.body[0]).trim().slice(0, 40));
      for (const item of detail.related) expect(response.text).toContain(`/${language}/news/newsDetail/${item.id}`);
      // The neighbours are the articles around it in the company list.
      expect(relLink(response.text, "next")).toBe(`/${language}/news/newsDetail/${company.list[1]!.id}`);
      expect(relLink(response.text, "prev")).toBe(`/${language}/news/newsDetail/${company.list[3]!.id}`);
    }
  });

  it("carries NewsArticle and BreadcrumbList JSON-LD with the required fields", async () => {
    const all = await newsPage("en");
    const response = await request(app).get(`/en/news/newsDetail/${all.list[0]!.id}`);
    const blocks = jsonLdOf(response.text);
    const article = blocks.find((block) => block["@type"] === "NewsArticle")!;
    expect(article).toBeTruthy();
    expect(article.headline).toBe(all.list[0]!.title);
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((article.image as string[])[0]).toMatch(new RegExp(`^${origin}/media/news/`));
    expect((article.publisher as Record<string, string>).name).toBe("Qingyun Power Semiconductor Co., Ltd.");
    expect((article.publisher as Record<string, string>).logo).toBe(`${origin}/media/brand/logo.png`);
    expect(article.mainEntityOfPage).toEqual({ "@type": "WebPage", "@id": `${origin}/en/news/newsDetail/${all.list[0]!.id}` });
    const crumbs = blocks.find((block) => block["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual(["Home", "News", expect.any(String), all.list[0]!.title]);
  });

  it("server rendering counts no view: a crawler's fetch leaves the stored number as it was", async () => {
    const id = (await newsPage("en")).list[1]!.id;
    const before = (await newsPage("en")).list[1]!.views;
    await request(app).get(`/en/news/newsDetail/${id}`).set("user-agent", "Googlebot/2.1 (+http://www.google.com/bot.html)");
    await request(app).get(`/en/news/newsDetail/${id}`);
    expect((await newsPage("en")).list[1]!.views).toBe(before);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const path of ["/en/news/newsDetail/999999", "/zh/news/newsDetail/abc", "/zh/news/newsDetail/0", "/en/news/newsDetail"]) {
      const response = await request(app).get(path);
      expect(response.status, path).toBe(404);
    }
  });
});
