// A parameter's symbol as the datasheet writes it: `<…>` as subscripts, header levels joined by a space,
// the trailing "(unit)" left off because the value carries its unit ("R<DS(on)>/typ (mΩ)" → R_DS(on) typ).
import type { ParamColumn, ParamValue } from "../../../shared/contract/products.ts";
import { paramNameText, withoutUnit } from "../../../shared/text/param-name.ts";
import { keepNumberWithUnit } from "../../../shared/text/no-break.ts";
import { ParamName } from "../../components/param-name.tsx";

export function ParamSymbol({ column }: { column: ParamColumn }) {
  return <ParamName name={withoutUnit(column.paramName, column.unit)} />;
}

/** A value with its unit ("1200 V", "40 mΩ"), or null when the product does not state it. */
export function valueText(value: ParamValue | undefined, unit: string | null): string | null {
  if (value === undefined || value === null || value === "") return null;
  return typeof value === "number" && unit ? `${value} ${unit}` : String(value);
}

/** False when the symbol says no more than the long name ("Package" under "Package"). */
export function hasSymbol(column: ParamColumn): boolean {
  const symbol = paramNameText(withoutUnit(column.paramName, column.unit)).trim().toLowerCase();
  const name = (column.screenName ?? "").trim().toLowerCase();
  return symbol !== name && !name.endsWith(`(${symbol})`) && !name.startsWith(`${symbol} `);
}

/**
 * Test conditions that wrap only between clauses: "T_j = 25 °C" never breaks inside (a narrow column would
 * otherwise leave "°C" or "= 25" alone on a line).
 */
export function conditionsText(conditions: string | null): string {
  return keepNumberWithUnit(conditions ?? "").replace(/ (?=[=≤≥])|(?<=[=≤≥]) /g, "\u00a0");
}
