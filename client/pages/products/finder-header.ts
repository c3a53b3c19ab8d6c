// The finder table's grouped header rows (SPEC §3): each column's name is split on "/" into levels;
// neighbouring columns that share their upper levels share one header cell (colSpan), a column with fewer
// levels reaches down with rowSpan. Pure, so the grouping is unit-tested apart from React.
import type { ParamNamePart } from "../../../shared/text/param-name.ts";

export interface HeaderColumn {
  /** Unique per table: used in the cells' ids. */
  id: string;
  levels: ParamNamePart[][];
}

interface HeaderCell {
  id: string;
  parts: ParamNamePart[];
  colSpan: number;
  rowSpan: number;
  /** The column this cell heads alone (its lowest level), or null for a group cell. */
  column: number | null;
}

export interface HeaderLayout {
  rows: HeaderCell[][];
  /** Per column: ids of every header cell above it, top first (the cells' `headers` attribute). */
  headerIds: string[][];
}

const key = (levels: ParamNamePart[][], upTo: number) => JSON.stringify(levels.slice(0, upTo + 1).map((level) => level.map((part) => [part.text, part.subscript])));

export function headerLayout(columns: readonly HeaderColumn[], prefix: string): HeaderLayout {
  const levelsOf = (column: HeaderColumn) => (column.levels.length ? column.levels : [[{ text: column.id, subscript: false }]]);
  const depth = Math.max(1, ...columns.map((column) => levelsOf(column).length));
  const rows: HeaderCell[][] = Array.from({ length: depth }, () => []);
  const headerIds: string[][] = columns.map(() => []);
  for (let row = 0; row < depth; row++) {
    for (let index = 0; index < columns.length; ) {
      const levels = levelsOf(columns[index]!);
      if (row >= levels.length) {
        index++;
        continue;
      }
      const id = `${prefix}-${row}-${index}`;
      if (row === levels.length - 1) {
        rows[row]!.push({ id, parts: levels[row]!, colSpan: 1, rowSpan: depth - row, column: index });
        headerIds[index]!.push(id);
        index++;
        continue;
      }
      // A group: the following columns whose levels agree up to this row and go deeper than it.
      let end = index + 1;
      while (end < columns.length) {
        const next = levelsOf(columns[end]!);
        if (next.length - 1 <= row || key(next, row) !== key(levels, row)) break;
        end++;
      }
      rows[row]!.push({ id, parts: levels[row]!, colSpan: end - index, rowSpan: 1, column: null });
      for (let covered = index; covered < end; covered++) headerIds[covered]!.push(id);
      index = end;
    }
  }
  return { rows, headerIds };
}
