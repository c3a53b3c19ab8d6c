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

/**
 * Device symbols as running text writes them flat ("RDS(on)", "VGS", "Tj,max", "IF = 10 A") or with an
 * underscore ("T_C", "R_DS(on)"), split into parts with their subscripts, as the tables show them. Only the
 * symbols a power-device text uses, matched as whole symbols: a part number, "RC snubber", "gate-driver IC"
 * or the word "If" stays as written. A current's bare letter (ID, IC, IF) is a symbol only before "=" or ",nom".
 */
const flatSymbols: ReadonlyArray<readonly [string, string?]> = [
  ["RDS(on)"],
  ["Rth(j-c)"],
  ["Rth(c-h)"],
  ["RG(ext)"],
  ["RG"],
  ["VGS(th)"],
  ["VCE(sat)"],
  ["VGS"],
  ["VDS"],
  ["VDD"],
  ["VCES"],
  ["VCE"],
  ["VRRM"],
  ["VR"],
  ["VF"],
  ["IFSM"],
  ["Tvj,max"],
  ["Tvj,op"],
  ["Tj,max"],
  ["Tvj"],
  ["Tj"],
  ["TC"],
  ["Tstg"],
  ["QG"],
  ["QC"],
  ["Qrr"],
  ["Eoss"],
  ["Eon"],
  ["Eoff"],
  ["Coss"],
  ["Ciss"],
  ["Crss"],
  ["ID", String.raw`(?=\s*=)`],
  ["IC,nom"],
  ["IC", String.raw`(?=\s*=)`],
  ["IF", String.raw`(?=\s*=)`],
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const proseSymbolPattern = new RegExp(
  [
    // Underscore notation: a letter, "_", then the subscript (letters and digits, ",max", a bracketed part).
    String.raw`(?<![\p{Script=Latin}\p{N}])([A-Za-z])_([A-Za-z0-9]+(?:,[A-Za-z0-9]+)*(?:\([A-Za-z0-9-]+\))?)`,
    ...flatSymbols.map(([flat, after]) => String.raw`(?<![\p{Script=Latin}\p{N}_-])${escapeRegExp(flat)}(?![\p{L}\p{N}(])${after ?? ""}`),
  ].join("|"),
  "gu",
);

/** "RDS(on) 40 mΩ at VGS = 18 V, T_C = 25 °C" → R, DS(on)₍sub₎, " 40 mΩ at ", V, GS₍sub₎, … */
export function proseSubscripts(text: string): ParamNamePart[] {
  const parts: ParamNamePart[] = [];
  let last = 0;
  const push = (part: ParamNamePart) => {
    const previous = parts.at(-1);
    if (previous && !previous.subscript && !part.subscript) previous.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(proseSymbolPattern)) {
    push({ text: text.slice(last, match.index), subscript: false });
    const [base, subscript] = match[1] ? [match[1], match[2]!] : [match[0][0]!, match[0].slice(1)];
    push({ text: base, subscript: false });
    push({ text: subscript, subscript: true });
    last = match.index + match[0].length;
  }
  push({ text: text.slice(last), subscript: false });
  return parts;
}
