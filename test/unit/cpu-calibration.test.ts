// The Lighthouse CPU slowdown follows the host (test/bench/cpu-calibration.ts).
import { describe, expect, it } from "vitest";
import { cpuSlowdownFor, midTierBenchmarkIndex } from "../bench/cpu-calibration.ts";

describe("cpuSlowdownFor", () => {
  it("brings every host to the same mid-tier phone", () => {
    for (const index of [1300, 2000, 3500]) {
      expect(index / cpuSlowdownFor(index)).toBeCloseTo(midTierBenchmarkIndex, -1);
    }
    expect(cpuSlowdownFor(3500)).toBe(3.5);
    expect(cpuSlowdownFor(1750)).toBe(1.75);
  });

  it("never speeds a slow host up, and refuses a missing index", () => {
    expect(cpuSlowdownFor(600)).toBe(1);
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow(/no benchmark index/);
    expect(() => cpuSlowdownFor(0)).toThrow(/no benchmark index/);
  });
});
