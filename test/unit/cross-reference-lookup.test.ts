// Recognising competitor part numbers as typed: case and punctuation, partial numbers, typos, decoded numbers,
// and the URL grammar of the cross-reference page.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bomMatch, editDistance, looksLikePartNumber, lookupCompetitorPart, partKey } from "../../shared/cross-reference/lookup.ts";
import { crossReferenceContent } from "../../shared/cross-reference/schema.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { parseCrossReferenceQuery, splitBom, writeCrossReferenceQuery } from "../../shared/query/cross-reference.ts";
import { parameterSearchPath } from "../../shared/cross-reference/cross-reference-finder.ts";
import { CROSS_REFERENCE_BATCH_MAX } from "../../shared/contract/cross-reference.ts";
import { parseFinderQuery } from "../../shared/query/finder.ts";

const content = crossReferenceContent.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "cross-reference/competitor-parts.json"), "utf8")));
const lookup = (text: string) => lookupCompetitorPart(text, content.parts, content.nomenclature);
const numbers = (text: string) => lookup(text).suggestions.map((s) => s.part.partNumber);

describe("part-number lookup", () => {
  it("ignores case, spaces and punctuation", () => {
    expect(partKey(" c3m-0040.120 k ")).toBe("C3M0040120K");
    for (const text of ["c3m0040120k", "C3M-0040120K", "C3M 0040120K", "ｃ３ｍ００４０１２０ｋ"]) {
      expect(lookup(text).part?.partNumber, text).toBe("C3M0040120K");
      expect(lookup(text).kind).toBe("exact");
    }
    expect(lookup("FF450R12KE4 E").part?.partNumber).toBe("FF450R12KE4_E");
  });

  it("finds the parts a partial number begins or is part of", () => {
    expect(numbers("C3M004")).toEqual(expect.arrayContaining(["C3M0040120K", "C3M0040120D"]));
    expect(lookup("C3M004").part).toBeNull();
    expect(lookup("C3M004").suggestions.every((s) => s.kind === "prefix")).toBe(true);
    const partial = lookup("0040120");
    expect(partial.suggestions.map((s) => s.part.partNumber)).toEqual(expect.arrayContaining(["C3M0040120K", "C2M0040120D"]));
    expect(partial.suggestions[0]!.kind).toBe("partial");
  });

  it.each([
    // [typed, suggested first] — a wrong, missing, extra or swapped letter, the digits as typed
    ["C3M0040120KX", "C3M0040120K"],
    ["C3N0040120K", "C3M0040120K"],
    ["CM30040120K", "C3M0040120K"],
    ["IMW120R007M1J", "IMW120R007M1H"],
  ])("suggests %s → %s (a letter typo), and a BOM line offers it without applying it", (typo, suggested) => {
    const result = lookup(typo);
    expect(result.part, typo).toBeNull();
    expect(result.suggestions[0]?.part.partNumber, typo).toBe(suggested);
    expect(bomMatch(result)).toMatchObject({ part: null, kind: null, suggestion: { partNumber: suggested } });
  });

  it.each([
    // [typed, a part it must never be taken for] — the digits carry the voltage, R_DS(on) and current codes
    ["IMZA120R040M1H", "IMZ120R030M1H"],
    ["C3M004120K", "C3M0040120K"],
    ["C3M00401200K", "C3M0040120K"],
    ["C3M0040210K", "C3M0040120K"],
    ["IMW12OR007M1H", "IMW120R007M1H"],
  ])("never suggests across a different code: %s is not %s", (typed, other) => {
    const result = lookup(typed);
    expect(result.part).toBeNull();
    expect(result.suggestions.map((s) => s.part.partNumber)).not.toContain(other);
    expect(bomMatch(result).part).toBeNull();
  });

  it("offers no suggestion where two parts are equally close", () => {
    const ambiguous = lookup("C3M0040120X");
    expect(
      ambiguous.suggestions
        .map((s) => s.part.partNumber)
        .slice(0, 2)
        .sort(),
    ).toEqual(["C3M0040120D", "C3M0040120K"]);
    expect(bomMatch(ambiguous)).toEqual({ part: null, kind: null, suggestion: null });
  });

  it.each([
    // [ordering code, table part, suffix removed]
    ["IMW120R007M1HXKSA1", "IMW120R007M1H", "XKSA1"],
    ["C3M0040120K-ND", "C3M0040120K", "ND"],
    ["C3M0040120KCT-ND", "C3M0040120K", "CTND"],
    ["C3M0120090J-TR", "C3M0120090J", "TR"],
    ["SCT3040KW7C11", "SCT3040KW7", "C11"],
    ["SCT3105KLGC11", "SCT3105KL", "GC11"],
  ])("strips the ordering suffix of %s before lookup", (typed, partNumber, suffix) => {
    const result = lookup(typed);
    expect(result).toMatchObject({ kind: "exact", stripped: suffix });
    expect(result.part?.partNumber).toBe(partNumber);
  });

  it("keeps a suffix that is part of the number", () => {
    expect(lookup("SCTH90N65G2V-7")).toMatchObject({ kind: "exact" });
    expect(lookup("SCTH90N65G2V-7").stripped).toBeUndefined();
    expect(lookup("C3M0040120K").stripped).toBeUndefined();
  });

  it("does not guess from short or unrelated text", () => {
    expect(lookup("C3").suggestions).toEqual([]);
    expect(lookup("XYZ123456")).toEqual({ part: null, kind: null, suggestions: [] });
    expect(looksLikePartNumber("SiC MOSFET")).toBe(false);
    expect(looksLikePartNumber("1200")).toBe(false);
    expect(looksLikePartNumber("c3m0040120k")).toBe(true);
    expect(looksLikePartNumber("C3M 0040120K")).toBe(true);
  });

  it("decodes a Mitsubishi CM number by its published nomenclature", () => {
    const result = lookup("cm600dy-24s");
    expect(result.kind).toBe("decoded");
    expect(result.part?.ratings.v.value).toBe(1200);
  });

  it("measures edit distance with swaps as one edit", () => {
    expect(editDistance("ABCD", "ABDC")).toBe(1);
    expect(editDistance("ABCD", "ABD")).toBe(1);
    expect(editDistance("ABCD", "WXYZ", 2)).toBe(3);
  });
});

