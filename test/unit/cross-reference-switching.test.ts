// A competitor's printed switching energies against ours at their double-pulse condition: read from our loss data
// only inside its tables, and shown as an informative row that never decides the tier (record 023).
import { describe, expect, it } from "vitest";
import type { LossData } from "../../shared/contract/loss-data.ts";
import { compareParts } from "../../shared/cross-reference/compare.ts";
import { findCompetitorPart } from "../../shared/cross-reference/decode.ts";
import type { CompetitorPart, SwitchingPoint } from "../../shared/cross-reference/schema.ts";
import { ourSwitchingEnergyAt } from "../../shared/cross-reference/switching.ts";
import { shippedCrossReference as content, shippedProducts } from "./shipped-catalog.ts";

const product = (partNumber: string) => shippedProducts.find((p) => p.partNumber === partNumber)!;
const mosfetLoss = (partNumber: string) => {
  const loss = product(partNumber).loss;
  if (loss?.kind !== "mosfet") throw new Error(`${partNumber} has no MOSFET loss data`);
  return loss;
};
/** The table's E_on + E_off (µJ) at a current grid point and one of its two temperatures. */
const tableSum = (loss: Extract<LossData, { kind: "mosfet" }>, iIndex: number, tIndex: 0 | 1) =>
  (loss.energies.eOn[tIndex][iIndex]! + loss.energies.eOff[tIndex][iIndex]!) * 1000;

describe("our switching energy at their condition", () => {
  const loss = mosfetLoss("QCM040120B7");
  const ref = loss.switchingRef;
  const iIndex = loss.energies.i.indexOf(ref.i);

  it("reads the table itself at our own reference condition and at the table's hot temperature", () => {
    expect(iIndex).toBeGreaterThan(0);
    expect(ourSwitchingEnergyAt(loss, { v: ref.v, i: ref.i, rg: ref.rg, tj: loss.energies.tj[0] })).toBeCloseTo(tableSum(loss, iIndex, 0), 6);
    expect(ourSwitchingEnergyAt(loss, { v: ref.v, i: ref.i, rg: ref.rg, tj: loss.energies.tj[1] })).toBeCloseTo(tableSum(loss, iIndex, 1), 6);
  });

  it("takes the midpoint of the two temperatures halfway between them, and scales the voltage by (V/V_ref)^k", () => {
    const mid = (loss.energies.tj[0] + loss.energies.tj[1]) / 2;
    const atMid = ourSwitchingEnergyAt(loss, { v: ref.v, i: ref.i, rg: ref.rg, tj: mid })!;
    expect(atMid).toBeCloseTo((tableSum(loss, iIndex, 0) + tableSum(loss, iIndex, 1)) / 2, 6);
    const atHalfV = ourSwitchingEnergyAt(loss, { v: ref.v / 2, i: ref.i, rg: ref.rg, tj: mid })!;
    expect(atHalfV / atMid).toBeCloseTo(0.5 ** loss.kv, 6);
  });

  it("costs more at a higher external gate resistance", () => {
    const base = { v: ref.v, i: ref.i, tj: loss.energies.tj[1] };
    expect(ourSwitchingEnergyAt(loss, { ...base, rg: loss.gate.rg.at(-1)! })!).toBeGreaterThan(ourSwitchingEnergyAt(loss, { ...base, rg: ref.rg })!);
  });

  it.each([
    // [what lies outside, the condition]
    ["a current above our table", { v: ref.v, i: loss.energies.i.at(-1)! + 1, rg: ref.rg, tj: 150 }],
    ["a junction colder than our table", { v: ref.v, i: ref.i, rg: ref.rg, tj: loss.energies.tj[0] - 1 }],
    ["a junction hotter than our table", { v: ref.v, i: ref.i, rg: ref.rg, tj: loss.energies.tj[1] + 1 }],
    ["a gate resistance beyond our curve", { v: ref.v, i: ref.i, rg: loss.gate.rg.at(-1)! * 2, tj: 150 }],
    ["a voltage above our rating", { v: loss.ratings.v + 1, i: ref.i, rg: ref.rg, tj: 150 }],
  ])("is not read at %s (never extrapolated)", (_what, condition) => {
    expect(ourSwitchingEnergyAt(loss, condition)).toBeNull();
  });

  it("has nothing to say for a part without MOSFET loss data", () => {
    expect(ourSwitchingEnergyAt(null, { v: 700, i: 20, rg: 2.5, tj: 150 })).toBeNull();
    const diode = shippedProducts.find((p) => p.loss?.kind === "diode")!;
    expect(ourSwitchingEnergyAt(diode.loss, { v: 400, i: 10, rg: 2.5, tj: 150 })).toBeNull();
  });
});

describe("the switching-energy row of a comparison", () => {
  const part = findCompetitorPart("C3M0065100J", content.parts, content.nomenclature) as CompetitorPart;
  const point = part.switching![0]!;
  const withPoint = (changes: Partial<SwitchingPoint>): CompetitorPart => ({ ...part, switching: [{ ...point, ...changes }] });
  const eSwRow = (competitor: CompetitorPart, ours: string) => compareParts(competitor, product(ours), content.qingyun).find((r) => r.param === "eSw")!;

  it("holds the stored C3M0065100J point: 157 + 35 µJ at 700 V, 20 A, 150 °C, 2.5 Ω, body diode", () => {
    expect(point).toMatchObject({ eOn: 157, eOff: 35, v: 700, i: 20, tj: 150, rg: 2.5, vgsOff: -4, vgsOn: 15, freewheel: "body-diode" });
  });

  it.each([
    // [case, competitor, our part, expected note key, whether ours is read]
    ["inside our tables", part, "QCM040120B7", "switchingAtTheirConditions", true],
    ["with a SiC Schottky freewheeler", withPoint({ freewheel: "sic-diode" }), "QCM040120B7", "switchingSicDiodeFreewheel", false],
    ["at a current above our table", withPoint({ i: 1000 }), "QCM040120B7", "switchingOutsideOurData", false],
    ["against a diode", part, shippedProducts.find((p) => p.loss?.kind === "diode")!.partNumber, "switchingOutsideOurData", false],
  ])("%s", (_case, competitor, ours, noteKey, read) => {
    const row = eSwRow(competitor, ours);
    expect(row.decisive).toBe(false);
    expect(row.theirs).toMatchObject({
      value: competitor.switching![0]!.eOn + competitor.switching![0]!.eOff,
      conditions: { tj: competitor.switching![0]!.tj, i: competitor.switching![0]!.i },
    });
    expect(row.theirs.source?.doc).toBe("ds2017");
    expect(row.note?.key).toBe(noteKey);
    expect(row.note?.values).toMatchObject({ v: competitor.switching![0]!.v, rg: competitor.switching![0]!.rg });
    if (read) {
      const expected = Math.round(ourSwitchingEnergyAt(product(ours).loss, competitor.switching![0]!)!);
      expect(row.ours.value).toBe(expected);
      expect(row.status).not.toBe("not-comparable");
    } else {
      expect(row.ours.value).toBeNull();
      expect(row.status).toBe("not-comparable");
    }
  });
});
