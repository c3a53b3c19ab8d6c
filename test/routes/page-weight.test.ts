// Page weight does not grow with the catalog: with the shipped content scaled to 1,500 products every page
// type's HTML stays within 1.3 times the same page with the shipped content, and no page carries part
// numbers it does not show (the layout's menus carry at most a few parts per series).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, startSite } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { MAX_SERIES_PARTS } from "../../shared/site/menu-rules.ts";
import { MAX_LISTED_VALUES } from "../../client/pages/products/products-loader.ts";
import { RANGE_MIN_SUFFIX } from "../../shared/query/finder.ts";
import { SHOWN_DOCUMENT_PRODUCTS } from "../../shared/catalog/document-products.ts";
import { CROSS_REFERENCE_REJECTED_SHOWN, CROSS_REFERENCE_SHOWN, queryAttachPage, queryCrossReference, type DocumentMeta } from "../../shared/contract/index.ts";
import { callOk } from "../upstream/content-helpers.ts";

const PRODUCTS = 1500;
const BUDGET = 1.3;
const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "qy-weight-"));

// Finders of a family and of a series (each a full page of 10 rows at both sizes: the shipped content has 15
// and 10 parts there), a product detail, the home page, the news list, a content page, the overview, the
// comparison, and the document lists.
const pages = [
  "/zh",
  "/zh/productAndService/products",
  "/zh/productAndService/products/100?size=10",
  "/en/productAndService/products/120?size=10",
  "/zh/productAndService/productDetail/QCM040120K4",
  "/zh/news",
  "/en/about/us",
  // Documents name the parts they cover (a family's application note: all of them).
  "/zh/productAndService/compare?parts=QCM040120K4,QCM020120K4",
  "/zh/support/application-notes",
  "/en/support/documents?type=applicationNote",
];

let shipped: Awaited<ReturnType<typeof startSite>>;
let scaledUpstream: TestUpstream;
let scaledApp: Awaited<ReturnType<typeof createTestApp>>;
let partNumbers: string[];

