// The load cycle (mission profile): T_j over time from the part's Foster network, checked against the network's
// own step response in closed form, T(t) = T_c + Σ P·r_i·(1 − e^(−t/τ_i)) (superposed for a change of load), and
// the peak judged against T_j,max; the cycle's URL grammar with its localized errors.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lossData, type LossData } from "../../shared/contract/loss-data.ts";
import { missionProfile, parseLoadCycle } from "../../shared/estimator/mission.ts";
import { estimate, type OperatingPoint } from "../../shared/estimator/index.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";

const rows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<Record<string, unknown>>;
const part = (name: string): LossData => {
  const { partNumber: _, ...data } = rows.find((row) => row.partNumber === name)!;
  return lossData.parse(data);
};
const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(text);
  return parsed.value;
};

/** The Foster network's response to power stepping through `loads` (W from t = start), at time t. */
function stepResponse(network: Array<{ r: number; tau: number }>, loads: Array<{ start: number; power: number }>, t: number): number {
  let rise = 0;
  let previous = 0;
  for (const load of loads) {
    if (t <= load.start) break;
    for (const pair of network) rise += (load.power - previous) * pair.r * (1 - Math.exp(-(t - load.start) / pair.tau));
    previous = load.power;
  }
  return rise;
}

describe("load cycle", () => {
  const data = part("QCM040120K4");
  const op = point("800,20,50k,0.9,80");
  const network = data.zth!;

  it("follows the Foster network's step response from T_c (a fast output frequency, so the ripple is small)", () => {
    const result = missionProfile(data, op, [{ duration: 2, current: 20, fo: 2000 }])!;
    const power = result.steps[0]!.powers[0]!;
    // The mean power is the steady estimate's.
    expect(power).toBeCloseTo(estimate(data, { ...op, fo: 2000 }).losses.total, 6);
    // Each trace point is its output period's peak: at or above the mean response, by at most the steady ripple.
    const steady = estimate(data, { ...op, fo: 2000 });
    const ripple = steady.junctions[0]!.peak! - steady.tj!;
    expect(ripple).toBeGreaterThan(0);
    for (const at of [0.001, 0.01, 0.1, 1, 2]) {
      const sample = result.trace.reduce((best, item) => (Math.abs(item.t - at) < Math.abs(best.t - at) ? item : best));
      const expected = op.tc + stepResponse(network, [{ start: 0, power }], sample.t);
      expect(sample.tj, `t = ${sample.t}`).toBeGreaterThanOrEqual(expected - 0.01 * (expected - op.tc));
      expect(sample.tj, `t = ${sample.t}`).toBeLessThanOrEqual(expected + ripple + 0.01 * (expected - op.tc));
    }
    // At the end the junction has reached the steady peak of the ripple (the network's slowest τ is 0.3 s).
    expect(result.peak!).toBeCloseTo(steady.junctions[0]!.peak!, 0);
  });

  it("superposes a change of load: a start at 40 A for 0.5 s, then 20 A", () => {
    const result = missionProfile(data, op, [
      { duration: 0.5, current: 40, fo: 2000 },
      { duration: 1, current: 20, fo: 2000 },
    ])!;
    const [start, nominal] = result.steps.map((step) => step.powers[0]!) as [number, number];
    expect(start).toBeGreaterThan(nominal);
    const ripple = Math.max(
      ...[40, 20].map((current) => {
        const steady = estimate(data, { ...op, current, fo: 2000 });
        return steady.junctions[0]!.peak! - steady.tj!;
      }),
    );
    for (const at of [0.25, 0.5, 0.6, 1, 1.5]) {
      const sample = result.trace.reduce((best, item) => (Math.abs(item.t - at) < Math.abs(best.t - at) ? item : best));
      const expected =
        op.tc +
        stepResponse(
          network,
          [
            { start: 0, power: start },
            { start: 0.5, power: nominal },
          ],
          sample.t,
        );
      expect(sample.tj, `t = ${sample.t}`).toBeGreaterThanOrEqual(expected - 0.01 * (expected - op.tc));
      expect(sample.tj, `t = ${sample.t}`).toBeLessThanOrEqual(expected + ripple + 0.01 * (expected - op.tc));
    }
    // The peak is at the end of the start (the network cools after it), and judged against T_j,max.
    expect(result.at).toBeGreaterThan(0.45);
    expect(result.at).toBeLessThan(0.55);
    expect(result.peak).toBeCloseTo(Math.max(...result.trace.map((item) => item.tj)), 0);
    expect(result.suitable).toBe(result.peak! <= 175);
  });

  it("judges a motor start at 2 Hz: hotter than the steady nominal point, and not suitable where its peak passes T_j,max", () => {
    const start = missionProfile(data, op, [
      { duration: 10, current: 35, fo: 2 },
      { duration: 5, current: 20, fo: 50 },
    ])!;
    const nominal = estimate(data, op);
    expect(start.peak!).toBeGreaterThan(nominal.tj!);
    expect(start.steps[0]!.peak!).toBeGreaterThan(start.steps[1]!.peak!);
    const heavy = missionProfile(data, op, [{ duration: 10, current: 60, fo: 1 }])!;
    expect(heavy.suitable).toBe(false);
  });

  it("reads cycle= with its bounds, and gives no profile for DC/DC", () => {
    expect(parseLoadCycle("10:40:2,20:20:50")).toEqual({
      ok: true,
      steps: [
        { duration: 10, current: 40, fo: 2 },
        { duration: 20, current: 20, fo: 50 },
      ],
      text: "10:40:2,20:20:50",
    });
    expect(parseLoadCycle("")).toBeNull();
    expect(parseLoadCycle("10:40")).toEqual({ ok: false, message: "mission.errors.format", values: { step: 1 } });
    expect(parseLoadCycle("10:40:2,5000:20:50")).toEqual({ ok: false, message: "mission.errors.duration", values: { step: 2, min: 0.001, max: 3600 } });
    expect(parseLoadCycle("1:1:1,".repeat(11).slice(0, -1))).toEqual({ ok: false, message: "mission.errors.steps", values: { max: 10 } });
    expect(missionProfile(data, point("400,6,65k,d0.5,80"), [{ duration: 1, current: 6, fo: 50 }])).toBeNull();
  });
});
