// URL state of the news and jobs lists, the contact form's checks and the paging window: pure functions.
import { describe, expect, it } from "vitest";
import { NEWS_MAX_PAGE, parseNewsId, parseNewsList } from "../../shared/query/news.ts";
import { pageCount } from "../../shared/query/paging.ts";
import { chinaToday, isJobOpen, jobsListPath, parseJobsState, parsePositionId, resumeMailto } from "../../shared/query/jobs.ts";
import { fieldOfError, readLeaveWordForm, validateLeaveWord } from "../../shared/forms/leave-word-form.ts";
import { employmentTypes } from "../../shared/seo/structured-data.ts";
import { pageWindow } from "../../client/components/page-links.tsx";
import { newsDetailPath, newsListPath } from "../../shared/paths.ts";

describe("news list URLs", () => {
  it("reads the all-categories list with its page query, falling back to page 1 for garbage", () => {
    expect(parseNewsList({}, "")).toEqual({ kind: "ok", state: { category: null, page: 1 } });
    expect(parseNewsList({}, "?page=3")).toEqual({ kind: "ok", state: { category: null, page: 3 } });
    for (const search of ["?page=0", "?page=-1", "?page=2.5", "?page=abc", `?page=${NEWS_MAX_PAGE + 1}`]) {
      expect(parseNewsList({}, search)).toEqual({ kind: "ok", state: { category: null, page: 1 } });
    }
  });

  it("reads a category and its page index; a wrong category or index is not found; page 1 moves to its canonical URL", () => {
    expect(parseNewsList({ category: "product" })).toEqual({ kind: "ok", state: { category: "product", page: 1 } });
    expect(parseNewsList({ category: "events", pageIndex: "2" })).toEqual({ kind: "ok", state: { category: "events", page: 2 } });
    expect(parseNewsList({ category: "events", pageIndex: "1" })).toEqual({ kind: "redirect", state: { category: "events", page: 1 } });
    for (const params of [
      { category: "sports" },
      { category: "Company" },
      { category: "company", pageIndex: "0" },
      { category: "company", pageIndex: "02" },
      { category: "company", pageIndex: "x" },
    ]) {
      expect(parseNewsList(params).kind, JSON.stringify(params)).toBe("notFound");
    }
  });

  it("writes the URL the parser reads back, page 1 without an index", () => {
    expect(newsListPath({ category: null, page: 1 })).toBe("/news");
    expect(newsListPath({ category: null, page: 4 })).toBe("/news?page=4");
    expect(newsListPath({ category: "company", page: 1 })).toBe("/news/company");
    expect(newsListPath({ category: "company", page: 2 })).toBe("/news/company/2");
    const state = { category: "industry" as const, page: 3 };
    const [, , category, pageIndex] = newsListPath(state).split("/");
    expect(parseNewsList({ category, pageIndex })).toEqual({ kind: "ok", state });
    expect(newsDetailPath(12)).toBe("/news/newsDetail/12");
  });

  it("reads article ids strictly and counts pages", () => {
    expect(parseNewsId("17")).toBe(17);
    for (const value of [undefined, "", "0", "017", "1e3", "12a", "99999999999"]) expect(parseNewsId(value)).toBeNull();
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(12, 6)).toBe(2);
    expect(pageCount(13, 6)).toBe(3);
  });
});

