// Device symbols in running text, split for subscripts as the tables show them. Its own module, beside
// param-name.ts: pages that show parameter names but no prose (a product-less search) do not carry it.
import type { ParamNamePart } from "./param-name.ts";

/**
 * Device symbols as running text writes them flat ("RDS(on)", "VGS", "Tj,max", "IF = 10 A") or with an
 * underscore ("T_C", "R_DS(on)"), split into parts with their subscripts, as the tables show them. Only the
 * symbols a power-device text uses, matched as whole symbols: a part number, "RC snubber", "gate-driver IC"
 * or the word "If" stays as written. A current's bare letter (ID, IC, IF) is a symbol only before "=" or ",nom".
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A whole symbol: not glued to a Latin word or a number on either side (Chinese words may touch it: "VCE(sat)典型值"). */
const symbolPattern = (flat: string, after = "") => String.raw`(?<![\p{Script=Latin}\p{N}_-])${escapeRegExp(flat)}(?![\p{Script=Latin}\p{N}(])${after}`;
let proseSymbolPattern: RegExp | undefined;
/** Built on first use, so a page that never shows prose does not carry it (nothing at module level to keep). */
function proseSymbols(): RegExp {
  proseSymbolPattern ??= new RegExp(
    [
      // Underscore notation: a letter, "_", then the subscript (letters and digits, ",max", a bracketed part).
      String.raw`(?<![\p{Script=Latin}\p{N}])([A-Za-z])_([A-Za-z0-9]+(?:,[A-Za-z0-9]+)*(?:\([A-Za-z0-9-]+\))?)`,
      // Longer spellings first: "VGS(th)" before "VGS", "Tj,max" before "Tj".
      ..."RDS(on) Rth(j-c) Rth(c-h) RG(ext) RG VGS(th) VCE(sat) VGS VDS VDD VCES VCE VRRM VR VF IFSM Tvj,max Tvj,op Tj,max Tvj Tj TC Tstg QG QC Qrr Eoss Eon Eoff Coss Ciss Crss IC,nom"
        .split(" ")
        .map((flat) => symbolPattern(flat)),
      // A bare current letter is a symbol only before "=".
      ..."ID IC IF".split(" ").map((flat) => symbolPattern(flat, String.raw`(?=\s*=)`)),
    ].join("|"),
    "gu",
  );
  return proseSymbolPattern;
}

/** "RDS(on) 40 mΩ at VGS = 18 V, T_C = 25 °C" → R, DS(on)₍sub₎, " 40 mΩ at ", V, GS₍sub₎, … */
export function proseSubscripts(text: string): ParamNamePart[] {
  const parts: ParamNamePart[] = [];
  let last = 0;
  const push = (part: ParamNamePart) => {
    const previous = parts.at(-1);
    if (previous && !previous.subscript && !part.subscript) previous.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(proseSymbols())) {
    push({ text: text.slice(last, match.index), subscript: false });
    const [base, subscript] = match[1] ? [match[1], match[2]!] : [match[0][0]!, match[0].slice(1)];
    push({ text: base, subscript: false });
    push({ text: subscript, subscript: true });
    last = match.index + match[0].length;
  }
  push({ text: text.slice(last), subscript: false });
  return parts;
}
