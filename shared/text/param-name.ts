// SPEC §3: a parameter-table column name marks subscripts with <…> and splits header levels on "/".
export interface ParamNamePart {
  text: string;
  subscript: boolean;
}

/** "R<DS(on)>/typ (mΩ)" → [[R, DS(on)₍sub₎], [typ (mΩ)]]; a "/" inside <…> does not split. */
export function parseParamName(paramName: string): ParamNamePart[][] {
  const levels: ParamNamePart[][] = [];
  let parts: ParamNamePart[] = [];
  let text = "";
  let subscript = false;
  const flush = () => {
    if (text) parts.push({ text, subscript });
    text = "";
  };
  for (const char of paramName) {
    if (char === "<" && !subscript) {
      flush();
      subscript = true;
    } else if (char === ">" && subscript) {
      flush();
      subscript = false;
    } else if (char === "/" && !subscript) {
      flush();
      levels.push(trimParts(parts));
      parts = [];
    } else {
      text += char;
    }
  }
  flush();
  levels.push(trimParts(parts));
  return levels.filter((level) => level.length > 0);
}

/** The name as plain text, subscripts inline: "R<DS(on)>/typ" → "RDS(on) typ". */
export function paramNameText(paramName: string): string {
  return parseParamName(paramName)
    .map((level) => level.map((part) => part.text).join(""))
    .join(" ");
}

function trimParts(parts: ParamNamePart[]): ParamNamePart[] {
  const out = parts.map((part) => ({ ...part }));
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((part) => part.text.length > 0);
}

/** The column name with its unit: the unit is added only when the name does not already carry "(unit)". */
export function paramNameWithUnit(paramName: string, unit: string | null | undefined): string {
  if (!unit || paramName.includes(`(${unit})`)) return paramName;
  return `${paramName} (${unit})`;
}

/**
 * A running text whose symbols mark subscripts with `<…>` as the parameter names do ("T<j,max> (°C)"), with no
 * header levels: a "/" stays a "/" ("DC/DC", "dP/dT<j>").
 */
export function parseSubscripts(text: string): ParamNamePart[] {
  return text
    .split(/<([^<>]*)>/)
    .map((part, index) => ({ text: part, subscript: index % 2 === 1 }))
    .filter((part) => part.text.length > 0);
}

/** The same text plain, for attributes and CSV headers: "T<j,max> (°C)" → "Tj,max (°C)". */
export function subscriptsText(text: string): string {
  return text.replace(/<([^<>]*)>/g, "$1");
}

/**
 * The column name without its trailing "(unit)", where the value or range shown beside it carries the unit:
 * "R<DS(on)>/typ (mΩ)" with unit "mΩ" → "R<DS(on)>/typ". Only the stated unit goes; a name without one stays whole.
 */
export function withoutUnit(paramName: string, unit: string | null | undefined): string {
  const suffix = `(${unit})`;
  const name = paramName.trimEnd();
  return unit && name.endsWith(suffix) ? name.slice(0, -suffix.length).trimEnd() : paramName;
}
