// Every statement the catalog calls run (finder list, count, sort, filters, keyword; product detail; document
// lists; search; filter values) reads its rows from an index, never by walking the product tree per call, per
// row or per document: a real vendor lists 10,000 parts (SQLite's query plans of the statements actually run).
import { StatementSync, type SQLInputValue } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  queryAttachInfo,
  queryNoticeByNumber,
  queryNoticeByPage,
  queryAttachPage,
  queryDistinctProductFieldData,
  querySiteList,
  querySiteListDataByPage,
  searchSite,
  type CallDefinition,
} from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
/** Every statement run while recording, with the parameters it ran with. */
const recorded: Array<{ sql: string; params: SQLInputValue[] }> = [];
const originals = { all: StatementSync.prototype.all, get: StatementSync.prototype.get, iterate: StatementSync.prototype.iterate };

beforeAll(async () => {
  upstream = await startTestUpstream();
  for (const method of ["all", "get", "iterate"] as const) {
    const original = originals[method];
    // Records what the upstream's handlers run (same process); EXPLAIN statements of this test are not recorded.
    StatementSync.prototype[method] = function (this: StatementSync, ...params: SQLInputValue[]) {
      if (!this.sourceSQL.startsWith("EXPLAIN")) recorded.push({ sql: this.sourceSQL, params });
      return (original as (...args: SQLInputValue[]) => unknown).apply(this, params);
    } as never;
  }
}, 60_000);
afterAll(async () => {
  StatementSync.prototype.all = originals.all;
  StatementSync.prototype.get = originals.get;
  StatementSync.prototype.iterate = originals.iterate;
  await upstream.cleanup();
});

/** The rows of the list the last call answered. */
let lastRows = 0;

/** The plan lines of every statement one call ran, e.g. "SEARCH t USING PRIMARY KEY (ancestor_id=?)". */
async function plansOf(call: CallDefinition, fields: Record<string, unknown>) {
  recorded.length = 0;
  const { data } = await callOk(upstream, call, "en", fields);
  lastRows = Array.isArray(data.list) ? data.list.length : 0;
  const statements = recorded.splice(0);
  expect(statements.length).toBeGreaterThan(0);
  return statements.map(({ sql, params }) => ({
    sql,
    plan: (upstream.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail),
  }));
}

const cases: Array<[string, CallDefinition, Record<string, unknown>]> = [
  ["finder: a family's first page", querySiteListDataByPage, { siteListId: 100, pageSize: 25 }],
  ["finder: a series, last page of 100", querySiteListDataByPage, { siteListId: 110, pageIndex: 1, pageSize: 100 }],
  ["finder: filtered by values and a range", querySiteListDataByPage, { siteListId: 100, filters: { vds: [1200, 650] }, ranges: { rdson: { min: 10, max: 200 } } }],
  ["finder: sorted by a number", querySiteListDataByPage, { siteListId: 100, sort: { fieldId: "qg", order: "desc" }, filters: { vds: [1200] } }],
  ["finder: sorted by part number", querySiteListDataByPage, { siteListId: 100, sort: { fieldId: "partNumber", order: "asc" } }],
  ["finder: keyword", querySiteListDataByPage, { siteListId: 100, keyword: "sic" }],
  ["finder: the default lifecycle filter and its hidden count", querySiteListDataByPage, { siteListId: 100, lifecycle: ["preview", "active", "nrnd", "ltb"] }],
  ["product detail", querySiteListDataByPage, { partNumber: "QCM040120K4" }],
  ["the menus' product tree (each category's first parts)", querySiteList, { type: 1, partsPerCategory: 3 }],
  ["the product tree's categories", querySiteList, { type: 1, partsPerCategory: 0 }],
  ["filter values of a family", queryDistinctProductFieldData, { siteListId: 100 }],
  ["filter values of a series", queryDistinctProductFieldData, { siteListId: 110 }],
  ["documents of a category", queryAttachPage, { categoryId: 100, pageSize: 20 }],
  ["documents of a type", queryAttachPage, { type: "datasheet", pageSize: 20 }],
  ["documents of every type", queryAttachPage, { pageSize: 20 }],
  ["documents of a part number", queryAttachPage, { partNumber: "QCM040120K4" }],
  ["one document", queryAttachInfo, { id: "ds-qcm040120k4" }],
  ["change notices: newest first", queryNoticeByPage, { pageSize: 10 }],
  ["change notices: of a part", queryNoticeByPage, { partNumber: "QCM040120K4" }],
  ["change notices: of a family, one type and year", queryNoticeByPage, { familyId: 100, type: "change", year: 2026 }],
  ["one change notice", queryNoticeByNumber, { number: "PCN-2026-001" }],
  ["search", searchSite, { text: "MOSFET", pageSize: 10 }],
  ["search: the All view (each type's first hits) and the other language's", searchSite, { text: "MOSFET", pageSize: 3, groupSize: 3, otherLanguage: true }],
  ["search: one type", searchSite, { text: "SiC", type: "documents", pageSize: 10 }],
  ["search: a two-character Chinese word", searchSite, { text: "模块", pageSize: 3, groupSize: 3, otherLanguage: true }],
  ["search: a one-character Chinese term", searchSite, { text: "碳", pageSize: 10 }],
  ["search: long and short terms", searchSite, { text: "碳化硅 模块", pageSize: 10 }],
  ["search: a Chinese and a short ASCII term", searchSite, { text: "模块 V", pageSize: 10 }],
  ["search: a one-character ASCII term", searchSite, { text: "V", pageSize: 3, groupSize: 3 }],
  ["search: a two-digit term", searchSite, { text: "65", pageSize: 10 }],
];