describe("jobs list URLs", () => {
  it("takes the type from the path (unknown → not found) and the filters from the query", () => {
    expect(parseJobsState(undefined, "")).toEqual({ type: null, location: null, department: null, keyword: null, page: 1 });
    expect(parseJobsState("campus", "?location=%E4%B8%8A%E6%B5%B7&department=Sales&q=+SiC++engineer+&page=2")).toEqual({
      type: "campus",
      location: "上海",
      department: "Sales",
      keyword: "SiC engineer",
      page: 2,
    });
    expect(parseJobsState("astronaut", "")).toBeNull();
    expect(parseJobsState(undefined, `?location=&page=abc&department=${"x".repeat(51)}`)).toEqual({
      type: null,
      location: null,
      department: null,
      keyword: null,
      page: 1,
    });
  });

  it("writes a clean URL that parses back to the same state", () => {
    expect(jobsListPath({ type: null, location: null, department: null, keyword: null, page: 1 })).toBe("/about/joinUs");
    const state = { type: "experienced" as const, location: "上海", department: "Device R&D", keyword: "TCAD", page: 2 };
    const path = jobsListPath(state);
    expect(path).toBe("/about/joinUs/experienced?location=%E4%B8%8A%E6%B5%B7&department=Device+R%26D&q=TCAD&page=2");
    const [pathname, search] = path.split("?");
    expect(parseJobsState(pathname!.split("/")[3], `?${search}`)).toEqual(state);
  });

  it("counts a closing day in China time, and takes applications through it", () => {
    expect(chinaToday(new Date("2026-11-24T15:59:59Z"))).toBe("2026-11-24");
    expect(chinaToday(new Date("2026-11-24T16:00:00Z"))).toBe("2026-11-25");
    expect(isJobOpen("2026-11-25", "2026-11-25")).toBe(true);
    expect(isJobOpen("2026-11-24", "2026-11-25")).toBe(false);
    expect(isJobOpen(null, "2099-01-01")).toBe(true);
  });

  it("reads position ids strictly and writes the résumé mailto with an encoded subject", () => {
    expect(parsePositionId("3")).toBe(3);
    expect(parsePositionId("3.0")).toBeNull();
    expect(resumeMailto("hr@qingyun-power.com", "应聘：工艺工程师 & 实习")).toBe(
      "mailto:hr@qingyun-power.com?subject=%E5%BA%94%E8%81%98%EF%BC%9A%E5%B7%A5%E8%89%BA%E5%B7%A5%E7%A8%8B%E5%B8%88%20%26%20%E5%AE%9E%E4%B9%A0",
    );
    expect(employmentTypes).toEqual({ experienced: "FULL_TIME", campus: "FULL_TIME", intern: "INTERN" });
  });
});

describe("the contact form", () => {
  const good = { name: "王芳", phone: "138 0013 8000", email: "", company: " 某公司 ", content: "请报价" };
  const form = (values: Record<string, string>) => new URLSearchParams(values);

  it("reads the posted fields and spots a filled honeypot", () => {
    expect(readLeaveWordForm(form(good))).toEqual({ values: good, isBot: false });
    expect(readLeaveWordForm(form({ ...good, website: "x" })).isBot).toBe(true);
    expect(readLeaveWordForm(form({})).values).toEqual({ name: "", phone: "", email: "", company: "", content: "" });
  });

  it("accepts a good form and gives the call's input", () => {
    expect(validateLeaveWord(good)).toEqual({ errors: {}, input: { name: "王芳", phone: "138 0013 8000", company: "某公司", content: "请报价" } });
    expect(validateLeaveWord({ ...good, phone: "", email: "a@example.com" }).input).toEqual({
      name: "王芳",
      email: "a@example.com",
      company: "某公司",
      content: "请报价",
    });
  });

  it("names each bad field with its SPEC §5 code", () => {
    expect(validateLeaveWord({ name: "", phone: "123", email: "a@b", company: "", content: "  " }).errors).toEqual({
      name: "E40022009",
      phone: "E40021001",
      email: "E40021002",
      content: "E40022010",
    });
    expect(validateLeaveWord({ ...good, phone: "" }).errors).toEqual({ phone: "E40030009" });
    expect(validateLeaveWord({ ...good, content: "!!!" }).errors).toEqual({ content: "E40022010" });
    expect(fieldOfError("E40021002")).toBe("email");
    expect(fieldOfError("E42900001")).toBeNull();
  });
});

describe("the paging window", () => {
  it("shows first, last and two either side of the current page, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, null, 5]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
  });
});
