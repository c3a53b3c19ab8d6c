// Part-number decoding: finds a competitor part in the table, or reads the values a manufacturer's published
// nomenclature encodes in its number (each rule cited in the content file's "nomenclature" list). A rule exists
// only with such a published statement and decodes only the fields it names, never a pattern read off the numbers
// we hold (docs/decisions/023-cross-reference-ranking.md).
import type { AnyCompetitorPart, CompetitorPart, DecodedPart, NomenclatureSource } from "./schema.ts";

/** Upper case without spaces: the form part numbers are stored and looked up in. */
function normalizePartNumber(query: string): string {
  return query.trim().toUpperCase().replace(/\s+/g, "");
}

interface Rule {
  pattern: RegExp;
  decode(match: RegExpMatchArray, source: NomenclatureSource): DecodedPart;
}

/**
 * Mitsubishi (Powerex) IGBT modules: "CM" + current rating in amperes + type letters + "-" + V_CES / 50 +
 * series letters, as the CM450DY-24S data sheet's ordering information spells out. Only current and voltage
 * are decoded; the letters' meaning is not in that source.
 */
const mitsubishiCm: Rule = {
  pattern: /^CM(\d{2,4})[A-Z]{1,4}-(\d{2})[A-Z0-9]*$/,
  decode(match, source) {
    const ref = { doc: source.document.id, where: source.where };
    return {
      manufacturer: source.manufacturer,
      partNumber: match[0],
      deviceType: "igbt-module",
      documents: [source.document],
      ratings: {
        v: { value: Number(match[2]) * 50, source: ref },
        currents: [{ value: Number(match[1]), tc: null, nominal: true, source: ref }],
      },
      onState: [],
      decoded: true,
    };
  },
};

const rules: Record<string, Rule> = { "mitsubishi-cm": mitsubishiCm };

/** Decodes a number no table row holds, with the first cited rule that reads it; null when none does. */
export function decodePartNumber(query: string, nomenclature: readonly NomenclatureSource[]): DecodedPart | null {
  const partNumber = normalizePartNumber(query);
  for (const source of nomenclature) {
    const rule = rules[source.id];
    const match = rule?.pattern.exec(partNumber);
    if (rule && match) return rule.decode(match, source);
  }
  return null;
}

/** The table's part for a query, else the decoded one, else null. */
export function findCompetitorPart(query: string, parts: readonly CompetitorPart[], nomenclature: readonly NomenclatureSource[]): AnyCompetitorPart | null {
  const partNumber = normalizePartNumber(query);
  return parts.find((p) => p.partNumber === partNumber) ?? decodePartNumber(partNumber, nomenclature);
}

/** Ids of the rules decode.ts implements (a nomenclature entry without one is a content error). */
export const decodeRuleIds: readonly string[] = Object.keys(rules);
