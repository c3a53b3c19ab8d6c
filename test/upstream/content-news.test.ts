// Contract tests of the news calls and of the view counter (once per visitor, article and day), the counted
// views on each store (docs/decisions/044-store-interface-and-postgresql.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPageView, newsCategories, queryNewsById, queryNewsByPage, type NewsListItem } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk, provider } from "./content-helpers.ts";
import { callPath } from "../../shared/contract/index.ts";
import { storeKinds } from "./stores.ts";

let upstream: TestUpstream;
// 2026-11-20 10:00 in Beijing (UTC+8); the counter's day changes at 16:00 UTC.
const clock = Date.parse("2026-11-20T02:00:00Z");

beforeAll(async () => {
  upstream = await startTestUpstream({ now: () => clock });
});
afterAll(() => upstream.cleanup());

describe("queryNewsByPage", () => {
  it("lists newest first with category counts, in both languages", async () => {
    for (const language of ["en", "zh"] as const) {
      const { data } = await callOk(upstream, queryNewsByPage, language, { pageSize: 100 });
      const keys = data.list.map((item: NewsListItem) => `${item.date}#${String(item.id).padStart(6, "0")}`);
      expect(keys).toEqual([...keys].sort().reverse());
      expect(Object.values(data.categoryCounts as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(data.total);
      for (const item of data.list as NewsListItem[]) expect(item.image).toMatch(/^\/media\//);
    }
  });

  it("filters by category and tag, and pages", async () => {
    for (const category of newsCategories) {
      const { data } = await callOk(upstream, queryNewsByPage, "en", { category, pageSize: 100 });
      expect(data.total).toBe(data.categoryCounts[category]);
      for (const item of data.list as NewsListItem[]) expect(item.category).toBe(category);
    }
    const { data: first } = await callOk(upstream, queryNewsByPage, "zh", { pageSize: 3 });
    const tag = first.list[0].tags[0];
    const { data: tagged } = await callOk(upstream, queryNewsByPage, "zh", { tag, pageSize: 100 });
    expect(tagged.total).toBeGreaterThan(0);
    for (const item of tagged.list as NewsListItem[]) expect(item.tags).toContain(tag);
    const { data: second } = await callOk(upstream, queryNewsByPage, "zh", { pageSize: 3, pageIndex: 2 });
    expect(second.list[0].id).toBe((await callOk(upstream, queryNewsByPage, "zh", { pageSize: 6 })).data.list[3].id);
  });

  it("refuses bad input", async () => {
    await callFails(upstream, queryNewsByPage, 400, "E40000002", body("en", { category: "sports" }));
    await callFails(upstream, queryNewsByPage, 400, "E40000002", body("en", { pageSize: 0 }));
    await callFails(upstream, queryNewsByPage, 400, "E40000003", body("en", { year: 2026 }));
  });
});

describe("queryNewsById", () => {
  it("answers the article with up to 4 related articles sharing its category or a tag", async () => {
    const { data: page } = await callOk(upstream, queryNewsByPage, "en", { pageSize: 5 });
    const id = page.list[2].id;
    const { data } = await callOk(upstream, queryNewsById, "en", { id });
    expect(data.article.id).toBe(id);
    expect(data.article.body.length).toBeGreaterThan(0);
    expect(data.related.length).toBeGreaterThan(0);
    expect(data.related.length).toBeLessThanOrEqual(4);
    for (const item of data.related as NewsListItem[]) {
      expect(item.id).not.toBe(id);
      expect(item.category === data.article.category || item.tags.some((tag) => data.article.tags.includes(tag))).toBe(true);
    }
    // Neighbours are the articles around it in its own category.
    const { data: inCategory } = await callOk(upstream, queryNewsByPage, "en", { category: data.article.category, pageSize: 50 });
    const index = (inCategory.list as NewsListItem[]).findIndex((item) => item.id === id);
    expect(data.next?.id ?? null).toBe(inCategory.list[index - 1]?.id ?? null);
    expect(data.previous?.id ?? null).toBe(inCategory.list[index + 1]?.id ?? null);
  });

  it("answers 404 for an unknown article and 400 for a bad id", async () => {
    await callFails(upstream, queryNewsById, 404, "E40030006", body("en", { id: 999999 }));
    await callFails(upstream, queryNewsById, 400, "E40000002", body("en", { id: "1" }));
    await callFails(upstream, queryNewsById, 400, "E40000002", body("en", {}));
  });
});

describe.each(storeKinds)("addPageView on %s", (store) => {
  let upstream: TestUpstream;
  let clock = Date.parse("2026-11-20T02:00:00Z");
  beforeAll(async () => {
    upstream = await startTestUpstream({ now: () => clock, store });
  });
  afterAll(() => upstream.cleanup());

  const view = (id: number, headers: Record<string, string> = {}) =>
    upstream.post(callPath(addPageView, provider), body("en", { id }), { "user-agent": "vitest-a", ...headers });

  it("counts a visitor once per article and day, by cookie or by address and user agent", async () => {
    const { data: page } = await callOk(upstream, queryNewsByPage, "en", { pageSize: 1 });
    const id = page.list[0].id;
    const before = page.list[0].views;

    const first = await view(id);
    expect(first.json.data).toEqual({ id, views: before + 1, counted: true });
    const cookie = /qy_vid=([^;]+)/.exec(first.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBeDefined();
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly/i);

    // The same visitor again: with its new cookie, and without it (same address and user agent).
    expect((await view(id, { cookie: `qy_vid=${cookie}` })).json.data).toMatchObject({ views: before + 1, counted: false });
    expect((await view(id)).json.data).toMatchObject({ views: before + 1, counted: false });
    // Another visitor.
    expect((await view(id, { cookie: "qy_vid=AAAAAAAAAAAAAAAAAAAAAA" })).json.data).toMatchObject({ views: before + 2, counted: true });
    expect((await view(id, { "user-agent": "vitest-b" })).json.data).toMatchObject({ views: before + 3, counted: true });

    // 15:59 UTC is still the same day in Beijing; 16:00 UTC is the next.
    clock = Date.parse("2026-11-20T15:59:00Z");
    expect((await view(id, { cookie: `qy_vid=${cookie}` })).json.data.counted).toBe(false);
    clock = Date.parse("2026-11-20T16:00:00Z");
    expect((await view(id, { cookie: `qy_vid=${cookie}` })).json.data).toMatchObject({ views: before + 4, counted: true });

    // The list and the article show the counted views; the other language counts the same article.
    const { data: after } = await callOk(upstream, queryNewsById, "zh", { id });
    expect(after.article.views).toBe(before + 4);
    expect((await callOk(upstream, queryNewsByPage, "en", { pageSize: 1 })).data.list[0]).toMatchObject({ id, views: before + 4 });
    // An article that lists it as related shows its counted views too.
    const { data: all } = await callOk(upstream, queryNewsByPage, "en", { pageSize: 100 });
    let shownAsRelated = 0;
    for (const other of all.list as NewsListItem[]) {
      if (other.id === id) continue;
      const related = (await callOk(upstream, queryNewsById, "en", { id: other.id })).data.related as NewsListItem[];
      for (const item of related.filter((entry) => entry.id === id)) {
        expect(item.views).toBe(before + 4);
        shownAsRelated += 1;
      }
    }
    expect(shownAsRelated).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown article and 400 for bad input", async () => {
    await callFails(upstream, addPageView, 404, "E40030006", body("en", { id: 999999 }));
    await callFails(upstream, addPageView, 400, "E40000002", body("en", { id: -1 }));
    await callFails(upstream, addPageView, 400, "E40000003", body("en", { id: 1, visitor: "x" }));
  });
});
