// pointEstimate (converter.ts, docs/decisions/049-converter-on-finder-and-compare.md): at a whole-converter point (rs)
// the figures the finder's rows and compare's columns show and rank are the hottest part's at the solved sink, judged
// with every junction on the sink; without rs, the part at the point.
import { describe, expect, it } from "vitest";
import type { MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, isSuitable, type OperatingPoint } from "../../shared/estimator/index.ts";
import { hottestPartView, pointEstimate, solveConverter } from "../../shared/estimator/converter.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text} did not parse`);
  return parsed.value;
};
const part: MosfetLossData = { ...handWorkedMosfet, rthCh: 0.3 };

describe("a part's figures at a whole-converter point", () => {
  it("are the hottest part's at the solved sink, not the part's at the ambient read as its case", () => {
    const op = point("800,20,50k,0.9,40,np2,rs0.2");
    const { result, converter } = pointEstimate(part, op);
    const view = hottestPartView(part, op, solveConverter(part, op)!)!;
    expect(converter).not.toBeNull();
    expect(result).toEqual(estimate(view.data, view.op));
    expect(result.tj!).toBeGreaterThan(estimate(part, op).tj!);
    // Without rs the part at the point, as before.
    expect(pointEstimate(part, point("800,20,50k,0.9,40"))).toEqual({ result: estimate(part, point("800,20,50k,0.9,40")), converter: null });
  });

  it("is not suitable where the sink has no steady temperature, said as the sink's (sinkOver), not as the ambient's figures", () => {
    const op = point("800,60,50k,0.9,40,rs10");
    const { result, converter } = pointEstimate(part, op);
    expect(converter!.sink).toBeNull();
    expect(isSuitable(result)).toBe(false);
    expect(result.unsuitable).toContainEqual({ code: "sinkOver", tj: null, tjMax: part.ratings.tjMax });
  });

  it("adds no second reason where the part's own junction at the sink already fails", () => {
    const op = point("800,20,50k,0.9,40,rs1");
    const { result, converter } = pointEstimate(part, op);
    expect(converter!.suitable).toBe(false);
    expect(converter!.sink).not.toBeNull();
    expect(result.unsuitable.some((reason) => reason.code === "tjOverMax" || reason.code === "aboveData" || reason.code === "thermalRunaway")).toBe(true);
    expect(result.unsuitable.some((reason) => reason.code === "sinkOver")).toBe(false);
  });
});
