// The finder's URL state: parsing, writing, defaults for invalid input, and the helpers.
import { describe, expect, it } from "vitest";
import { finderListBody } from "../../shared/catalog/finder-list-body.ts";
import {
  DEFAULT_PAGE_SIZE,
  clearFilters,
  finderFields,
  emptyFinderQuery,
  hasFilters,
  needsCanonicalRedirect,
  parseFinderQuery,
  toggleSort,
  withPage,
  withSize,
  withoutFilter,
  writeFinderQuery,
} from "../../shared/query/finder.ts";

const fields = [
  { fieldId: "vds", sortable: true },
  { fieldId: "rdson", sortable: true },
  { fieldId: "package", sortable: false },
];

describe("parseFinderQuery", () => {
  it("reads every part of the issue's form", () => {
    const query = parseFinderQuery("?q=QCM&sort=rdson:desc&package=TO-247-4&package=TOLL&vds=650~1200&rdson=~40&page=2&size=10&op=800V-20A&with=QCD10065T2", fields);
    expect(query).toEqual({
      q: "QCM",
      sort: { fieldId: "rdson", order: "desc" },
      values: { package: ["TO-247-4", "TOLL"] },
      ranges: { vds: { min: 650, max: 1200 }, rdson: { max: 40 } },
      lifecycle: null,
      page: 2,
      size: 10,
      op: "800V-20A",
      // The stage's other part (docs/decisions/043-line-frequency-and-slow-leg.md): carried, never a filter.
      with: "QCD10065T2",
    });
    expect(writeFinderQuery(query)).toContain("&op=800V-20A&with=QCD10065T2");
    expect(parseFinderQuery("?with=", fields).with).toBeNull();
    // An empty one (typed by hand: the form's redirect drops it) goes to the address without it.
    expect(needsCanonicalRedirect(new URLSearchParams("op=p&with="))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("op=&with=QCD10065T2"))).toBe(false);
  });

  it("reads the lifecycle filter: known states in their order, the default (all but obsolete) as none", () => {
    expect(parseFinderQuery("lifecycle=obsolete&lifecycle=active&lifecycle=dead").lifecycle).toEqual(["active", "obsolete"]);
    expect(parseFinderQuery("lifecycle=ltb&lifecycle=nrnd&lifecycle=active&lifecycle=preview").lifecycle).toBeNull();
    expect(parseFinderQuery("lifecycle=dead").lifecycle).toBeNull();
    // "lifecycle" is never a column, whatever the family's fields.
    expect(parseFinderQuery("lifecycle=active", [{ fieldId: "lifecycle", sortable: false }]).values).toEqual({});
    const all = parseFinderQuery("lifecycle=preview&lifecycle=active&lifecycle=nrnd&lifecycle=ltb&lifecycle=obsolete");
    expect(writeFinderQuery(all)).toBe("?lifecycle=preview&lifecycle=active&lifecycle=nrnd&lifecycle=ltb&lifecycle=obsolete");
    expect(hasFilters(all)).toBe(true);
    expect(clearFilters(all).lifecycle).toBeNull();
    // The form's spelling of the default, or states out of order, redirect to the one canonical URL.
    expect(needsCanonicalRedirect(new URLSearchParams("lifecycle=preview&lifecycle=active&lifecycle=nrnd&lifecycle=ltb"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("lifecycle=obsolete&lifecycle=active"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("lifecycle=active&lifecycle=obsolete"))).toBe(false);
  });

  it("falls back to the defaults for invalid values", () => {
    const query = parseFinderQuery("sort=vds:up&page=-3&size=7&vds=a~b&package=1~2&unknown=1&q=%20%20", fields);
    expect(query).toEqual(emptyFinderQuery());
    expect(parseFinderQuery("page=abc&size=1000").page).toBe(1);
    expect(parseFinderQuery("page=abc&size=1000").size).toBe(DEFAULT_PAGE_SIZE);
    expect(parseFinderQuery("sort=nosuch:asc", fields).sort).toBeNull();
    expect(parseFinderQuery("sort=partNumber:desc", fields).sort).toEqual({ fieldId: "partNumber", order: "desc" });
  });

  it("sorts by text columns too but takes ranges only on numeric ones", () => {
    expect(parseFinderQuery("sort=package:asc", fields).sort).toEqual({ fieldId: "package", order: "asc" });
    expect(parseFinderQuery("package=1~5", fields).ranges).toEqual({});
  });

  it("swaps reversed bounds, drops duplicate values and caps the keyword", () => {
    const query = parseFinderQuery(`vds=1700~650&package=TOLL&package=TOLL&q=${"x".repeat(300)}`, fields);
    expect(query.ranges.vds).toEqual({ min: 650, max: 1700 });
    expect(query.values.package).toEqual(["TOLL"]);
    expect(query.q).toHaveLength(100);
  });

  it("accepts the no-JS form's min/max pair and knows it must be redirected", () => {
    const params = new URLSearchParams("vds.min=650&vds.max=&rdson.min=&rdson.max=&q=");
    expect(parseFinderQuery(params, fields).ranges).toEqual({ vds: { min: 650 } });
    expect(needsCanonicalRedirect(params)).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("vds=650~&page=2"))).toBe(false);
  });

  it("keeps any well-formed field without a column list", () => {
    expect(parseFinderQuery("anything=1&x-y=2").values).toEqual({ anything: ["1"] });
  });
});

