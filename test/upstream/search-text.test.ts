// Highlighting and excerpts of search hits: escaped first, hits marked, nothing else let through.
import { describe, expect, it } from "vitest";
import { excerpt, highlight } from "../../server/upstream/search/highlight.ts";
import { searchTerms } from "../../server/upstream/search/query.ts";

describe("highlight", () => {
  it("escapes the text and marks hits case-insensitively", () => {
    expect(highlight("<b>SiC</b> & sic", ["sic"])).toBe("&#60;b&#62;<mark>SiC</mark>&#60;/b&#62; &#38; <mark>sic</mark>");
  });
  it("never lets markup in through a term", () => {
    expect(highlight("a <script> b", ["<script>"])).toBe("a <mark>&#60;script&#62;</mark> b");
  });
  it("marks Chinese hits and prefers the longer of overlapping terms", () => {
    expect(highlight("碳化硅功率模块", ["功率", "功率模块"])).toBe("碳化硅<mark>功率模块</mark>");
  });
  it("marks a Latin term only at a word's start, and the whole word", () => {
    expect(highlight("Device Physics R&D Engineer", ["SiC"])).toBe("Device Physics R&#38;D Engineer");
    expect(highlight("SiC MOSFETs for 1200V buses", ["sic", "mosfet", "1200"])).toBe("<mark>SiC</mark> <mark>MOSFETs</mark> for <mark>1200V</mark> buses");
    // Chinese beside a Latin word is a word boundary; a Chinese term is marked where it stands.
    expect(highlight("碳化硅SiC器件与功率器件", ["SiC", "器件"])).toBe("碳化硅<mark>SiC</mark><mark>器件</mark>与功率<mark>器件</mark>");
  });
});

describe("excerpt", () => {
  it("cuts around the first hit with ellipses", () => {
    const text = `${"a".repeat(300)} 碳化硅 ${"b".repeat(300)}`;
    const cut = excerpt(text, ["碳化硅"], 100);
    expect(cut).toContain("碳化硅");
    expect(cut.startsWith("…")).toBe(true);
    expect(cut.endsWith("…")).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(102);
  });
  it("keeps short text whole", () => {
    expect(excerpt("short  text", ["x"])).toBe("short text");
  });
  it("separates the parts of a document's text, unless a part ends a sentence", () => {
    expect(excerpt("Low-loss switching for chargers\nSiC MOSFET", ["x"])).toBe("Low-loss switching for chargers · SiC MOSFET");
    expect(excerpt("Low loss.\nSiC MOSFET", ["x"])).toBe("Low loss. SiC MOSFET");
    expect(excerpt("低损耗开关。\n碳化硅 MOSFET", ["x"])).toBe("低损耗开关。碳化硅 MOSFET");
  });
});

describe("searchTerms", () => {
  it("splits on whitespace, drops duplicates and caps the count", () => {
    expect(searchTerms("  SiC   MOSFET SiC ")).toEqual(["SiC", "MOSFET"]);
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(8);
  });
});
