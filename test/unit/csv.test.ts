// CSV cells: quoting, formula injection, numbers, BOM and line ends.
import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "../../shared/text/csv.ts";

describe("csv", () => {
  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell('TO-247-4, "Kelvin"')).toBe('"TO-247-4, ""Kelvin"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
  });

  it("defuses cells a spreadsheet would run as formulas but keeps numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+cmd")).toBe("'+cmd");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell(-40)).toBe("-40");
    expect(csvCell("-3.5")).toBe("-3.5");
  });

  it("writes a BOM and CRLF rows", () => {
    expect(
      toCsv([
        ["型号", "V"],
        ["QCM040120K4", 1200],
      ]),
    ).toBe("\uFEFF型号,V\r\nQCM040120K4,1200\r\n");
  });
});