beforeAll(async () => {
  const out = path.join(work, "content");
  const result = spawnSync(process.execPath, ["scripts/content-scale.ts", "--products", String(PRODUCTS), "--news", "300", "--out", out], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  shipped = await startSite();
  scaledUpstream = await startTestUpstream({ contentDir: out });
  scaledApp = await createTestApp({ UPSTREAM_URL: scaledUpstream.url });
  partNumbers = (scaledUpstream.db.prepare("SELECT part_number AS partNumber FROM site_list WHERE part_number IS NOT NULL").all() as Array<{ partNumber: string }>).map(
    (row) => row.partNumber,
  );
}, 120_000);

afterAll(async () => {
  await shipped?.close();
  await scaledUpstream?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

async function html(app: Parameters<typeof request>[0], url: string): Promise<string> {
  const response = await request(app).get(url);
  expect(response.status, url).toBe(200);
  return response.text;
}

/** The part numbers of the catalog that occur anywhere in the page's HTML (markup and hydration data). */
function partsIn(page: string): Set<string> {
  const found = new Set<string>();
  for (const match of page.matchAll(/\b[A-Z]{2,4}\d[A-Z0-9-]{4,}\b/g)) found.add(match[0]);
  const known = new Set(partNumbers);
  return new Set([...found].filter((part) => known.has(part)));
}

describe(`with ${PRODUCTS} products`, () => {
  it("holds as many products as generated", () => {
    expect(partNumbers.length).toBe(PRODUCTS);
  });

  it.each(pages)("%s weighs at most 1.3 times the same page with the shipped content", async (url) => {
    const small = Buffer.byteLength(await html(shipped.app, url));
    const large = Buffer.byteLength(await html(scaledApp, url));
    expect(large / small, `${url}: ${small} → ${large} bytes`).toBeLessThanOrEqual(BUDGET);
  });

  it("carries in a page without parts of its own only the menus' few parts per series", async () => {
    const series = scaledUpstream.db.prepare("SELECT count(*) AS n FROM site_list WHERE part_number IS NULL AND parent_id IS NOT NULL").get() as { n: number };
    for (const url of ["/zh", "/zh/news", "/en/about/us"]) {
      const parts = partsIn(await html(scaledApp, url));
      expect(parts.size, url).toBeGreaterThan(0);
      expect(parts.size, url).toBeLessThanOrEqual(series.n * MAX_SERIES_PARTS);
    }
  });

  it("filters a numeric column with many values by its range alone, listing only the values ticked", async () => {
    const distinct = scaledUpstream.db.prepare("SELECT count(DISTINCT json_extract(data, '$.params.rdson')) AS n FROM site_list WHERE parent_id = 120").get() as {
      n: number;
    };
    expect(distinct.n).toBeGreaterThan(MAX_LISTED_VALUES);
    const ticks = (page: string) => [...page.matchAll(/<input[^>]*type="checkbox"[^>]*name="rdson"[^>]*>/g)].length;
    const plain = await html(scaledApp, "/en/productAndService/products/120");
    expect(plain).toContain(`name="rdson${RANGE_MIN_SUFFIX}"`);
    expect(ticks(plain)).toBe(0);
    // A value ticked in the URL (an old link) still shows, ticked, so it can be unticked.
    const value = (
      scaledUpstream.db.prepare("SELECT json_extract(data, '$.params.rdson') AS v FROM site_list WHERE parent_id = 120 AND status = 'on' LIMIT 1").get() as { v: number }
    ).v;
    const ticked = await html(scaledApp, `/en/productAndService/products/120?rdson=${value}`);
    expect(ticks(ticked)).toBe(1);
    expect(ticked).toMatch(/<input[^>]*type="checkbox"[^>]*name="rdson"[^>]*checked/);
  });

  it("names a document's first products and counts the rest of all it covers", async () => {
    const page = await html(scaledApp, "/en/support/application-notes");
    // The application note that covers the most parts, by the upstream's own answer.
    const { data } = await callOk(scaledUpstream, queryAttachPage, "en", { type: "applicationNote", pageIndex: 1, pageSize: 100 });
    const covered = Math.max(...(data.list as DocumentMeta[]).map((document) => document.products.length));
    expect(covered).toBeGreaterThan(SHOWN_DOCUMENT_PRODUCTS);
    expect(page).toContain(`and ${covered - SHOWN_DOCUMENT_PRODUCTS} more`);
  });

  it("shows a competitor part's closest candidates and counts the rest, where the whole catalog holds hundreds", async () => {
    const { data } = await callOk(scaledUpstream, queryCrossReference, "en", { part: "C3M0040120K" });
    const total = data.counts["drop-in"] + data.counts.functional + data.counts["needs-review"];
    expect(total).toBeGreaterThan(CROSS_REFERENCE_SHOWN * 10);
    expect(data.candidates).toHaveLength(CROSS_REFERENCE_SHOWN);
    expect(data.rejectedCount).toBeGreaterThan(CROSS_REFERENCE_REJECTED_SHOWN);
    expect(data.rejected).toHaveLength(CROSS_REFERENCE_REJECTED_SHOWN);
    const url = "/en/productAndService/crossReference?part=C3M0040120K";
    const page = await html(scaledApp, url);
    expect(page).toContain(`The ${CROSS_REFERENCE_SHOWN} closest of all ${total} are shown below`);
    expect(page).toContain(`Not suitable (${data.rejectedCount})`);
    expect([...page.matchAll(/class="xref-candidate"/g)]).toHaveLength(CROSS_REFERENCE_SHOWN);
    const small = Buffer.byteLength(await html(shipped.app, url));
    expect(Buffer.byteLength(page) / small, `${url}: ${small} → ${Buffer.byteLength(page)} bytes`).toBeLessThanOrEqual(BUDGET);
  });
});
