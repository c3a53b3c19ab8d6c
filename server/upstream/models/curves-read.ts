// A published curves CSV read back into curves, for the HTML datasheet (queryModelCurves): the page draws the numbers
// of the file an engineer downloads, so the two cannot differ (docs/decisions/054-html-datasheet.md). The columns are
// the writer's (curves.ts): a file with others is refused rather than misread.
import type { CurveConditions, PartCurve } from "../../../shared/contract/model-curves.ts";
import { curveColumns } from "./curves.ts";

const conditionColumns = ["t_j_degC", "v_gs_V", "v_dd_V", "i_d_A", "r_g_ohm"] as const satisfies ReadonlyArray<keyof CurveConditions>;

/** The fields of one CSV line (RFC 4180: a quoted field may hold commas and doubled quotes; the writer never breaks a line inside one). */
function fields(line: string): string[] {
  const out: string[] = [];
  let index = 0;
  while (index <= line.length) {
    if (line[index] === '"') {
      let value = "";
      index++;
      for (;;) {
        const quote = line.indexOf('"', index);
        if (quote < 0) throw new Error("an unclosed quote");
        value += line.slice(index, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      out.push(value);
      index++; // the comma after the closing quote
    } else {
      const comma = line.indexOf(",", index);
      const end = comma < 0 ? line.length : comma;
      out.push(line.slice(index, end));
      index = end + 1;
    }
  }
  return out;
}

/** The file's curves in its order: consecutive rows of the same curve, axes and conditions are one curve's points. */
export function readCurvesCsv(text: string): PartCurve[] {
  const lines = text.split("\r\n").filter((line) => line !== "");
  if (lines[0] !== curveColumns.join(",")) throw new Error("not a curves file of this writer: its header differs");
  const curves: PartCurve[] = [];
  let key = "";
  for (const line of lines.slice(1)) {
    const row = fields(line);
    if (row.length !== curveColumns.length) throw new Error(`a row of ${row.length} fields: ${line}`);
    const [curve, xQuantity, xUnit, x, yQuantity, yUnit, y] = row as [string, string, string, string, string, string, string];
    const conditions: CurveConditions = {};
    conditionColumns.forEach((column, offset) => {
      const value = row[7 + offset]!;
      if (value !== "") conditions[column] = Number(value);
    });
    const point: [number, number] = [Number(x), Number(y)];
    if (!point.every(Number.isFinite)) throw new Error(`a row without numbers: ${line}`);
    const rowKey = [curve, xQuantity, xUnit, yQuantity, yUnit, ...row.slice(7)].join("\u0000");
    if (rowKey === key) curves.at(-1)!.points.push(point);
    else curves.push({ curve, x: { quantity: xQuantity, unit: xUnit }, y: { quantity: yQuantity, unit: yUnit }, conditions, points: [point] });
    key = rowKey;
  }
  return curves;
}
