// A parameter's symbol as the datasheet writes it: `<…>` as subscripts, header levels joined by a space,
// the trailing "(unit)" left off because the value carries its unit ("R<DS(on)>/typ (mΩ)" → R_DS(on) typ).
import type { ParamColumn, ParamValue } from "../../../shared/contract/products.ts";
import { paramNameText, parseParamName, parseSubscripts, type ParamNamePart } from "../../../shared/param-name.ts";

function stripUnit(paramName: string, unit: string | null): string {
  return unit ? paramName.replace(new RegExp(`\\s*\\(${unit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)\\s*$`), "") : paramName;
}

export function ParamSymbol({ column }: { column: ParamColumn }) {
  const levels = parseParamName(stripUnit(column.paramName, column.unit));
  return (
    <>
      {levels.map((level, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
        <span key={index}>
          {index > 0 ? " " : null}
          <SymbolParts parts={level} />
        </span>
      ))}
    </>
  );
}

/** Parts of a symbol, subscripts as <sub>: the one renderer of the tables' and the estimator's symbols. */
function SymbolParts({ parts }: { parts: ParamNamePart[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
  return <>{parts.map((part, index) => (part.subscript ? <sub key={index}>{part.text}</sub> : <span key={index}>{part.text}</span>))}</>;
}

/** A running text (a label, a sentence) with `<…>` subscripts: "T<j,max> (°C)" → T<sub>j,max</sub> (°C). */
export function WithSubscripts({ text }: { text: string }) {
  return <SymbolParts parts={parseSubscripts(text)} />;
}

/** A value with its unit ("1200 V", "40 mΩ"), or null when the product does not state it. */
export function valueText(value: ParamValue | undefined, unit: string | null): string | null {
  if (value === undefined || value === null || value === "") return null;
  return typeof value === "number" && unit ? `${value} ${unit}` : String(value);
}

/** False when the symbol says no more than the long name ("Package" under "Package"). */
export function hasSymbol(column: ParamColumn): boolean {
  const symbol = paramNameText(stripUnit(column.paramName, column.unit)).trim().toLowerCase();
  const name = (column.screenName ?? "").trim().toLowerCase();
  return symbol !== name && !name.endsWith(`(${symbol})`) && !name.startsWith(`${symbol} `);
}
