// How the bench and Lighthouse scripts judge their figures (test/bench/budgets.ts).
import { describe, expect, it } from "vitest";
import { median, verdict } from "../bench/budgets.ts";

describe("budgets", () => {
  it("takes the middle of an odd number of runs, whatever their order", () => {
    expect(median([0.99, 0.62, 0.97])).toBe(0.97);
    expect(median([0.5])).toBe(0.5);
  });

  it("averages the two middle figures of an even number of runs", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("refuses to invent a median of no runs", () => {
    expect(() => median([])).toThrow(/no values/);
  });

  it("fails a script on any missed budget and lists each miss", () => {
    const { code, text } = verdict("lighthouse", ["home: performance 94 < 95", "job: seo 92 < 100"]);
    expect(code).toBe(1);
    expect(text).toContain("LIGHTHOUSE BUDGETS MISSED");
    expect(text).toContain("home: performance 94 < 95\n  job: seo 92 < 100");
  });

  it("passes a script with no misses", () => {
    expect(verdict("bench", [])).toEqual({ code: 0, text: "\nbench: every budget holds" });
  });
});
