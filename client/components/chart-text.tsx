// Text and numbers of the charts drawn on the server (the model validation page, the HTML datasheet): symbols in
// underscore notation with their subscripts, in HTML and in SVG, figures as tables print them, round axis ticks.
// One module, so both pages write them alike.
import type { ReactNode } from "react";

/** "R_DS(on)(T_j)" with its subscripts: a letter, an underscore, then the subscript (with a parenthesised qualifier). */
const subscript = /([A-Za-z])_([A-Za-z0-9]+(?:\([A-Za-z0-9,-]+\))?)/g;

export function Sym({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(subscript)) {
    parts.push(text.slice(last, match.index), match[1], <sub key={match.index}>{match[2]}</sub>);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** The same in SVG text: the subscript lowered and smaller (a tspan), the baseline restored after it. */
export function SvgSym({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(subscript)) {
    parts.push(
      text.slice(last, match.index),
      match[1],
      <tspan key={match.index} dy="4" fontSize="0.75em">
        {match[2]}
      </tspan>,
      <tspan key={`${match.index}-after`} dy="-4" />,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** The same text for an SVG title or an attribute, where there are no subscripts. */
export const plain = (text: string) => text.replace(subscript, "$1$2");

/** A figure as tables print it: four significant digits, never exponent notation for the values here. */
export const figure = (value: number) => String(Number(value.toPrecision(4)));
/** Round ticks for an axis from `low` to `high`: 1, 2 or 5 times a power of ten, about five of them. */
export function ticks(low: number, high: number): number[] {
  const raw = (high - low) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!;
  const values: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step) values.push(Number(value.toPrecision(10)));
  return values;
}
