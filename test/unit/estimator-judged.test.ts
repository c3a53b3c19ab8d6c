// The estimate never says "fine" where the part would fail: the peak T_j over the output period and the mean T_j at
// the datasheet's maximum values are judged against T_j,max as the mean is; beyond the 250 °C the data cover it says
// so instead of a number; and over every part of the catalogue the worst case is never below the typical estimate.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import { estimate, isSuitable, MODEL_TJ_RANGE, refusalOf, worstCaseData, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";

const rows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<Record<string, unknown>>;
const catalogue = rows.map(({ partNumber, ...data }) => ({ partNumber: String(partNumber), data: lossData.parse(data) }));
const part = (name: string): LossData => catalogue.find((row) => row.partNumber === name)!.data;
const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(text);
  return parsed.value;
};

describe("peak and worst-case T_j against T_j,max", () => {
  it("calls QCM160120K3 unsuitable at 1 Hz output: mean 160 °C, but the peak over the period is above 175 °C", () => {
    const result = estimate(part("QCM160120K3"), point("800,20,50k,0.9,80,fo1"));
    const junction = result.junctions[0]!;
    expect(junction.tj).toBeGreaterThan(150);
    expect(junction.tj).toBeLessThan(175);
    // The peak is read from the Foster network (ripple.ts): here above even the data's 250 °C, so no number.
    expect(junction.peak).toBeNull();
    expect(result.unsuitable).toEqual([{ code: "peakOverMax", junction: "switch", tj: null, tjMax: 175, fo: 1 }]);
    expect(isSuitable(result)).toBe(false);
  });

  it("judges the worst case where the mean passes", () => {
    // QCM160120K3 in a DC/DC leg (no ripple over an output period) at 800 V, 18 A, 50 kHz, D = 0.5: the typical
    // switch settles at 153 °C, at the datasheet's maximum R_DS(on) at 177 °C, above its 175 °C.
    const result = estimate(part("QCM160120K3"), point("800,18,50k,d0.5,80"));
    expect(result.tj!).toBeLessThanOrEqual(175);
    expect(result.worstCase!.tj!).toBeGreaterThan(175);
    expect(result.unsuitable).toEqual([{ code: "worstOverMax", junction: "switch", tj: result.worstCase!.junctions[0]!.tj, tjMax: 175 }]);
    // One amp less, both pass.
    expect(estimate(part("QCM160120K3"), point("800,17,50k,d0.5,80")).unsuitable).toEqual([]);
  });

  it("gives the same verdict however the estimate is reached: the judgement is the estimate's own", () => {
    const data = part("QCM160120K3");
    const op = point("800,20,50k,0.9,80,fo1");
    const worst = estimate(worstCaseData(data)!, op);
    expect(estimate(data, op).worstCase!.losses.total).toBeCloseTo(worst.losses.total, 9);
  });
});

describe("beyond the data's temperature range", () => {
  it("QCM040120K4 at 800 V, 100 A: no T_j above 250 °C, 'outside the data', worst case not below typical", () => {
    const result = estimate(part("QCM040120K4"), point("800,100,50k,0.9,80"));
    expect(result.tj).toBeNull();
    expect(result.junctions[0]!.beyond).toBe("aboveData");
    expect(result.unsuitable).toContainEqual({ code: "aboveData", junction: "switch", limit: MODEL_TJ_RANGE.max });
    expect(result.worstCase!.losses.total).toBeGreaterThanOrEqual(result.losses.total);
  });

  // Every part of the catalogue at points from light to far beyond its means: no temperature above the data's range
  // is ever a number, nothing is NaN, and the worst case is never below the typical estimate (total and per junction).
  const points = [
    "800,20,50k,0.9,80",
    "800,100,50k,0.9,80",
    "400,10,20k,0.8,100,fo2",
    "800,200,20k,0.9,80,1.1,svpwm",
    "800,60,100k,-0.8,120,dpwm",
    "400,30,200k,d0.4,90",
    "1000,300,8k,0.85,80,0.9,thipwm",
    "600,50,50k,0.9,60h,fo5",
  ].map(point);
  it("holds over every part of the catalogue", () => {
    let checked = 0;
    for (const { partNumber, data } of catalogue) {
      for (const op of points) {
        if (refusalOf(data, op)) continue;
        const result = estimate(data, op);
        const where = `${partNumber} at ${JSON.stringify(op)}`;
        for (const value of Object.values(result.losses)) expect(Number.isFinite(value), where).toBe(true);
        for (const junction of result.junctions) {
          if (junction.tj !== null) expect(junction.tj, where).toBeLessThanOrEqual(MODEL_TJ_RANGE.max);
          if (junction.peak !== undefined && junction.peak !== null) expect(junction.peak, where).toBeLessThanOrEqual(MODEL_TJ_RANGE.max);
        }
        if (result.worstCase) {
          expect(result.worstCase.losses.total, where).toBeGreaterThanOrEqual(result.losses.total * (1 - 1e-9));
          result.worstCase.junctions.forEach((junction, index) => {
            expect(junction.power, where).toBeGreaterThanOrEqual(result.junctions[index]!.power * (1 - 1e-9));
          });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(catalogue.length * 4);
  });
});
