// Grouped header rows of the finder table: "/" levels, shared upper levels merged, rowSpan for short names.
import { describe, expect, it } from "vitest";
import { headerLayout } from "../../client/pages/products/finder-header.ts";
import { parseParamName } from "../../shared/text/param-name.ts";

const column = (id: string, name: string) => ({ id, levels: parseParamName(name) });
const text = (parts: { text: string; subscript: boolean }[]) => parts.map((part) => (part.subscript ? `_${part.text}` : part.text)).join("");

describe("headerLayout", () => {
  const layout = headerLayout(
    [
      column("vds", "V<DS> (V)"),
      column("id25", "I<D>/T<C>=25 °C (A)"),
      column("id100", "I<D>/T<C>=100 °C (A)"),
      column("rdson", "R<DS(on)>/typ (mΩ)"),
      column("package", "Package"),
    ],
    "h",
  );

  it("merges neighbours with the same upper level and spans short names down", () => {
    expect(layout.rows).toHaveLength(2);
    expect(layout.rows[0]!.map((cell) => [text(cell.parts), cell.colSpan, cell.rowSpan, cell.column])).toEqual([
      ["V_DS (V)", 1, 2, 0],
      ["I_D", 2, 1, null],
      ["R_DS(on)", 1, 1, null],
      ["Package", 1, 2, 4],
    ]);
    expect(layout.rows[1]!.map((cell) => [text(cell.parts), cell.column])).toEqual([
      ["T_C=25 °C (A)", 1],
      ["T_C=100 °C (A)", 2],
      ["typ (mΩ)", 3],
    ]);
  });

  it("lists every header above a column for the cells' headers attribute", () => {
    expect(layout.headerIds[0]).toEqual(["h-0-0"]);
    expect(layout.headerIds[2]).toEqual(["h-0-1", "h-1-2"]);
    expect(layout.headerIds[3]).toEqual(["h-0-3", "h-1-3"]);
  });

  it("is one row when no name has levels", () => {
    const flat = headerLayout([column("a", "A"), column("b", "B")], "x");
    expect(flat.rows).toHaveLength(1);
    expect(flat.rows[0]!.every((cell) => cell.rowSpan === 1 && cell.colSpan === 1)).toBe(true);
  });
});
