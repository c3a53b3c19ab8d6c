// The rows of the compare table: the union of the compared products' parameter tables in the
// order first met (a fieldId shared by two families is one row), each cell the product's value or null,
// and whether the row differs. Pure, so the rule is unit-tested apart from React.
import type { ParamColumn, ParamValue } from "../contract/products.ts";

export interface CompareInput {
  params: Record<string, ParamValue>;
  paramTable: ParamColumn[];
}

export interface CompareRow {
  column: ParamColumn;
  values: Array<ParamValue | null>;
  /** More than one product and not every value the same (a missing value differs from any value). */
  differs: boolean;
}

export function compareRows(products: CompareInput[]): CompareRow[] {
  const columns = new Map<string, ParamColumn>();
  for (const product of products) for (const column of product.paramTable) if (!columns.has(column.fieldId)) columns.set(column.fieldId, column);
  return [...columns.values()].map((column) => {
    const values = products.map((product) => product.params[column.fieldId] ?? null);
    const keys = new Set(values.map((value) => (value === null ? "\u0000" : typeof value === "number" ? `n${value}` : `s${value.trim().toLowerCase()}`)));
    return { column, values, differs: products.length > 1 && keys.size > 1 };
  });
}
