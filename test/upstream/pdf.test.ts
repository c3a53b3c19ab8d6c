// The PDF writer: a structurally valid file (xref offsets, stream lengths), pages added as text grows,
// text reduced to what the base fonts can show.
import { describe, expect, it } from "vitest";
import { renderPdf, toPdfAscii, wrapText } from "../../server/upstream/documents/pdf.ts";
import { textWidth } from "../../server/upstream/documents/pdf-fonts.ts";
import { pdfFileName } from "../../server/upstream/documents/meta.ts";
import { checkPdfStructure } from "./content-helpers.ts";

const input = (paragraphs: string[]) => ({
  title: "QCM040120K4 Datasheet (1200 V, 40 mΩ)",
  subtitle: "Datasheet | Version 1.2 | 2026-03-18",
  author: "Qingyun Power Semiconductor Co., Ltd.",
  paragraphs,
  footer: "Qingyun Power Semiconductor Co., Ltd.",
  date: new Date("2026-03-18T00:00:00Z"),
});

describe("renderPdf", () => {
  it("writes a one-page file whose cross-reference table points at every object", () => {
    const { bytes, pageCount } = renderPdf(input(["## Features", "- Low R(DS)on", "A short (paragraph) with a \\ backslash."]));
    expect(pageCount).toBe(1);
    expect(checkPdfStructure(bytes)).toBe(7);
    const text = bytes.toString("latin1");
    expect(text).toContain("/BaseFont /Helvetica");
    expect(text).toContain("(A short \\(paragraph\\) with a \\\\ backslash.) Tj");
    expect(text).toContain("(Page 1 of 1) Tj");
  });

  it("adds pages for long text and numbers them", () => {
    const long = Array.from(
      { length: 80 },
      (_, i) => `Paragraph ${i}: silicon carbide MOSFETs switch faster than silicon IGBTs, which cuts switching losses in traction inverters and chargers.`,
    );
    const { bytes, pageCount } = renderPdf(input(long));
    expect(pageCount).toBeGreaterThan(2);
    expect(checkPdfStructure(bytes)).toBe(5 + 2 * pageCount);
    expect(bytes.toString("latin1")).toContain(`/Count ${pageCount}`);
    expect(bytes.toString("latin1")).toContain(`(Page ${pageCount} of ${pageCount}) Tj`);
  });

  it("is deterministic for the same input", () => {
    expect(renderPdf(input(["x"])).bytes.equals(renderPdf(input(["x"])).bytes)).toBe(true);
  });
});

describe("text handling", () => {
  it("reduces text to printable ASCII", () => {
    expect(toPdfAscii("40 mΩ at 25 °C, ±20 V – “typ”")).toBe('40 mOhm at 25 degC, +/-20 V - "typ"');
    expect(toPdfAscii("碳化硅")).toBe("???");
  });
  it("wraps within the width and cuts words longer than a line", () => {
    const lines = wrapText("word ".repeat(50) + "x".repeat(200), "Helvetica", 10, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(textWidth(line, "Helvetica", 10)).toBeLessThanOrEqual(200);
  });
  it("names files in ASCII", () => {
    expect(pdfFileName("QCM040120K4 Datasheet: 1200 V / 40 mΩ", "1.2")).toBe("Qingyun-QCM040120K4-Datasheet-1200-V-40-m-v1.2.pdf");
  });
});
