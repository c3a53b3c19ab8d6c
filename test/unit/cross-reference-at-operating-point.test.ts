// The tiers re-judged at an operating point: a candidate that cannot stand it needs review there and moves after
// those that can; the ranking holds within each group.
import { describe, expect, it } from "vitest";
import { rejudgeAtOperatingPoint } from "../../shared/cross-reference/at-operating-point.ts";
import { findCompetitorPart } from "../../shared/cross-reference/decode.ts";
import { crossReference } from "../../shared/cross-reference/match.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { shippedCrossReference as content, shippedProducts } from "./shipped-catalog.ts";

const lossOf = (partNumber: string) => shippedProducts.find((p) => p.partNumber === partNumber)?.loss ?? null;
const candidatesOf = (partNumber: string) =>
  crossReference(findCompetitorPart(partNumber, content.parts, content.nomenclature)!, shippedProducts, content.qingyun).candidates;
const at = (op: string) => {
  const parsed = parseOperatingPoint(op);
  if (!parsed?.ok) throw new Error(`invalid operating point ${op}`);
  return parsed.value;
};

describe("tiers at an operating point", () => {
  it.each([
    // [operating point, a part that stands it, a part that does not]
    // 800 V, 60 A rms, 40 kHz: the 40 mΩ parts' junctions pass 175 °C; the 20 and 13 mΩ ones stay well below.
    ["800,60,40k,0.9,100", "QCM020120K4", "QCM040120K4"],
    ["800,60,40k,0.9,100", "QCM013120K4", "QCM040120K4A"],
  ])("C3M0040120K at %s: %s stands it, %s needs review there and comes after", (op, stands, fails) => {
    const before = candidatesOf("C3M0040120K");
    const after = rejudgeAtOperatingPoint(before, lossOf, at(op));
    expect(after.map((c) => c.partNumber).sort()).toEqual(before.map((c) => c.partNumber).sort());
    const failed = after.find((c) => c.partNumber === fails)!;
    expect(failed.tier).toBe("needs-review");
    expect(failed.reasons[0]).toMatchObject({ key: "op.tjOverMax", values: { tjMax: 175 } });
    const standing = after.find((c) => c.partNumber === stands)!;
    expect(standing.reasons.some((r) => r.key.startsWith("op."))).toBe(false);
    expect(after.indexOf(standing)).toBeLessThan(after.indexOf(failed));
  });

  it("changes nothing at a point every candidate stands", () => {
    const before = candidatesOf("C3M0040120K");
    expect(rejudgeAtOperatingPoint(before, lossOf, at("600,5,20k,0.9,60"))).toEqual(before);
  });
});
