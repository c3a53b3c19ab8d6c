// Recognising a competitor part number as people type it: case and punctuation do not matter, a partial number
// finds the parts it begins or is part of, and a typo (one or two wrong, missing, extra or swapped characters)
// still finds the part. Pure: the upstream passes the table in.
import { findCompetitorPart } from "./decode.ts";
import type { AnyCompetitorPart, CompetitorPart, NomenclatureSource } from "./schema.ts";
import { partKey } from "./part-key.ts";

export { looksLikePartNumber, partKey } from "./part-key.ts";

interface PartSuggestion {
  part: CompetitorPart;
  kind: "prefix" | "partial" | "typo";
  /** Edit distance of a typo match (0 otherwise). */
  distance: number;
}

export interface PartLookup {
  /** The part the text names exactly (or decodes to); null when it names none. */
  part: AnyCompetitorPart | null;
  kind: "exact" | "decoded" | null;
  /** The ordering suffix (packing, reel, distributor code) removed to find the part; absent when none was. */
  stripped?: string;
  /** Parts the text may mean, best first (never the exact part). */
  suggestions: PartSuggestion[];
}

/** Restricted Damerau–Levenshtein distance (a swap of neighbours is one edit), stopping early above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Ordering suffixes that name how a part is packed or sold, not the part: Infineon's "XKSA1"-style codes, ROHM's
 * packing codes ("GC11", "C11", "TL"), tape and reel ("TR", "T/R", "R7"), Digi-Key's "-ND", "CT-ND", "DKR-ND". Each is
 * removed only when the number without it names a part of the table.
 */
const orderingSuffixes: readonly RegExp[] = [/(?:CT|DKR|TR)?ND$/, /X[A-Z]{2}A\d$/, /G?C\d{2}$/, /TL{1,2}$/, /T?R7?$/];

/** The key without the ordering suffixes it ends with, outermost first, with the text removed. */
function withoutOrderingSuffixes(key: string): Array<{ key: string; stripped: string }> {
  const found: Array<{ key: string; stripped: string }> = [];
  let current = key;
  for (let round = 0; round < 3; round++) {
    const pattern = orderingSuffixes.find((p) => p.test(current) && current.replace(p, "").length >= 5);
    if (!pattern) break;
    current = current.replace(pattern, "");
    found.push({ key: current, stripped: key.slice(current.length) });
  }
  return found;
}

/** The digits of a number, in order: its voltage, R_DS(on) and current codes. */
const digitsOf = (key: string) => key.replace(/\D/g, "");

/** Typos allowed for a key of this length: short keys would match too much. */
function typoLimit(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

const kindRank = { prefix: 0, partial: 1, typo: 2 } as const;

/** Looks a text up in the table: the exact or decoded part, and up to `max` suggestions. */
export function lookupCompetitorPart(text: string, parts: readonly CompetitorPart[], nomenclature: readonly NomenclatureSource[], max = 8): PartLookup {
  const key = partKey(text);
  if (key.length < 3) return { part: null, kind: null, suggestions: [] };
  let exact = parts.find((p) => partKey(p.partNumber) === key) ?? null;
  let stripped: string | undefined;
  for (const candidate of exact ? [] : withoutOrderingSuffixes(key)) {
    exact = parts.find((p) => partKey(p.partNumber) === candidate.key) ?? null;
    if (exact) {
      stripped = candidate.stripped;
      break;
    }
  }
  // The nomenclature rules read the number with its dashes, in ASCII (a full-width "ＣＭ６００ＤＹ－２４Ｓ" too).
  const decoded = exact ? null : findCompetitorPart(text.normalize("NFKC").trim(), [], nomenclature);
  const suggestions: PartSuggestion[] = [];
  const limit = typoLimit(key.length);
  for (const part of parts) {
    if (part === exact) continue;
    const candidate = partKey(part.partNumber);
    if (candidate.startsWith(key)) suggestions.push({ part, kind: "prefix", distance: 0 });
    else if (key.length >= 4 && candidate.includes(key)) suggestions.push({ part, kind: "partial", distance: 0 });
    else if (limit > 0) {
      // A typo in a number typed whole, or in the beginning of a longer number; never one in its digits, which
      // carry the voltage, R_DS(on) and current codes (IMZA120R040M1H is not IMZ120R030M1H).
      const whole = digitsOf(key) === digitsOf(candidate) ? editDistance(key, candidate, limit) : limit + 1;
      const start = candidate.slice(0, key.length);
      const begun = digitsOf(key) === digitsOf(start) ? editDistance(key, start, limit) : limit + 1;
      const distance = Math.min(whole, begun);
      if (distance <= limit) suggestions.push({ part, kind: "typo", distance });
    }
  }
  // A number that begins or is part of real numbers is being typed, not mistyped: its typo matches are noise.
  const found = suggestions.some((s) => s.kind !== "typo") ? suggestions.filter((s) => s.kind !== "typo") : suggestions;
  found.sort(
    (a, b) =>
      kindRank[a.kind] - kindRank[b.kind] ||
      a.distance - b.distance ||
      a.part.partNumber.length - b.part.partNumber.length ||
      a.part.partNumber.localeCompare(b.part.partNumber),
  );
  const result: PartLookup = { part: exact ?? decoded, kind: exact ? "exact" : decoded ? "decoded" : null, suggestions: found.slice(0, max) };
  return stripped ? { ...result, stripped } : result;
}

/**
 * What a bill-of-materials line is matched as: only the part it names (or decodes to); a suggestion is offered
 * ("did you mean…?"), never applied: its only or clearly best suggestion.
 */
export function bomMatch(lookup: PartLookup): { part: AnyCompetitorPart | null; kind: "exact" | "decoded" | null; suggestion: CompetitorPart | null } {
  const [first, second] = lookup.suggestions;
  const clear = first && !(second && kindRank[second.kind] === kindRank[first.kind] && second.distance === first.distance);
  return { part: lookup.part, kind: lookup.kind, suggestion: !lookup.part && clear ? first.part : null };
}
