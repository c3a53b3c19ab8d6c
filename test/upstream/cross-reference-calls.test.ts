// The cross-reference calls against the shipped catalog: one part with tiers and tables in both languages, a
// decoded Mitsubishi number, suggestions for partial and mistyped numbers, a bill of materials, and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { materialiseProductTree } from "../../server/upstream/catalog/product-tree.ts";
import { CROSS_REFERENCE_BATCH_MAX, queryCrossReference, queryCrossReferenceBatch } from "../../shared/contract/index.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callFails, callOk } from "./content-helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

describe("queryCrossReference", () => {
  it("answers a known part with candidates of its device type, closest first (its twin before a higher voltage class), each with its table", async () => {
    for (const language of ["zh", "en"] as const) {
      const { data } = await callOk(upstream, queryCrossReference, language, { part: " c3m-0040120k " });
      expect(data.match).toBe("exact");
      expect(data.part.partNumber).toBe("C3M0040120K");
      expect(data.candidates.length).toBeGreaterThan(0);
      expect(data.candidates[0].product.partNumber).toBe("QCM040120K4");
      expect(data.candidates.at(-1).product.partNumber).toBe("QCM045170K4");
      for (const candidate of data.candidates) {
        expect(candidate.product.partNumber).toMatch(/^QCM/);
        expect(candidate.rows[0].param).toBe("voltage");
        expect(candidate.product.familyId).toBeGreaterThan(0);
      }
      for (const rejected of data.rejected) expect(rejected.reasons.length).toBeGreaterThan(0);
    }
  });

  it("decodes a Mitsubishi CM number the table does not hold", async () => {
    const { data } = await callOk(upstream, queryCrossReference, "en", { part: "CM600DY-24S" });
    expect(data.match).toBe("decoded");
    expect(data.part.ratings.v.value).toBe(1200);
    expect(data.part.ratings.currents[0].value).toBe(600);
    expect(data.part.decoded).toBe(true);
  });

  it("suggests parts for a partial or mistyped number and matches nothing itself", async () => {
    const partial = await callOk(upstream, queryCrossReference, "en", { part: "C3M00401" });
    expect(partial.data.part).toBeNull();
    expect(partial.data.suggestions.map((s: { partNumber: string }) => s.partNumber)).toEqual(expect.arrayContaining(["C3M0040120K", "C3M0040120D"]));
    const typo = await callOk(upstream, queryCrossReference, "en", { part: "C3N0040120K" });
    expect(typo.data.part).toBeNull();
    expect(typo.data.suggestions[0].partNumber).toBe("C3M0040120K");
    expect(typo.data.suggestions[0].kind).toBe("typo");
    const unknown = await callOk(upstream, queryCrossReference, "en", { part: "XYZ123456" });
    expect(unknown.data).toMatchObject({ part: null, match: null, candidates: [], suggestions: [] });
  });

  it("reads the catalog as the last content load left it: kept between calls, read again after a load", async () => {
    const candidates = async () =>
      (await callOk(upstream, queryCrossReference, "en", { part: "C3M0040120K" })).data.candidates.map((c: { product: { partNumber: string } }) => c.product.partNumber);
    const before = await candidates();
    const first = before[0];
    const id = (upstream.db.prepare("SELECT id FROM site_list WHERE part_number = ?").get(first) as { id: number }).id;
    const setStatus = upstream.db.prepare("UPDATE site_list SET status = ? WHERE id = ?");
    setStatus.run("off", id);
    try {
      // The catalog's tables change only through the content load, which ends by materialising the tree (the
      // calls' view of the catalog is kept until then: server/upstream/catalog/product-tree.ts, perContentLoad).
      expect(await candidates()).toEqual(before);
      materialiseProductTree(upstream.db);
      const after = await candidates();
      expect(after).not.toContain(first);
      expect(after.length).toBeGreaterThan(0);
    } finally {
      setStatus.run("on", id);
      materialiseProductTree(upstream.db);
    }
    expect(await candidates()).toEqual(before);
  });

  it("refuses an empty or over-long part number with a localized 400", async () => {
    const base = { language: "en", sitePageDataType: 1, websiteCode: "qingyun" };
    await callFails(upstream, queryCrossReference, 400, "E40000002", { ...base, part: "   " });
    await callFails(upstream, queryCrossReference, 400, "E40000002", { ...base, part: "X".repeat(61) });
  });
});

describe("queryCrossReferenceBatch", () => {
  it("answers each number of a bill of materials with how it was recognised and our best match, never a correction", async () => {
    const parts = ["C3M0040120K", "imw120r007m1hxksa1", "CM450DY-24S", "C3N0040120K", "IMZA120R040M1H", "NOTAPART99"];
    const { data } = await callOk(upstream, queryCrossReferenceBatch, "zh", { parts });
    expect(data.rows.map((row: { query: string }) => row.query)).toEqual(parts);
    expect(data.rows.map((row: { match: string | null }) => row.match)).toEqual(["exact", "exact", "decoded", null, null, null]);
    expect(data.rows[0].best.partNumber).toMatch(/^QCM/);
    expect(data.rows[1]).toMatchObject({ stripped: "XKSA1", part: { partNumber: "IMW120R007M1H" } });
    // A letter typo is offered as a suggestion, not applied; a different R_DS(on) code is not even offered.
    expect(data.rows[3]).toMatchObject({ part: null, best: null, suggestion: { partNumber: "C3M0040120K" } });
    expect(data.rows[4]).toMatchObject({ part: null, best: null, suggestion: null });
    expect(data.rows[5]).toMatchObject({ part: null, best: null, suggestion: null });
  });

  it(`refuses more than ${CROSS_REFERENCE_BATCH_MAX} numbers`, async () => {
    const base = { language: "en", sitePageDataType: 1, websiteCode: "qingyun" };
    await callFails(upstream, queryCrossReferenceBatch, 400, "E40000002", { ...base, parts: Array.from({ length: CROSS_REFERENCE_BATCH_MAX + 1 }, () => "C3M0040120K") });
  });
});

describe("the OpenAPI document", () => {
  it("lists both cross-reference calls with their bodies", async () => {
    const { json } = await upstream.get("/openapi.json");
    const operations = Object.values(json.paths as Record<string, Record<string, { operationId: string; requestBody?: unknown }>>).flatMap((item) => Object.values(item));
    for (const name of ["queryCrossReference", "queryCrossReferenceBatch"]) {
      const operation = operations.find((candidate) => candidate.operationId === name);
      expect(operation?.requestBody, name).toBeDefined();
    }
  });
});

describe("hostile part numbers", () => {
  const texts = ["\0", "C3M\u00000040120K", "\u0001\u001f", "\uD800C3M0040120K", "%", "'; DROP TABLE site_list; --", "<script>", "碳化硅", "ＣＭ６００ＤＹ－２４Ｓ"];
  it("never fail either call: an answer with or without a match", async () => {
    for (const part of texts) {
      const { data } = await callOk(upstream, queryCrossReference, "en", { part });
      expect(data.query, JSON.stringify(part)).toBe(part.trim());
    }
    const { data } = await callOk(upstream, queryCrossReferenceBatch, "zh", { parts: texts });
    expect(data.rows).toHaveLength(texts.length);
    // Full-width characters are read as their ASCII forms: the decoded Mitsubishi number.
    expect(data.rows.at(-1).match).toBe("decoded");
  });
});
