// The finder's columns as data: one per parameter of the family's table, in its order. The table, its
// header rows and the CSV all walk this list, so other columns (the estimator's loss and Tj) are
// appended to it rather than written into the table.
import type { ReactNode } from "react";
import type { ParamColumn, ParamValue, ProductListItem } from "../../../shared/contract/products.ts";
import { parseParamName, paramNameText, paramNameWithUnit, type ParamNamePart } from "../../../shared/text/param-name.ts";

export interface FinderColumn {
  /** The fieldId: the key of sort and filters in the URL. */
  id: string;
  /** Header markup: `<…>` subscripts, `/` header levels. Units are part of it. */
  name: string;
  /** The long name (screenName), the header's accessible description; null when the name says it all. */
  description: string | null;
  unit: string | null;
  /** Numbers: right-aligned, numeric sort, min–max range. */
  numeric: boolean;
  /** The upstream can sort by it (every parameter column); computed columns are not. */
  sortable: boolean;
  value: (product: ProductListItem) => ParamValue | null;
  /** How a cell shows its value; plain text when absent. */
  render?: (product: ProductListItem) => ReactNode;
}

/** The header text with the unit added when the table's name does not carry it already. */
function columnName(column: ParamColumn): string {
  return paramNameWithUnit(column.paramName, column.unit);
}

export function paramColumns(table: readonly ParamColumn[]): FinderColumn[] {
  return table.map((column) => ({
    id: column.fieldId,
    name: columnName(column),
    description: column.screenName,
    unit: column.unit,
    numeric: column.sortable,
    sortable: true,
    value: (product) => product.params[column.fieldId] ?? null,
  }));
}

export function columnLevels(column: FinderColumn): ParamNamePart[][] {
  return parseParamName(column.name);
}

/** Plain text of a header for the CSV and for labels: "R<DS(on)>/typ (mΩ)" → "RDS(on) typ (mΩ)". */
export function columnText(column: FinderColumn): string {
  return paramNameText(column.name);
}

export function cellText(value: ParamValue | null | undefined): string {
  return value === null || value === undefined || value === "" ? "" : String(value);
}
