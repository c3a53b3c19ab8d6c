// URL state of the document centre and the search page: pure parse/write functions that agree.
import { describe, expect, it } from "vitest";
import { DOCUMENT_KEYWORD_MAX, defaultDocumentListState, documentListHref, documentListSearch, parseDocumentList, parseSupportPage } from "../../shared/query/support.ts";
import { isWeChatBrowser } from "../../shared/http/user-agent.ts";
import { parseSearchQuery, searchHref, searchQueryString } from "../../shared/query/search.ts";
import { SEARCH_TEXT_MAX } from "../../shared/contract/search.ts";

describe("support pages", () => {
  it("names the document centre for the bare section and knows only the content's pages", () => {
    expect(parseSupportPage(undefined)).toBe("documents");
    expect(parseSupportPage("documents")).toBe("documents");
    expect(parseSupportPage("faq")).toBe("faq");
    expect(parseSupportPage("application-notes")).toBe("application-notes");
    expect(parseSupportPage("simulation-models")).toBe("simulation-models");
    for (const name of ["FAQ", "downloads", "faq/", "../faq"]) expect(parseSupportPage(name), name).toBeNull();
  });

  it("recognises the WeChat in-app browser by MicroMessenger only", () => {
    expect(isWeChatBrowser("Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.44 NetType/WIFI")).toBe(true);
    expect(isWeChatBrowser("Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile Safari/537.36")).toBe(false);
    expect(isWeChatBrowser(undefined)).toBe(false);
  });
});

describe("document centre URL state", () => {
  it("reads type, family, keyword and page", () => {
    expect(parseDocumentList("?type=datasheet&family=100&q=%20QCM040120K4%20&page=2")).toEqual({
      type: "datasheet",
      family: 100,
      keyword: "QCM040120K4",
      page: 2,
    });
    expect(parseDocumentList("")).toEqual(defaultDocumentListState);
  });

  it("falls back to the default for every invalid value", () => {
    expect(parseDocumentList("?type=manual&family=abc&page=0")).toEqual(defaultDocumentListState);
    expect(parseDocumentList("?family=-1&page=2.5")).toEqual(defaultDocumentListState);
    expect(parseDocumentList("?page=100000").page).toBe(1);
    expect(parseDocumentList(`?q=${"x".repeat(500)}`).keyword).toHaveLength(DOCUMENT_KEYWORD_MAX);
    expect(parseDocumentList("?q=gate%20%20%20drive").keyword).toBe("gate drive");
  });

  it("writes one URL per state that reads back to the same state", () => {
    expect(documentListSearch(defaultDocumentListState)).toBe("");
    const state = { type: "applicationNote", family: 300, keyword: "thermal pad", page: 3 } as const;
    const written = documentListSearch(state);
    expect(written).toBe("?type=applicationNote&family=300&q=thermal+pad&page=3");
    expect(parseDocumentList(written)).toEqual(state);
  });

  it("goes back to page 1 when a filter changes and keeps the other filters", () => {
    const state = { type: "datasheet", family: 100, keyword: "", page: 4 } as const;
    expect(documentListHref("/zh/support/documents", state, { type: null })).toBe("/zh/support/documents?family=100");
    expect(documentListHref("/zh/support/documents", state, { page: 5 })).toBe("/zh/support/documents?type=datasheet&family=100&page=5");
  });
});

describe("search URL state", () => {
  it("reads text, type and page; paging exists only inside a type", () => {
    expect(parseSearchQuery("?text=%20SiC%20%20MOSFET%20&type=documents&page=3")).toEqual({ text: "SiC MOSFET", type: "documents", page: 3 });
    expect(parseSearchQuery("?text=SiC&page=3")).toEqual({ text: "SiC", type: null, page: 1 });
    expect(parseSearchQuery("?text=SiC&type=people&page=2")).toEqual({ text: "SiC", type: null, page: 1 });
    expect(parseSearchQuery("?type=news&page=x")).toEqual({ text: "", type: "news", page: 1 });
    expect(parseSearchQuery(`?text=${"碳".repeat(300)}`).text).toHaveLength(SEARCH_TEXT_MAX);
  });

  it("writes the URL it reads back, and a new type starts at page 1", () => {
    const state = { text: "1200 V", type: "products", page: 2 } as const;
    expect(searchQueryString(state)).toBe("?text=1200+V&type=products&page=2");
    expect(parseSearchQuery(searchQueryString(state))).toEqual(state);
    expect(searchHref("/en/search", state, { type: "news" })).toBe("/en/search?text=1200+V&type=news");
    expect(searchHref("/en/search", state, { type: null })).toBe("/en/search?text=1200+V");
  });
});
