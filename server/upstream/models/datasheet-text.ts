// Reading a datasheet's stated values from the text the site prints (documents.json, its English pages), for the
// model generators: a line that matches, or an error naming the part and the value it lacks.

/** A stated number, or an error naming what the datasheet does not state. */
export const statedNumber = (text: string | undefined, what: string, part: string): number => {
  const value = Number(text);
  if (text === undefined || !Number.isFinite(value)) throw new Error(`${part}: the datasheet does not state ${what}`);
  return value;
};

/** The first line matching `pattern`, or an error naming what the datasheet does not state. */
export function findStated(lines: string[], pattern: RegExp, what: string, part: string): RegExpExecArray {
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match) return match;
  }
  throw new Error(`${part}: the datasheet does not state ${what}`);
}
