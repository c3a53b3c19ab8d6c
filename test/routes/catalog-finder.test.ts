// The parametric finder on the server-rendered HTML: the URL state alone decides the rows —
// sort order, value and range filters, paging, the empty result — and the CSV of the whole filtered result.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { finderRows, textOf, upstreamProducts } from "./catalog-helpers.ts";
import { typicalPart } from "../../client/features/estimator/finder-operating-point.tsx";
import { callPath, querySiteListDataByPage } from "../../shared/contract/index.ts";
import { exampleOperatingPoint, suggestOperatingPoint } from "../../shared/estimator/index.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** 1200 V SiC MOSFETs (a series) and SiC MOSFETs (its family). */
const SERIES = 120;
const FAMILY = 100;
const get = (url: string) => request(site.app).get(url);

async function columnIndex(fieldId: string, id = SERIES) {
  const data = await upstreamProducts(site.upstream, "en", { siteListId: id, pageSize: 1 });
  const index = data.paramTable.findIndex((column) => column.fieldId === fieldId);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

describe("the finder table", () => {
  it("has grouped headers with subscripts, units, descriptions and sort links in both languages", async () => {
    for (const [language, partNumber, description] of [
      ["en", "Part number", "Drain-source voltage"],
      ["zh", "型号", "漏源电压"],
    ] as const) {
      const response = await get(`/${language}/productAndService/products/${SERIES}`);
      expect(response.status).toBe(200);
      const head = /<thead>([\s\S]*?)<\/thead>/.exec(response.text)?.[1] ?? "";
      // Two header rows: "I<D>" spans its two current columns; "R<DS(on)>" sits over "typ (mΩ)".
      expect(head.match(/<tr>/g)).toHaveLength(2);
      expect(head).toMatch(/<th[^>]*scope="colgroup"[^>]*colSpan="2"[^>]*><span>I<\/span><sub>D<\/sub><\/th>/);
      expect(head).toContain("<sub>DS(on)</sub>");
      expect(head).toContain("(mΩ)");
      expect(head).toContain(partNumber);
      // screenName is the accessible description of its header.
      const described = /<th[^>]*aria-describedby="([^"]+)"/.exec(head)?.[1];
      expect(described).toBeTruthy();
      expect(head).toContain(`id="${described}" hidden="">${description}</span>`);
      // Sorting is a real link in the URL form.
      expect(head).toContain(`href="/${language}/productAndService/products/${SERIES}?sort=rdson:asc"`);
      expect(head).not.toContain("aria-sort");
    }
  });

  it("writes the device symbols of the family, series and overview summaries with subscripts, as the table does", async () => {
    // The family's summary states its diodes' rating at "TC = 135 °C"; the 650 V series' summary names "Eoss";
    // the overview carries the families' summaries. Content written flat is drawn like the table's headers.
    for (const [url, flat, drawn] of [
      ["/en/productAndService/products/200", "TC = 135", "T</span><sub>C</sub><span> = 135"],
      ["/zh/productAndService/products/200", "TC = 135", "T</span><sub>C</sub><span> = 135"],
      ["/en/productAndService/products/110", "low Eoss", "E</span><sub>oss</sub>"],
      ["/en/productAndService/products", "TC = 135", "T</span><sub>C</sub><span> = 135"],
    ] as const) {
      const response = await get(url);
      expect(response.status).toBe(200);
      // What the page shows (the loader's data and the meta description keep the content's own spelling).
      const prose = (/<main[\s\S]*<\/main>/.exec(response.text)?.[0] ?? "").replace(/<!--.*?-->/g, "");
      expect(prose, url).toContain(drawn);
      expect(prose, url).not.toContain(flat);
    }
  });

  it("sorts numerically by the URL, ascending and descending, with aria-sort on the header", async () => {
    const rdson = await columnIndex("rdson");
    for (const order of ["asc", "desc"] as const) {
      const response = await get(`/en/productAndService/products/${SERIES}?sort=rdson:${order}`);
      expect(response.status).toBe(200);
      const values = finderRows(response.text).map((row) => Number(row.cells[rdson]));
      expect(values.length).toBeGreaterThan(3);
      expect(values).toEqual([...values].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(response.text).toMatch(new RegExp(`aria-sort="${order === "asc" ? "ascending" : "descending"}"`));
      // The header's link now offers the other direction; the filter form keeps the sort.
      expect(response.text).toContain(`?sort=rdson:${order === "asc" ? "desc" : "asc"}"`);
      expect(response.text).toContain(`name="sort" value="rdson:${order}"`);
    }
  });

  it("sorts text columns as text and by part number", async () => {
    const response = await get(`/en/productAndService/products/${FAMILY}?sort=partNumber:desc&size=50`);
    const parts = finderRows(response.text).map((row) => row.part);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts).toEqual([...parts].sort((a, b) => b.localeCompare(a, "en")));
  });

  it("filters by a value: only matching rows, the checkbox checked, a removable chip", async () => {
    const packageIndex = await columnIndex("package", FAMILY);
    const expected = await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, filters: { package: ["TO-247-4"] } });
    expect(expected.total).toBeGreaterThan(1);
    const response = await get(`/en/productAndService/products/${FAMILY}?package=TO-247-4&size=50`);
    const rows = finderRows(response.text);
    expect(rows.map((row) => row.part).sort()).toEqual(expected.list.map((item) => item.partNumber).sort());
    for (const row of rows) expect(row.cells[packageIndex]).toBe("TO-247-4");
    const checkbox = /<input type="checkbox" name="package"[^>]*value="TO-247-4"[^>]*>/.exec(response.text)?.[0] ?? "";
    expect(checkbox).toMatch(/type="checkbox"/);
    expect(checkbox).toMatch(/checked=""/);
    expect(textOf(response.text)).toContain(`1–${expected.total} of ${expected.total} products`);
    const chip = /<a [^>]*aria-label="Remove filter Package: TO-247-4"[^>]*>/.exec(response.text)?.[0] ?? "";
    expect(chip).toContain(`href="/en/productAndService/products/${FAMILY}?size=50"`);
  });

  it("filters by a numeric range (either side may be empty)", async () => {
    const vds = await columnIndex("vds", FAMILY);
    const response = await get(`/en/productAndService/products/${FAMILY}?vds=1000~&size=50`);
    const rows = finderRows(response.text);
    const expected = await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, ranges: { vds: { min: 1000 } } });
    expect(rows).toHaveLength(expected.total);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.cells[vds])).toBeGreaterThanOrEqual(1000);
    // The range shows in its inputs for the next edit.
    expect(response.text).toMatch(/name="vds\.min" value="1000"/);

    const both = finderRows((await get(`/en/productAndService/products/${FAMILY}?vds=600~700&size=50`)).text);
    expect(both.length).toBeGreaterThan(0);
    for (const row of both) expect(Number(row.cells[vds])).toBe(650);
  });

  it("pages with a page size: page 2 holds the rest, N of M products, links to other pages", async () => {
    const all = await upstreamProducts(site.upstream, "zh", { siteListId: FAMILY });
    expect(all.total).toBeGreaterThan(10);
    const response = await get(`/zh/productAndService/products/${FAMILY}?page=2&size=10`);
    expect(response.status).toBe(200);
    const rows = finderRows(response.text);
    expect(rows.map((row) => row.part)).toEqual(all.list.slice(10, 20).map((item) => item.partNumber));
    expect(textOf(response.text)).toContain(`第11–${Math.min(20, all.total)}款，共${all.total}款产品`);
    expect(response.text).toContain(`href="/zh/productAndService/products/${FAMILY}?size=10"`);
    // The site's pager marks the current page (its number, with the words for screen readers beside it).
    expect(response.text).toMatch(/<span aria-current="page"><span class="visually-hidden">第 2 页<\/span><span aria-hidden="true">2<\/span><\/span>/);
    // A page past the end goes to the last page that exists.
    const beyond = await get(`/zh/productAndService/products/${FAMILY}?page=99&size=10`);
    expect(beyond.status).toBe(302);
    expect(beyond.headers.location).toBe(`/zh/productAndService/products/${FAMILY}?page=${Math.ceil(all.total / 10)}&size=10`);
  });

  it("shows an empty result with what was filtered and a way to clear it", async () => {
    const response = await get(`/en/productAndService/products/${SERIES}?q=NOSUCHPART&sort=vds:asc`);
    expect(response.status).toBe(200);
    expect(finderRows(response.text)).toEqual([]);
    const empty = /<div class="finder-empty"[\s\S]*?<\/div>/.exec(response.text)?.[0] ?? "";
    expect(textOf(empty)).toContain("No products match these filters");
    expect(textOf(empty)).toContain("Keyword: NOSUCHPART");
    // Clearing keeps the sort.
    expect(empty).toContain(`href="/en/productAndService/products/${SERIES}?sort=vds:asc"`);
    // The count line says that nothing matches, never "0–0 of 0 products", in both languages.
    for (const [language, none] of [
      ["en", "No products match"],
      ["zh", "没有匹配的产品"],
    ] as const) {
      const page = language === "en" ? response : await get(`/zh/productAndService/products/${SERIES}?q=NOSUCHPART`);
      const count = /<p class="finder-bar__count"[^>]*>([\s\S]*?)<\/p>/.exec(page.text)?.[1] ?? "";
      expect(textOf(count)).toBe(none);
      expect(page.text).not.toMatch(/0–0/);
    }
  });

  it("falls back to defaults for invalid state and answers the no-JS form with the canonical URL", async () => {
    const invalid = await get(`/en/productAndService/products/${SERIES}?sort=nosuch:up&page=abc&size=7&nosuch=1&package=1~2`);
    expect(invalid.status).toBe(200);
    expect(finderRows(invalid.text).length).toBeGreaterThan(0);
    const form = await get(`/en/productAndService/products/${SERIES}?q=&size=10&vds.min=1000&vds.max=&rdson.min=&rdson.max=50&package=TO-247-4`);
    expect(form.status).toBe(302);
    expect(form.headers.location).toBe(`/en/productAndService/products/${SERIES}?vds=1000~&rdson=~50&package=TO-247-4&size=10`);
  });

  it("keeps the estimator's op parameter in every link it writes", async () => {
    const response = await get(`/en/productAndService/products/${FAMILY}?op=800V-20A&size=10`);
    const links = [...response.text.matchAll(/href="(\/en\/productAndService\/products\/100[^"]*)"/g)].map((match) => match[1]!);
    const finderLinks = links.filter((link) => link.includes("?"));
    expect(finderLinks.length).toBeGreaterThan(5);
    for (const link of finderLinks) expect(link).toContain("op=800V-20A");
    expect(response.text).toContain('name="op" value="800V-20A"');
  });
});

