import { describe, expect, it } from "vitest";
import { parseSampleProgressQuery, writeSampleProgressQuery } from "../../shared/query/sample-progress.ts";

const parse = (query: string) => parseSampleProgressQuery(new URLSearchParams(query));

describe("sample progress URL state", () => {
  it("reads the tab, the page and the submitted order", () => {
    expect(parse("status=shipped&page=3&submitted=QY20261122-0001")).toEqual({ status: "shipped", page: 3, submitted: "QY20261122-0001" });
    expect(parse("")).toEqual({ status: "all", page: 1, submitted: null });
  });
  it("falls back to the defaults for invalid values", () => {
    expect(parse("status=unkown&page=0&submitted=x")).toEqual({ status: "all", page: 1, submitted: null });
    expect(parse("status=SHIPPED&page=-2")).toEqual({ status: "all", page: 1, submitted: null });
    expect(parse("page=1e3")).toMatchObject({ page: 1 });
    expect(parse("page=99999")).toMatchObject({ page: 1 });
  });
  it("writes one URL per state, defaults left out, and reads back what it wrote", () => {
    expect(writeSampleProgressQuery({ status: "all", page: 1 })).toBe("");
    expect(writeSampleProgressQuery({ status: "inStock", page: 2 })).toBe("?status=inStock&page=2");
    const state = { status: "rejected" as const, page: 4, submitted: null };
    expect(parse(writeSampleProgressQuery(state).slice(1))).toEqual(state);
  });
});