describe("writeFinderQuery", () => {
  it("writes the issue's form, defaults left out, ~ kept literal", () => {
    const query = parseFinderQuery("size=10&page=3&vds=~1200&package=TO-247-4&sort=vds:asc&q=40 m&op=x", fields);
    expect(writeFinderQuery(query, ["vds", "rdson", "package"])).toBe("?q=40+m&sort=vds:asc&vds=~1200&package=TO-247-4&page=3&size=10&op=x");
    expect(writeFinderQuery(emptyFinderQuery())).toBe("");
  });

  it("round-trips through the parser", () => {
    const search = "?q=SiC&sort=rdson:desc&vds=650&vds=1200&rdson=10~80&package=TO-247-4&page=2&size=50";
    expect(writeFinderQuery(parseFinderQuery(search, fields), ["vds", "rdson", "package"])).toBe(search);
  });
});

describe("state helpers", () => {
  const base = parseFinderQuery("q=x&vds=650&package=TOLL&package=TO-247-4&page=4&size=50&op=p&sort=vds:desc", fields);

  it("toggles the sort and restarts paging", () => {
    expect(toggleSort(base, "rdson")).toMatchObject({ sort: { fieldId: "rdson", order: "asc" }, page: 1 });
    expect(toggleSort(toggleSort(base, "rdson"), "rdson").sort).toEqual({ fieldId: "rdson", order: "desc" });
    expect(toggleSort(base, "vds").sort).toEqual({ fieldId: "vds", order: "asc" });
  });

  it("pages, resizes, removes one filter and clears all but keeps op and sort", () => {
    expect(withPage(base, 0).page).toBe(1);
    expect(withSize(base, 10)).toMatchObject({ size: 10, page: 1 });
    expect(withSize(base, 11).size).toBe(DEFAULT_PAGE_SIZE);
    expect(withoutFilter(base, "package", "TOLL").values).toEqual({ vds: ["650"], package: ["TO-247-4"] });
    expect(withoutFilter(base, "vds").values).toEqual({ package: ["TOLL", "TO-247-4"] });
    const cleared = clearFilters(base);
    expect(hasFilters(cleared)).toBe(false);
    expect(cleared).toMatchObject({ op: "p", sort: { fieldId: "vds", order: "desc" }, size: 50, page: 1 });
    expect(hasFilters(base)).toBe(true);
  });
});

describe("the finder state as the upstream's list body", () => {
  it("carries only what the URL set, paged as asked, and reads columns as the parser does", () => {
    const fields = finderFields([{ fieldId: "vds", sortable: true, paramName: "V<DS>" } as never, { fieldId: "package", sortable: false }]);
    expect(fields).toEqual([
      { fieldId: "vds", sortable: true },
      { fieldId: "package", sortable: false },
    ]);
    const query = parseFinderQuery(new URLSearchParams("q=QY&vds=1200~&package=TO-247&sort=vds:desc&page=2&size=10"), fields);
    expect(finderListBody(7, query, { pageIndex: query.page, pageSize: query.size })).toEqual({
      siteListId: 7,
      keyword: "QY",
      filters: { package: ["TO-247"] },
      ranges: { vds: { min: 1200 } },
      sort: { fieldId: "vds", order: "desc" },
      lifecycle: ["preview", "active", "nrnd", "ltb"],
      pageIndex: 2,
      pageSize: 10,
    });
    // The finder's default hides obsolete parts: the upstream, which lists every state unless told, is told.
    expect(finderListBody(7, parseFinderQuery(new URLSearchParams("")), null)).toEqual({ siteListId: 7, lifecycle: ["preview", "active", "nrnd", "ltb"] });
    expect(finderListBody(7, parseFinderQuery(new URLSearchParams("lifecycle=obsolete")), null)).toEqual({ siteListId: 7, lifecycle: ["obsolete"] });
  });
});