/**
 * A full walk of a table. Not one: a virtual FTS table searched by MATCH (its index) or by rowid (its "=");
 * the matches a search ranks, read back from the statement's own subqueries (page, ranked, hits).
 */
const tableScan = /^SCAN (?!search_(index|grams) VIRTUAL TABLE INDEX \d+:[M=]|(page|ranked|hits|\(subquery-\d+\))$|s VIRTUAL TABLE INDEX \d+:=$)/;

describe("catalog query plans", () => {
  for (const [name, call, fields] of cases) {
    it(`${name}: every statement searches an index, none walks the tree`, async () => {
      for (const { sql, plan } of await plansOf(call, fields)) {
        const where = `${sql}\n${plan.join("\n")}`;
        expect(sql, where).not.toMatch(/WITH RECURSIVE/i);
        for (const line of plan) {
          expect(line, where).not.toMatch(tableScan);
          expect(line, where).not.toMatch(/RECURSIVE|AUTOMATIC/);
        }
      }
    });
  }

  for (const [name, call, fields] of [
    ["a finder page in catalogue order", querySiteListDataByPage, { siteListId: 100, pageIndex: 2, pageSize: 10 }],
    ["the newest documents of every type", queryAttachPage, { pageIndex: 2, pageSize: 10 }],
  ] as const) {
    it(`reads ${name} from an index in order, without sorting every row`, async () => {
      const list = (await plansOf(call, fields)).find(({ sql }) => /LIMIT \? OFFSET \?/.test(sql));
      expect(list).toBeDefined();
      expect(list!.plan.join("\n")).not.toMatch(/TEMP B-TREE/);
    });
  }

  // Every document index answers "datasheet" or "language" for all documents: a query that starts there walks them all.
  for (const [name, fields] of [
    ["a finder page's datasheets", { siteListId: 100, pageSize: 10 }],
    ["a product's documents and related products", { partNumber: "QCM040120K4" }],
  ] as const) {
    it(`looks ${name} up from the products, not from every document`, async () => {
      const byProduct = (await plansOf(querySiteListDataByPage, fields)).filter(({ sql }) => /dp\.product_id (=|IN)/.test(sql));
      expect(byProduct.length).toBeGreaterThan(0);
      for (const { sql, plan } of byProduct) expect(plan[0], `${sql}\n${plan.join("\n")}`).toMatch(/^SEARCH dp USING .*\(product_id=\?\)/);
    });
  }

  // A query run once per row (or per document) shows as more statements for a longer page.
  for (const [name, call, fields] of [
    ["finder rows", querySiteListDataByPage, { siteListId: 100 }],
    ["documents", queryAttachPage, { type: "datasheet" }],
  ] as const) {
    it(`${name}: as many statements for a long page as for a short one`, async () => {
      const few = await plansOf(call, { ...fields, pageSize: 2 });
      const many = await plansOf(call, { ...fields, pageSize: 12 });
      expect(lastRows).toBeGreaterThan(2);
      expect(many.length).toBe(few.length);
    });
  }
});
