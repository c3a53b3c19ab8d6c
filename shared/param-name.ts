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
