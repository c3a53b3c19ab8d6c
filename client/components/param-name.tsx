// The one renderer of parameter names and symbols: `<…>` marks become <sub>, header levels are joined by a
// space (shared/text/param-name.ts parses the markup). Tables, filters, the overview and the estimator all use it.
import { parseParamName, parseSubscripts, type ParamNamePart } from "../../shared/text/param-name.ts";

/** Parts of a name, subscripts as <sub>. */
export function SubscriptParts({ parts }: { parts: ParamNamePart[] }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
  return <>{parts.map((part, index) => (part.subscript ? <sub key={index}>{part.text}</sub> : <span key={index}>{part.text}</span>))}</>;
}

/** A parameter name with its header levels on one line: "R<DS(on)>/typ" → R<sub>DS(on)</sub> typ. */
export function ParamName({ name }: { name: string }) {
  return (
    <>
      {parseParamName(name).map((level, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list (loader data, never reordered or edited here): the position is the item's identity.
        <span key={index}>
          {index > 0 ? " " : null}
          <SubscriptParts parts={level.map((part) => (part.subscript ? part : { ...part, text: keepNumberWithUnit(part.text) }))} />
        </span>
      ))}
    </>
  );
}

/**
 * A value and its unit do not part at a line end: in a narrow column "I<D>/T<C>=25 °C" otherwise leaves "°C" alone
 * on the next line (the same rule as the test conditions', client/pages/products/param-label.tsx).
 */
function keepNumberWithUnit(text: string): string {
  return text.replace(/(?<=\d) (?=\S)/g, "\u00a0");
}

/** A running text (a label, a sentence) with `<…>` subscripts and no header levels: "T<j,max> (°C)" → T<sub>j,max</sub> (°C). */
export function WithSubscripts({ text }: { text: string }) {
  return <SubscriptParts parts={parseSubscripts(text)} />;
}
