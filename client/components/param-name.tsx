// The one renderer of parameter names and symbols: `<…>` marks become <sub>, header levels are joined by a
// space (shared/text/param-name.ts parses the markup). Tables, filters, the overview and the estimator all use it.
import { parseParamName, parseSubscripts, type ParamNamePart } from "../../shared/text/param-name.ts";
import { keepNumberWithUnit } from "../../shared/text/no-break.ts";

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
          {/* In a narrow column "I<F> T<C>=135 °C" would otherwise leave "°C" alone on the next line. */}
          <SubscriptParts parts={level.map((part) => (part.subscript ? part : { ...part, text: keepNumberWithUnit(part.text) }))} />
        </span>
      ))}
    </>
  );
}

/** A running text (a label, a sentence) with `<…>` subscripts and no header levels: "T<j,max> (°C)" → T<sub>j,max</sub> (°C). */
export function WithSubscripts({ text }: { text: string }) {
  return <SubscriptParts parts={parseSubscripts(text)} />;
}