describe("cross-reference URL state", () => {
  it("reads a part, an operating point and writes them back in one canonical form", () => {
    const query = parseCrossReferenceQuery("?part=+C3M0040120K+&op=vdc:800");
    expect(query).toMatchObject({ part: "C3M0040120K", op: "vdc:800", bom: [], search: null });
    expect(writeCrossReferenceQuery({ part: "C3M0040120K", op: "vdc:800" })).toBe("?part=C3M0040120K&op=vdc:800");
    expect(writeCrossReferenceQuery({})).toBe("");
  });

  it("splits a pasted bill of materials on lines, commas, tabs and spaces, without repeats, at most the stated number", () => {
    expect(splitBom("C3M0040120K\r\nIMW120R007M1H, SCT3040KW7\tc3m-0040120k;  \n\nCM450DY-24S").parts).toEqual([
      "C3M0040120K",
      "IMW120R007M1H",
      "SCT3040KW7",
      "CM450DY-24S",
    ]);
    const many = splitBom(Array.from({ length: CROSS_REFERENCE_BATCH_MAX + 5 }, (_, i) => `PART${i}`).join("\n"));
    expect(many.parts).toHaveLength(CROSS_REFERENCE_BATCH_MAX);
    expect(many.truncated).toBe(true);
    const query = parseCrossReferenceQuery(`?parts=${encodeURIComponent("A1234\nB5678")}`);
    expect(query.bom).toEqual(["A1234", "B5678"]);
    expect(parseCrossReferenceQuery(writeCrossReferenceQuery({ bom: query.bom })).bom).toEqual(query.bom);
  });

  it("turns the unknown-number form into the finder's parameter search", () => {
    const query = parseCrossReferenceQuery("?type=sic-mosfet&v=1200&r=40&i=&pkg=TO-247-4");
    expect(query.search).toEqual({ type: "sic-mosfet", v: 1200, r: 40, i: null, pkg: "TO-247-4" });
    const target = parameterSearchPath(query.search!, 100);
    expect(target.startsWith("/productAndService/products/100?")).toBe(true);
    const finder = parseFinderQuery(target.slice(target.indexOf("?")));
    expect(finder.ranges).toEqual({ vds: { min: 1200 }, rdson: { max: 40 } });
    expect(finder.values).toEqual({ package: ["TO-247-4"] });
    expect(parseCrossReferenceQuery("?type=transistor&v=1200").search).toBeNull();
    expect(parseCrossReferenceQuery("?type=sic-diode&v=-5&i=abc").search).toEqual({ type: "sic-diode", v: null, r: null, i: null, pkg: null });
  });
});
