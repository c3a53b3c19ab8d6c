// The published worked examples the methods page tables (each row held to its stated tolerance, the figures
// taken from the estimator's own equations and, where the whole estimate reports the quantity, from it too), and
// the maximum-value rule of the worst case against the cited datasheets and the catalogue's data.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LossData, MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, type OperatingPoint } from "../../shared/estimator/index.ts";
import { PUBLISHED_EXAMPLES, relativeDifference } from "../../shared/estimator/published-examples.ts";
import { DATASHEET_MAXIMA, MAX_RULE, excessRange, maxExcess, ruleValue, type MaxKind } from "../../shared/estimator/max-value-basis.ts";

describe("published worked examples", () => {
  it("every row of every example lies within the example's tolerance, and the published figures are the sources' own", () => {
    const published = Object.fromEntries(PUBLISHED_EXAMPLES.map((example) => [example.id, example.rows.map((row) => [row.symbol, row.published])]));
    // The printed results, as the sources give them (ROHM AEK59-D1-0065-2; AAT1112 datasheet p. 17).
    expect(published).toEqual({
      Rohm: [
        ["P<ON,H>", 0.375],
        ["P<ON,L>", 0.3675],
        ["P<SW>", 0.36],
        ["P<DEAD>", 0.18],
      ],
      Aat1112: [["P<TOTAL>", 0.375]],
    });
    for (const example of PUBLISHED_EXAMPLES) {
      expect(example.tolerance).toBeLessThanOrEqual(0.01);
      for (const row of example.rows) expect(Math.abs(relativeDifference(row)), `${example.id} ${row.symbol}`).toBeLessThanOrEqual(example.tolerance);
    }
  });

  it("the ROHM example's high side, switching and dead-time rows are what the whole estimate gives for the note's part", () => {
    // The estimate's DC/DC leg is one part, so R_DS(on) is the high side's 100 mΩ; the note's transition times as
    // energies at its own point (E = ½·V·I·t) and its body diode's 0.5 V with no slope.
    const part: MosfetLossData = {
      kind: "mosfet",
      ratings: { v: 24, i: 6, tc: 25, tjMax: 150 },
      rthRef: "case",
      rth: 1e-6,
      channel: { t: [25, 175], v0: [0, 0], r: [100, 100] },
      eOn: 72e-6,
      eOff: 108e-6,
      switchingRef: { v: 12, i: 3, rg: 1, tj: 25 },
      kv: 1,
      gate: { rg: [1, 10], eOn: [1, 1], eOff: [1, 1] },
      energies: {
        tj: [25, 175],
        i: [0, 3],
        eOn: [
          [0, 72e-6],
          [0, 72e-6],
        ],
        eOff: [
          [0, 108e-6],
          [0, 108e-6],
        ],
        qrr: [1, 1],
      },
      deadTime: 30,
      bodyDiode: {
        t: [25, 175],
        v0: [0.5, 0.5],
        r: [1e-9, 1e-9],
        vSd: 0.5,
        iSd: 3,
        qrr: 1,
      },
    };
    const op: OperatingPoint = {
      mode: "dcdc",
      vBus: 12,
      current: 3,
      currentKind: "rms",
      fsw: 2e6,
      pf: 0.9,
      duty: 5 / 12,
      tc: 25,
      m: 0.9,
    };
    const { losses } = estimate(part, op);
    const rows = Object.fromEntries(PUBLISHED_EXAMPLES.find((example) => example.id === "Rohm")!.rows.map((row) => [row.symbol, row.ours]));
    expect(losses.conduction).toBeCloseTo(rows["P<ON,H>"]!, 9);
    expect(losses.switching).toBeCloseTo(rows["P<SW>"]!, 9);
    expect(losses.deadTime).toBeCloseTo(rows["P<DEAD>"]!, 9);
  });
});

describe("the worst case's maximum values", () => {
  const kinds: MaxKind[] = ["mosfet", "igbt", "diode"];

  it("the site's rule for each device type lies within what the cited datasheets print", () => {
    for (const kind of kinds) {
      const range = excessRange(kind);
      expect(DATASHEET_MAXIMA.filter((row) => row.kind === kind).length, kind).toBeGreaterThanOrEqual(3);
      expect(ruleValue(kind), kind).toBeGreaterThanOrEqual(range.min);
      expect(ruleValue(kind), kind).toBeLessThanOrEqual(range.max);
    }
    // The spans, as the datasheets give them: R_DS(on) 1.23–1.36 ×, V_CE(sat) +0.30–0.45 V, V_F 1.13–1.29 ×.
    expect([excessRange("mosfet").min, excessRange("mosfet").max].map((value) => value.toFixed(2))).toEqual(["1.23", "1.36"]);
    expect([excessRange("igbt").min, excessRange("igbt").max].map((value) => value.toFixed(2))).toEqual(["0.30", "0.45"]);
    expect([excessRange("diode").min, excessRange("diode").max].map((value) => value.toFixed(2))).toEqual(["1.13", "1.29"]);
    // Every cited maximum exceeds its typical value.
    for (const row of DATASHEET_MAXIMA) expect(maxExcess(row), row.source).toBeGreaterThan(row.kind === "igbt" ? 0 : 1);
  });

  it("every catalogue part's stated maximum follows the rule (to the rounding of its datasheet) and so lies in the cited span", () => {
    const parts = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as (LossData & {
      partNumber: string;
    })[];
    const withMax = parts.filter((part) => part.max);
    expect(withMax.length).toBe(parts.length);
    for (const part of withMax) {
      const curve = part.kind === "mosfet" ? part.channel : part.kind === "igbt" ? part.igbt : part.forward;
      const typical = curve.v0[0]! + (curve.r[0]! / 1000) * part.max!.i;
      const rule = MAX_RULE[part.kind];
      const excess = "offset" in rule ? part.max!.vOn - typical : part.max!.vOn / typical;
      const range = excessRange(part.kind);
      // The datasheets round the maxima to their printed digits: within 0.02 of the rule's factor or offset.
      expect(Math.abs(excess - ruleValue(part.kind)), part.partNumber).toBeLessThanOrEqual(0.02);
      expect(excess, part.partNumber).toBeGreaterThanOrEqual(range.min);
      expect(excess, part.partNumber).toBeLessThanOrEqual(range.max);
    }
  });
});
