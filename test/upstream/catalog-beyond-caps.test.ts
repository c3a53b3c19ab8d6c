// Rankings over a family larger than a page can carry: related products are chosen from the whole family and
// the finder's ranking by estimate covers every matching part (a generated catalog of 1,500 parts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGE_SIZE, querySiteListDataByPage, type ProductListItem, type ProductPage } from "../../shared/contract/index.ts";
import { relatedProducts } from "../../shared/catalog/related-products.ts";
import { exampleOperatingPoint } from "../../shared/estimator/operating-point.ts";
import { rankByEstimate, type EstimateSort } from "../../shared/estimator/ranking.ts";
import { emptyFinderQuery } from "../../shared/query/finder.ts";
import { rankedFinderPage } from "../../client/features/estimator/finder-estimates.ts";
import type { PageClient } from "../../client/api/page-client.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "qy-caps-"));
/** The SiC MOSFET family of the generated catalog (several hundred parts at 1,500). */
const FAMILY = 100;

let upstream: TestUpstream;
/** Every product of the family, in catalogue order. */
let family: ProductListItem[];

beforeAll(async () => {
  const generated = spawnSync(process.execPath, ["scripts/content-scale.ts", "--products", "1500", "--news", "20", "--out", work], { cwd: root, encoding: "utf8" });
  expect(generated.status, generated.stderr).toBe(0);
  upstream = await startTestUpstream({ contentDir: work });
  family = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { siteListId: FAMILY, pageIndex, pageSize: MAX_PAGE_SIZE });
    family.push(...data.list);
    if (family.length >= data.total) break;
  }
}, 120_000);
afterAll(async () => {
  await upstream?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("related products", () => {
  it("are the nearest of the whole family, not of its first hundred rows", async () => {
    expect(family.length).toBeGreaterThan(2 * MAX_PAGE_SIZE);
    // The family's last part: its own series lies beyond the first hundred rows.
    const last = family.at(-1)!;
    const { data } = await callOk(upstream, querySiteListDataByPage, "en", { partNumber: last.partNumber });
    const page = data as ProductPage;
    const expected = relatedProducts(page.product!, family, page.paramTable, 4).map((product) => product.partNumber);
    const firstHundred = relatedProducts(page.product!, family.slice(0, MAX_PAGE_SIZE), page.paramTable, 4).map((product) => product.partNumber);
    expect(expected).not.toEqual(firstHundred);
    expect(page.related.map((product) => product.partNumber)).toEqual(expected);
    // They are whole table rows, as the detail page shows them.
    expect(page.related.map((product) => product.id)).toEqual(page.related.map((product) => family.find((row) => row.partNumber === product.partNumber)!.id));
    expect(page.related.every((product) => product.datasheet !== null && Object.keys(product.params).length > 0)).toBe(true);
  });
});

describe("the finder's ranking by estimate", () => {
  it("ranks every matching part, however many pages they fill", async () => {
    const sort: EstimateSort = { fieldId: "estLoss", order: "asc" };
    // 1,300 rows: the family's other parts three times over, then its lowest-loss part at the very end.
    const best = rankByEstimate(family, exampleOperatingPoint, sort)[0]!;
    const others = family.filter((row) => row !== best);
    const rows = [...[0, 1, 2].flatMap((copy) => others.map((row) => ({ ...row, id: row.id + copy * 1_000_000, partNumber: `${row.partNumber}-${copy}` }))), best];
    expect(rows.length).toBeGreaterThan(10 * MAX_PAGE_SIZE);
    const calls: number[] = [];
    const api = {
      language: "en",
      call: async (_call: unknown, body: { pageIndex: number; pageSize: number }) => {
        calls.push(body.pageIndex);
        const start = (body.pageIndex - 1) * body.pageSize;
        return { list: rows.slice(start, start + body.pageSize), total: rows.length, pageIndex: body.pageIndex, pageSize: body.pageSize };
      },
    } as unknown as PageClient;
    const query = { ...emptyFinderQuery(), size: 25 };
    const ranked = await rankedFinderPage(api, { siteListId: FAMILY }, { page: { list: [] } as unknown as ProductPage, query }, { sort, op: exampleOperatingPoint });
    expect(ranked.page.list[0]!.partNumber).toBe(best.partNumber);
    expect(ranked.page.list.map((row) => row.partNumber)).toEqual(
      rankByEstimate(rows, exampleOperatingPoint, sort)
        .slice(0, 25)
        .map((row) => row.partNumber),
    );
    expect(calls.sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil(rows.length / MAX_PAGE_SIZE) }, (_, index) => index + 1));
  });
});
