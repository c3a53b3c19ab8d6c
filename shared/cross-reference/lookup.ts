// Recognising a competitor part number as people type it: case and punctuation do not matter, a partial number
// finds the parts it begins or is part of, and a typo (one or two wrong, missing, extra or swapped characters)
// still finds the part. Pure: the upstream passes the table in.
import { findCompetitorPart } from "./decode.ts";
import type { AnyCompetitorPart, CompetitorPart, NomenclatureSource } from "./schema.ts";
import { partKey } from "./part-key.ts";

export { looksLikePartNumber, partKey } from "./part-key.ts";

export const matchKinds = ["exact", "decoded", "prefix", "partial", "typo"] as const;
export type MatchKind = (typeof matchKinds)[number];

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

/** Typos allowed for a key of this length: short keys would match too much. */
function typoLimit(length: number): number {
  return length < 5 ? 0 : length < 8 ? 1 : 2;
}

const kindRank = { prefix: 0, partial: 1, typo: 2 } as const;

/** Looks a text up in the table: the exact or decoded part, and up to `max` suggestions. */
export function lookupCompetitorPart(text: string, parts: readonly CompetitorPart[], nomenclature: readonly NomenclatureSource[], max = 8): PartLookup {
  const key = partKey(text);
  if (key.length < 3) return { part: null, kind: null, suggestions: [] };
  const exact = parts.find((p) => partKey(p.partNumber) === key) ?? null;
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
      // A typo in a number typed whole, or in the beginning of a longer number.
      const distance = Math.min(editDistance(key, candidate, limit), editDistance(key, candidate.slice(0, key.length), limit));
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
  return { part: exact ?? decoded, kind: exact ? "exact" : decoded ? "decoded" : null, suggestions: found.slice(0, max) };
}

/** The part a text names, else its only or clearly best suggestion (a single typo or prefix match); for the BOM and search. */
export function bestGuess(lookup: PartLookup): { part: AnyCompetitorPart; kind: MatchKind } | null {
  if (lookup.part) return { part: lookup.part, kind: lookup.kind! };
  const [first, second] = lookup.suggestions;
  if (!first) return null;
  if (second && kindRank[second.kind] === kindRank[first.kind] && second.distance === first.distance) return null;
  return { part: first.part, kind: first.kind };
}
