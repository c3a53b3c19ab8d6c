// Site search in both languages: FTS5 trigram matches, one- and two-character Chinese queries, type
// filter and counts, escaped and marked snippets, paging and the empty-text error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_OTHER_LANGUAGE_HITS, searchSite, searchTypes, type SearchHit, type SearchType } from "../../shared/contract/index.ts";
import type { Language } from "../../shared/languages.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { body, callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

/** The text of some marked HTML, hits and all. */
const unmark = (html: string) => html.replace(/<\/?mark>/g, "");
const marks = (html: string) => [...html.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) => match[1]!);

function expectSafeMarkup(hit: SearchHit) {
  // Nothing but <mark> and </mark> tags: every other < is escaped.
  expect(hit.titleHtml.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  expect(hit.snippetHtml.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  expect(hit.link).toMatch(/^\//);
}

describe("searchSite", () => {
  it("finds products, documents and news in English, ranked and marked", async () => {
    const { data } = await callOk(upstream, searchSite, "en", { text: "MOSFET", pageSize: 50 });
    expect(data.total).toBeGreaterThan(3);
    expect(data.counts.products).toBeGreaterThan(0);
    // The whole word is marked ("MOSFETs" too).
    expect(data.list[0].titleHtml.toLowerCase()).toMatch(/<mark>mosfets?<\/mark>/);
    for (const hit of data.list as SearchHit[]) {
      expectSafeMarkup(hit);
      expect(marks(hit.titleHtml + hit.snippetHtml).length).toBeGreaterThan(0);
      // Never inside a word: each mark starts a word.
      expect(hit.titleHtml + hit.snippetHtml).not.toMatch(/[A-Za-z0-9]<mark>/);
    }
  });

  it("filters by type and keeps the per-type counts", async () => {
    const { data: all } = await callOk(upstream, searchSite, "en", { text: "SiC" });
    for (const type of ["products", "documents", "news"] as const) {
      expect(all.counts[type], type).toBeGreaterThan(0);
      const { data } = await callOk(upstream, searchSite, "en", { text: "SiC", type, pageSize: 100 });
      expect(data.total).toBe(all.counts[type]);
      expect(data.counts).toEqual(all.counts);
      for (const hit of data.list as SearchHit[]) expect(hit.type).toBe(type);
    }
    const documents = (await callOk(upstream, searchSite, "en", { text: "SiC", type: "documents" })).data.list as SearchHit[];
    for (const hit of documents) expect(hit.downloadPath).toMatch(/^\/front\/attach\/download\//);
  });

  it("finds jobs and content pages", async () => {
    const { data: jobs } = await callOk(upstream, searchSite, "en", { text: "engineer", type: "jobs" });
    expect(jobs.total).toBeGreaterThan(0);
    expect(jobs.list[0].link).toMatch(/^\/about\/joinUs\/positionDetail\/\d+$/);
    const { data: pages } = await callOk(upstream, searchSite, "zh", { text: "青云", type: "pages" });
    expect(pages.total).toBeGreaterThan(0);
  });

  it("finds Chinese text with three or more characters (trigram)", async () => {
    const { data } = await callOk(upstream, searchSite, "zh", { text: "碳化硅" });
    expect(data.total).toBeGreaterThan(3);
    for (const hit of data.list as SearchHit[]) {
      expectSafeMarkup(hit);
      expect(unmark(hit.titleHtml) + unmark(hit.snippetHtml)).toContain("碳化硅");
    }
  });

  it("finds one- and two-character Chinese queries", async () => {
    for (const text of ["碳", "模块"]) {
      const { data } = await callOk(upstream, searchSite, "zh", { text, pageSize: 20 });
      expect(data.total, text).toBeGreaterThan(0);
      for (const hit of data.list as SearchHit[]) {
        expectSafeMarkup(hit);
        expect(marks(hit.titleHtml + hit.snippetHtml), text).toContain(text);
      }
    }
  });

  it("combines terms (all required) and searches only the request's language", async () => {
    const { data } = await callOk(upstream, searchSite, "zh", { text: "碳化硅 模块", pageSize: 100 });
    const { data: wide } = await callOk(upstream, searchSite, "zh", { text: "模块", pageSize: 100 });
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThanOrEqual(wide.total);
    const { data: english } = await callOk(upstream, searchSite, "en", { text: "碳化硅" });
    expect(english.total).toBe(0);
  });

  it("answers the other language's first hits, each marked with its language, when asked", async () => {
    // A Chinese query on the English site: nothing in English, the Chinese content's hits in `other`.
    const { data: chinese } = await callOk(upstream, searchSite, "zh", { text: "碳" });
    expect(chinese.total).toBeGreaterThan(10);
    const { data } = await callOk(upstream, searchSite, "en", { text: "碳", otherLanguage: true });
    expect(data.total).toBe(0);
    expect(data.other).toMatchObject({ language: "zh", total: chinese.total });
    expect(data.other.list).toHaveLength(SEARCH_OTHER_LANGUAGE_HITS);
    expect(data.other.list.map((hit: SearchHit) => hit.id)).toEqual(chinese.list.slice(0, SEARCH_OTHER_LANGUAGE_HITS).map((hit: SearchHit) => hit.id));
    for (const hit of data.other.list as SearchHit[]) {
      expect(hit.language).toBe("zh");
      expect(marks(hit.titleHtml + hit.snippetHtml)).toContain("碳");
      expectSafeMarkup(hit);
    }
    // An English query hits the English text first; the Chinese text that has the word comes apart.
    const { data: english } = await callOk(upstream, searchSite, "en", { text: "MOSFET", otherLanguage: true, type: "news" });
    expect(english.total).toBeGreaterThan(0);
    for (const hit of english.list as SearchHit[]) expect(hit.language).toBe("en");
    expect(english.other?.language).toBe("zh");
    for (const hit of english.other.list as SearchHit[]) expect([hit.type, hit.language]).toEqual(["news", "zh"]);
    // Only when asked, and null when the other language has nothing.
    expect((await callOk(upstream, searchSite, "en", { text: "碳" })).data.other).toBeUndefined();
    expect((await callOk(upstream, searchSite, "zh", { text: "zzqxxj", otherLanguage: true })).data.other).toBeNull();
  });

  it("counts exactly the rows that hold every term, whichever index finds them", async () => {
    // Against a substring test of every row: trigram phrases (three or more characters), the index of Chinese
    // characters and pairs (one or two, Chinese or ASCII: "V", "65"), and their mixes.
    const cases: Array<[Language, string]> = [
      ["zh", "碳化硅"],
      ["zh", "模块"],
      ["zh", "碳"],
      ["zh", "碳化硅 模块"],
      ["zh", "模块 V"],
      ["en", "MOSFET"],
      ["en", "SiC 650"],
      ["en", "V"],
      ["zh", "V"],
      ["en", "65"],
      ["en", "k4"],
      ["en", "SiC 65"],
      ["en", "碳"],
    ];
    for (const [language, text] of cases) {
      const terms = text.split(" ");
      const expected = upstream.db
        .prepare(
          `SELECT type, COUNT(*) AS n FROM search_index WHERE language = ? AND ${terms.map(() => "instr(lower(title || ' ' || body), lower(?)) > 0").join(" AND ")} GROUP BY type`,
        )
        .all(language, ...terms) as Array<{ type: string; n: number }>;
      const { data } = await callOk(upstream, searchSite, language, { text });
      expect(Object.fromEntries(Object.entries(data.counts).filter(([, n]) => n))).toEqual(Object.fromEntries(expected.map((row) => [row.type, row.n])));
      expect(data.total, `${language} ${text}`).toBe(expected.reduce((sum, row) => sum + row.n, 0));
    }
  });

  it("ranks a short term's hits with the term in the title first, then newest first, on every page", async () => {
    // Against a substring test of the stored rows: the rank a row would have if every match were scored and
    // sorted (the query reads two rank-ordered streams instead). The rowid is the index's newest-first place.
    for (const [language, text] of [
      ["en", "V"],
      ["en", "65"],
      ["zh", "碳"],
      ["zh", "模块"],
      ["en", "k4"],
    ] as Array<[Language, string]>) {
      const expected = (
        upstream.db
          .prepare(
            `SELECT ref, link FROM search_index WHERE language = ? AND instr(lower(title || ' ' || body), lower(?)) > 0
             ORDER BY instr(lower(title), lower(?)) = 0, rowid`,
          )
          .all(language, text, text) as Array<{ ref: string; link: string }>
      ).map((row) => row.link + row.ref);
      expect(expected.length, `${language} ${text}`).toBeGreaterThan(4);
      const pageSize = 4;
      const seen: string[] = [];
      for (let pageIndex = 1; (pageIndex - 1) * pageSize < expected.length; pageIndex++) {
        const { data } = await callOk(upstream, searchSite, language, { text, pageSize, pageIndex });
        seen.push(...(data.list as SearchHit[]).map((hit) => hit.link + hit.id));
      }
      expect(seen, `${language} ${text}`).toEqual(expected);
    }
  });

  it("answers each type's first hits with the page when asked, as the type's own call ranks them", async () => {
    for (const [language, text] of [
      ["zh", "SiC"],
      ["zh", "模块"],
      ["en", "V"],
      ["en", "65"],
      ["zh", "碳"],
    ] as Array<[Language, string]>) {
      const { data } = await callOk(upstream, searchSite, language, { text, pageSize: 3, groupSize: 3 });
      const { data: plain } = await callOk(upstream, searchSite, language, { text, pageSize: 3 });
      expect(data.list).toEqual(plain.list);
      // A later page with groups: the page's rows come from each type's first k, k being the page's end.
      const { data: second } = await callOk(upstream, searchSite, language, { text, pageSize: 3, pageIndex: 2, groupSize: 3 });
      expect(second.list).toEqual((await callOk(upstream, searchSite, language, { text, pageSize: 3, pageIndex: 2 })).data.list);
      expect(data.groups.map((group: { type: string }) => group.type)).toEqual(searchTypes.filter((type) => data.counts[type] > 0));
      for (const group of data.groups as Array<{ type: SearchType; list: SearchHit[] }>) {
        const { data: own } = await callOk(upstream, searchSite, language, { text, type: group.type, pageSize: 3 });
        expect(group.list, `${text} ${group.type}`).toEqual(own.list);
      }
    }
    expect((await callOk(upstream, searchSite, "zh", { text: "SiC" })).data.groups).toBeUndefined();
  });

  it("pages the results", async () => {
    const { data: first } = await callOk(upstream, searchSite, "en", { text: "SiC", pageSize: 2 });
    const { data: second } = await callOk(upstream, searchSite, "en", { text: "SiC", pageSize: 2, pageIndex: 2 });
    expect(first.list).toHaveLength(2);
    expect(second.total).toBe(first.total);
    expect(second.list[0].link + second.list[0].id).not.toBe(first.list[0].link + first.list[0].id);
  });

  it("answers an empty list for text found nowhere", async () => {
    const { data } = await callOk(upstream, searchSite, "en", { text: "zzqxxj" });
    expect(data).toMatchObject({ total: 0, list: [] });
  });

  it("refuses empty text and bad input with the envelope", async () => {
    const empty = await callFails(upstream, searchSite, 400, "E40030008", body("zh", { text: "   " }));
    expect(empty.message).toBe("请输入搜索内容");
    await callFails(upstream, searchSite, 400, "E40000002", body("en", {}));
    await callFails(upstream, searchSite, 400, "E40000002", body("en", { text: "x".repeat(101) }));
    await callFails(upstream, searchSite, 400, "E40000002", body("en", { text: "sic", type: "videos" }));
    await callFails(upstream, searchSite, 400, "E40000003", body("en", { text: "sic", fuzzy: true }));
  });

  it("takes FTS syntax as plain text", async () => {
    for (const text of ['"SiC', "NEAR(a b)", "sic*", "a OR b", "-()"]) {
      const response = await upstream.post("/front/searchSite", body("en", { text }));
      expect(response.status, text).toBe(200);
    }
  });
});