describe("a finder page without an operating point", () => {
  it("asks for the typical part's loss data alone: the same part the rows' own loss data choose", async () => {
    for (const [id, filters] of [
      [FAMILY, {}],
      [SERIES, {}],
      [FAMILY, { ranges: { vds: { max: 700 } } }],
      // Gate drivers: no loss data on any row.
      [400, {}],
    ] as const) {
      const full = await upstreamProducts(site.upstream, "en", { siteListId: id, ...filters });
      const lean = await upstreamProducts(site.upstream, "en", { siteListId: id, ...filters, loss: "typical" });
      const none = await upstreamProducts(site.upstream, "en", { siteListId: id, ...filters, loss: "none" });
      expect(none.typicalLoss).toBeNull();
      expect(none.list).toEqual(lean.list);
      expect(lean.list.map((row) => row.partNumber)).toEqual(full.list.map((row) => row.partNumber));
      expect(lean.list.every((row) => row.loss === null)).toBe(true);
      expect(full.typicalLoss).toBeNull();
      expect(lean.typicalLoss).toEqual(typicalPart(full.list) ?? null);
      // Every other field of a row is the same.
      expect(lean.list.map((row) => ({ ...row, loss: null }))).toEqual(full.list.map((row) => ({ ...row, loss: null })));
    }
    // The shipped families do have loss data on their rows: the comparison above compares something.
    expect(typicalPart((await upstreamProducts(site.upstream, "en", { siteListId: FAMILY })).list)).toBeDefined();
  });

  it("refuses a loss choice it does not know (a careless or hostile body) with the contract's 400, and goes on serving", async () => {
    for (const loss of ["all", "", "typical\u0000", 1, null, ["rows"], "x".repeat(10_000)]) {
      const response = await site.upstream.post(callPath(querySiteListDataByPage, "qingyun"), {
        language: "en",
        sitePageDataType: 1,
        websiteCode: "qingyun",
        siteListId: SERIES,
        loss,
      });
      expect(response.status, JSON.stringify(loss).slice(0, 40)).toBe(400);
    }
    expect((await upstreamProducts(site.upstream, "en", { siteListId: SERIES, loss: "typical" })).typicalLoss).not.toBeNull();
  });

  it("suggests the same operating point as the typical part's loss data make", async () => {
    const full = await upstreamProducts(site.upstream, "en", { siteListId: SERIES });
    const suggested = suggestOperatingPoint(typicalPart(full.list)!);
    // Not the point shown without any part's data, so the page shows it only when the typical part came.
    expect([suggested.vBus, suggested.current]).not.toEqual([exampleOperatingPoint.vBus, exampleOperatingPoint.current]);
    const html = (await get(`/en/productAndService/products/${SERIES}`)).text;
    const panel = /<details class="op-bar"[\s\S]*?<\/details>/.exec(html)?.[0] ?? "";
    expect(panel).toContain(`value="${suggested.vBus}"`);
    expect(panel).toContain(`value="${suggested.current}"`);
  });
});

describe("the finder's CSV", () => {
  it("holds the whole filtered result with the header row in the page's language", async () => {
    const expected = await upstreamProducts(site.upstream, "en", { siteListId: FAMILY, ranges: { vds: { min: 1000 } }, sort: { fieldId: "rdson", order: "asc" } });
    const response = await get(`/en/productAndService/products/${FAMILY}.csv?vds=1000~&sort=rdson:asc&page=2&size=10`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="qingyun-100-en\.csv"$/);
    const lines = response.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Part number,VDS \(V\),RDS\(on\) typ \(mΩ\),/);
    // Every page, not the one in the URL.
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected.list.map((item) => item.partNumber));

    const zh = await get(`/zh/productAndService/products/${FAMILY}.csv`);
    expect(zh.status).toBe(200);
    expect(zh.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toMatch(/^型号,VDS \(V\),RDS\(on\) 典型值 \(mΩ\),/);
  });

  it("answers 404 for unknown or off categories and for products", async () => {
    for (const id of [999, 230, 10001]) expect((await get(`/en/productAndService/products/${id}.csv`)).status).toBe(404);
  });
});
