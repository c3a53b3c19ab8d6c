// A PFC stage's peak T_j over the line period and the stage's totals (docs/decisions/041-stage-totals.md). The peak
// is checked against a switching-period-by-switching-period simulation written here: the device's power in every
// switching period of the line (its on-state and E(I) values from the data at the estimate's mean T_j, the duty from
// volt-second balance), driven through the Foster network step by step from its mean state over many line periods;
// not the estimate's normalised shapes, its 360-step grid or its closed-form periodic state. The totals against
// hand arithmetic on the estimate's own figures (their figures are checked by estimator-pfc*.test.ts).
import { describe, expect, it } from "vitest";
import type { FosterNetwork, MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, isSuitable, type OperatingPoint } from "../../shared/estimator/index.ts";
import { companionEstimate, stageTotals } from "../../shared/estimator/stage.ts";
import { missionProfile, parseLoadCycle } from "../../shared/estimator/mission.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { runEstimate } from "../../scripts/estimate.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text} did not parse`);
  return parsed.value;
};

// Σ r = R_th(j-c) = 0.55 K/W, time constants from 0.2 ms to 80 ms: the junction follows a 50 Hz line in part.
const network: FosterNetwork = [
  { r: 0.05, tau: 2e-4 },
  { r: 0.15, tau: 2e-3 },
  { r: 0.2, tau: 1.5e-2 },
  { r: 0.15, tau: 8e-2 },
];
const mosfet: MosfetLossData = { ...handWorkedMosfet, zth: network };

/** Linear between the data's two temperatures (25 and 175 °C). */
const at = (values: readonly number[], tj: number) => values[0]! + ((values[1]! - values[0]!) * (tj - 25)) / 150;

/**
 * The fast-leg (totem) or boost switch (not totem) MOSFET's power in each switching period of one line period, at
 * T_j: channel R(T_j)·i²·(on-time share), E_on + E_off (linear through zero, (V_o/V_ref)^k) once per period where it
 * switches hard, the body diode v_0·i + r·i² in the two dead times of each rectifier period (capped by its interval).
 */
function linePowers(op: OperatingPoint, tj: number, totem: boolean, line: number): number[] {
  const periods = Math.round(op.fsw / line);
  const iPeak = Math.SQRT2 * op.current;
  const a = (Math.SQRT2 * op.vOther!) / op.vBus;
  const r = at(mosfet.channel.r, tj) / 1000;
  const bodyV0 = at(mosfet.bodyDiode.v0, tj);
  const bodyR = at(mosfet.bodyDiode.r, tj) / 1000;
  const energyPerAmp = ((mosfet.eOn + mosfet.eOff) * 1e-3 * (op.vBus / mosfet.switchingRef.v) ** mosfet.kv) / mosfet.switchingRef.i;
  const dead = 2 * mosfet.deadTime * 1e-9 * op.fsw;
  const powers: number[] = [];
  for (let k = 0; k < periods; k++) {
    const theta = (2 * Math.PI * (k + 0.5)) / periods;
    const s = Math.abs(Math.sin(theta));
    const i = iPeak * s;
    const duty = 1 - a * s;
    if (!totem || theta < Math.PI) powers.push(r * i * i * duty + op.fsw * energyPerAmp * i);
    else {
      const bodyShare = Math.min(dead, 1 - duty);
      powers.push(r * i * i * (1 - duty - bodyShare) + bodyShare * (bodyV0 * i + bodyR * i * i));
    }
  }
  return powers;
}

/** Peak of Σ T_i over the last of 40 line periods, each RC pair stepped per switching period from its mean state. */
function simulatedPeakRise(powers: number[], line: number): { peak: number; mean: number } {
  const step = 1 / line / powers.length;
  const mean = powers.reduce((sum, p) => sum + p, 0) / powers.length;
  const state = network.map((pair) => mean * pair.r);
  let peak = -Infinity;
  for (let period = 0; period < 40; period++)
    for (const p of powers) {
      let sum = 0;
      network.forEach((pair, index) => {
        state[index] = state[index]! + (p * pair.r - state[index]!) * (1 - Math.exp(-step / pair.tau));
        sum += state[index]!;
      });
      if (period === 39) peak = Math.max(peak, sum);
    }
  return { peak, mean };
}

describe("a PFC part's peak T_j over the line period", () => {
  // A point without fo is at a 50 Hz line (as before the field existed); fo60 a 60 Hz line.
  for (const [name, text, totem, line] of [
    ["boost PFC switch", "400,15,65k,b230,80", false, 50],
    ["totem-pole fast-leg device", "400,15,65k,t230,80", true, 50],
    ["boost PFC switch on a 60 Hz line", "400,15,65k,b230,80,fo60", false, 60],
    ["totem-pole fast-leg device on a 60 Hz line", "400,15,65k,t230,80,fo60", true, 60],
    // An aircraft's 400 Hz line (decision 049): 162 switching periods per line period at 65 kHz.
    ["boost PFC switch on a 400 Hz line", "400,15,65k,b115,80,fo400", false, 400],
    ["totem-pole fast-leg device on a 400 Hz line", "400,15,65k,t115,80,fo400", true, 400],
  ] as const) {
    it(`${name}: the Foster network over the line agrees with a switching-period simulation within 2 % of the ripple`, () => {
      const op = point(text);
      const result = estimate(mosfet, op);
      const junction = result.junctions[0]!;
      expect(junction.tj).not.toBeNull();
      const powers = linePowers(op, junction.tj!, totem, line);
      const simulated = simulatedPeakRise(powers, line);
      // The simulation's power is the estimate's, averaged over the line (the closed forms, within 0.5 %).
      expect(Math.abs(simulated.mean / junction.power - 1)).toBeLessThan(0.005);
      // T_j = T_c + mean rise + ripple: the ripple (peak − mean) is what the line adds.
      const ripple = op.tc + simulated.peak - junction.tj!;
      expect(ripple).toBeGreaterThan(0.3);
      expect(junction.peak).toBeDefined();
      expect(Math.abs((junction.peak! - junction.tj!) / ripple - 1)).toBeLessThan(0.02);
    });
  }

  it("a 60 Hz line lets the junction swing less than a 50 Hz one (the default is the conservative one), and only the peak changes", () => {
    for (const mode of ["b", "t"]) {
      const at50 = estimate(mosfet, point(`400,15,65k,${mode}230,80`));
      const at60 = estimate(mosfet, point(`400,15,65k,${mode}230,80,fo60`));
      expect(at60.losses).toEqual(at50.losses);
      expect(at60.junctions[0]!.tj).toBe(at50.junctions[0]!.tj);
      expect(at60.junctions[0]!.peak!).toBeLessThan(at50.junctions[0]!.peak!);
      expect(estimate(mosfet, point(`400,15,65k,${mode}230,80,fo50`)).junctions[0]!.peak).toBe(at50.junctions[0]!.peak);
    }
  });

  it("a totem-pole device swings further than a boost switch of the same loss: its loss is in one half of the line period", () => {
    const boost = estimate(mosfet, point("400,15,65k,b230,80")).junctions[0]!;
    const totem = estimate(mosfet, point("400,15,65k,t230,80")).junctions[0]!;
    expect((totem.peak! - totem.tj!) / totem.power).toBeGreaterThan((boost.peak! - boost.tj!) / boost.power);
  });

  it("is judged against T_j,max: never suitable where the peak is above it while the mean is below", () => {
    // A network with R_th 3 K/W and one 1 ms time constant: the junction follows the line's power closely.
    const quick: MosfetLossData = { ...mosfet, rth: 3, zth: [{ r: 3, tau: 1e-3 }] };
    const result = estimate(quick, point("400,15,65k,b230,135"));
    const junction = result.junctions[0]!;
    expect(junction.tj!).toBeLessThan(175);
    expect(junction.peak!).toBeGreaterThan(175);
    expect(isSuitable(result)).toBe(false);
    expect(result.unsuitable).toEqual([{ code: "peakOverMax", junction: "switch", tj: junction.peak, tjMax: 175, fo: 50, line: true }]);
    // Above the data's 250 °C the peak has no number, and the reason says so (tj null).
    // (R_th 18 K/W from −40 °C: a mean near 170 °C, the line's swing over 80 K.)
    const hot = estimate({ ...quick, rth: 18, zth: [{ r: 18, tau: 1e-3 }] }, point("400,15,65k,b230,-40"));
    expect(hot.junctions[0]!.tj!).toBeLessThan(175);
    expect(hot.junctions[0]!.peak).toBeNull();
    expect(hot.unsuitable).toMatchObject([{ code: "peakOverMax", tj: null, line: true }]);
  });

  it("a synchronous DC/DC leg has no peak beside its mean: its losses are steady over time at a steady load", () => {
    const result = estimate(mosfet, point("48,20,200k,s12,80"));
    expect(result.junctions.every((junction) => junction.peak === undefined)).toBe(true);
  });

  it("a synchronous buck is never suitable where its worst case (the datasheet's maximum R_DS(on)) is above T_j,max", () => {
    // Maximum on-state 1 V at 20 A over the typical 0.8 V: the rectifier's mean 171 °C, at the maximum values 184 °C.
    const result = estimate({ ...mosfet, max: { vOn: 1, i: 20 } }, point("48,40,100k,s12,120"));
    expect(result.tj!).toBeLessThan(175);
    expect(result.worstCase!.tj!).toBeGreaterThan(175);
    expect(isSuitable(result)).toBe(false);
    expect(result.unsuitable).toMatchObject([{ code: "worstOverMax", junction: "rectifier", tjMax: 175 }]);
  });
});

describe("a slow leg of MOSFETs at a totem-pole point (decision 043)", () => {
  const op = point("400,15,65k,t230,80");

  it("conducts the line current for half the line period in its channel: a line-cycle integration and its fixed point agree", () => {
    const result = estimate(mosfet, op, { slowLeg: true });
    expect(result.slowLeg).toBe(true);
    const junction = result.junctions[0]!;
    expect(junction.name).toBe("rectifier");
    // Written here: P(T_j) = mean over the line period of R(T_j)·i² while it conducts (θ in (0, π)), 200 000 samples;
    // the junction's fixed point T = T_c + P(T)·R_th by bisection.
    const iPeak = Math.SQRT2 * 15;
    const samples = 200_000;
    let meanSquare = 0;
    for (let k = 0; k < samples; k++) {
      const theta = (2 * Math.PI * (k + 0.5)) / samples;
      if (theta < Math.PI) meanSquare += (iPeak * Math.sin(theta)) ** 2 / samples;
    }
    const power = (tj: number) => (at(mosfet.channel.r, tj) / 1000) * meanSquare;
    let low = op.tc;
    let high = 250;
    for (let step = 0; step < 60; step++) {
      const mid = (low + high) / 2;
      if (op.tc + power(mid) * mosfet.rth > mid) low = mid;
      else high = mid;
    }
    expect(junction.tj!).toBeCloseTo(low, 2);
    expect(Math.abs(junction.power / power(low) - 1)).toBeLessThan(1e-4);
    // Nothing switched at f_sw, no dead time: all of it is the channel's conduction as the stage's rectifier.
    expect(result.losses).toMatchObject({ conduction: 0, switching: 0, deadTime: 0, diodeSwitching: 0 });
    expect(result.losses.total).toBeCloseTo(junction.power, 9);
    // Far below the same part's loss as a fast-leg device, which also switches hard and rectifies at f_sw.
    expect(result.losses.total).toBeLessThan(estimate(mosfet, op).losses.total);
  });

  it("its peak over the line period agrees with a switching-period simulation within 2 % of the ripple", () => {
    const result = estimate(mosfet, op, { slowLeg: true });
    const junction = result.junctions[0]!;
    const periods = Math.round(op.fsw / 50);
    const r = at(mosfet.channel.r, junction.tj!) / 1000;
    const powers = Array.from({ length: periods }, (_, k) => {
      const theta = (2 * Math.PI * (k + 0.5)) / periods;
      return theta < Math.PI ? r * (Math.SQRT2 * 15 * Math.sin(theta)) ** 2 : 0;
    });
    const simulated = simulatedPeakRise(powers, 50);
    const ripple = op.tc + simulated.peak - junction.tj!;
    expect(ripple).toBeGreaterThan(0.1);
    expect(Math.abs((junction.peak! - junction.tj!) / ripple - 1)).toBeLessThan(0.02);
  });

  it("fills the slow leg when named beside a fast-leg device (with=): both legs counted, the efficiency exact", () => {
    const slow = companionEstimate(mosfet, mosfet, op);
    expect(slow.slowLeg).toBe(true);
    const fast = estimate(mosfet, op);
    const stage = stageTotals(mosfet, op, fast, { data: mosfet, result: slow })!;
    expect(stage).toMatchObject({ role: "fast", missing: [], bound: false, companion: { role: "slow", count: 2 } });
    const loss = 2 * fast.losses.total + 2 * slow.losses.total;
    expect(stage.loss).toBeCloseTo(loss, 9);
    expect(stage.efficiency!).toBeCloseTo((3450 - loss) / 3450, 9);
    // Only at a totem-pole point: beside a boost PFC's switch a MOSFET is a second switch, as before.
    const boost = point("400,15,65k,b230,80");
    expect(companionEstimate(mosfet, mosfet, boost).slowLeg).toBeUndefined();
    expect(stageTotals(mosfet, boost, estimate(mosfet, boost), { data: mosfet, result: estimate(mosfet, boost) })).toMatchObject({ mismatch: "switch" });
  });

  it("npm run estimate --with a MOSFET at a totem-pole point counts it as the slow leg", () => {
    const out: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,15,65k,t230,80", "--with", "QCM025065K4", "--json"],
        (line) => out.push(line),
        () => undefined,
      ),
    ).toBe(0);
    const stage = JSON.parse(out.join("\n")).stage;
    expect(stage).toMatchObject({ missing: [], efficiencyIsUpperBound: false, with: { part: "QCM025065K4", role: "slow", count: 2, suitable: true } });
    expect(stage.loss).toBeCloseTo(2 * stage.perDevice + 2 * stage.with.perDevice, 1);
  });
});

describe("a PFC stage's load cycle (each step's third value the line frequency)", () => {
  it("follows a switching-period simulation of the network from T_c through the steps, within 2 % of the rise", () => {
    // A start-up at 25 A on a 50 Hz line for 0.3 s, then 15 A on a 60 Hz line: each step's power per switching
    // period at its own steady T_j, the Foster state carried across the step from a cold start.
    const op = point("400,15,65k,t230,80");
    const steps = [
      { duration: 0.3, current: 25, fo: 50 },
      { duration: 0.5, current: 15, fo: 60 },
    ];
    const result = missionProfile(mosfet, op, steps)!;
    expect(result).not.toBeNull();
    const state = network.map(() => 0);
    let peak = -Infinity;
    for (const [index, step] of steps.entries()) {
      const stepOp = { ...op, current: step.current, fo: step.fo };
      const powers = linePowers(stepOp, estimate(mosfet, stepOp).junctions[0]!.tj!, true, step.fo);
      const mean = powers.reduce((sum, p) => sum + p, 0) / powers.length;
      expect(Math.abs(result.steps[index]!.powers[0]! / mean - 1)).toBeLessThan(0.005);
      const dt = 1 / step.fo / powers.length;
      for (let period = 0; period < Math.round(step.duration * step.fo); period++)
        for (const p of powers) {
          let sum = 0;
          network.forEach((pair, k) => {
            state[k] = state[k]! + (p * pair.r - state[k]!) * (1 - Math.exp(-dt / pair.tau));
            sum += state[k]!;
          });
          peak = Math.max(peak, sum);
        }
    }
    expect(result.peak).not.toBeNull();
    expect(Math.abs((result.peak! - op.tc) / peak - 1)).toBeLessThan(0.02);
    // The start-up's step is the hotter one, and its peak is the cycle's.
    expect(result.steps[0]!.peak!).toBeGreaterThan(result.steps[1]!.peak!);
    expect(result.at).toBeLessThan(0.3);
  });

  it("holds a PFC step's frequency to the line's 45–800 Hz and 100 switching periods per line period, and a DC/DC point has no cycle", () => {
    expect(parseLoadCycle("10:25:2", "totempole")).toEqual({ ok: false, message: "mission.errors.line", values: { step: 1, min: 45, max: 800 } });
    expect(parseLoadCycle("10:25:60", "boostpfc")).toMatchObject({ ok: true, steps: [{ duration: 10, current: 25, fo: 60 }] });
    expect(parseLoadCycle("10:25:400", "boostpfc", 65_000)).toMatchObject({ ok: true, steps: [{ fo: 400 }] });
    expect(parseLoadCycle("1:25:50,10:25:400", "boostpfc", 30_000)).toEqual({ ok: false, message: "mission.errors.linePeriods", values: { step: 2, periods: 100 } });
    // The inverter's steps keep their output-frequency bounds (a motor start at 2 Hz).
    expect(parseLoadCycle("10:25:2", "inverter")).toMatchObject({ ok: true });
    expect(missionProfile(mosfet, point("48,20,200k,s12,80"), [{ duration: 1, current: 20, fo: 50 }])).toBeNull();
  });

  it("npm run estimate takes the line frequency in --op and a PFC cycle in --cycle, and refuses a step off the line's range", () => {
    const out: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,15,65k,t230,80,fo60", "--cycle", "5:25:50,10:15:60"],
        (line) => out.push(line),
        () => undefined,
      ),
    ).toBe(0);
    const text = out.join("\n");
    expect(text).toContain("over the line period at 60 Hz");
    expect(text).toMatch(/step 1: 5 s at 25 A, line 50 Hz: [\d.]+ W, peak T_j \d+ °C/);
    const json: string[] = [];
    runEstimate(
      ["--part", "QCM045065B7", "--op", "400,15,65k,t230,80,fo60", "--cycle", "5:25:50,10:15:60", "--json"],
      (line) => json.push(line),
      () => undefined,
    );
    const report = JSON.parse(json.join("\n"));
    expect(report.op).toBe("400,15,65k,t230,80,fo60");
    expect(report.loadCycle.steps.map((step: { fo: number }) => step.fo)).toEqual([50, 60]);
    expect(report.loadCycle.peak).toBeGreaterThanOrEqual(report.junctions[0].tj);
    const err: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,15,65k,t230,80", "--cycle", "5:25:2"],
        () => undefined,
        (line) => err.push(line),
      ),
    ).toBe(2);
    expect(err.join("\n")).toContain("The line frequency of step 1 must be between 45 and 800 Hz.");
    // An aircraft's 400 Hz step needs 40 kHz or more; at 30 kHz the CLI refuses it as the page does.
    const few: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,15,30k,t115,80", "--cycle", "5:25:50,5:15:400"],
        () => undefined,
        (line) => few.push(line),
      ),
    ).toBe(2);
    expect(few.join("\n")).toContain("The line frequency of step 2 must be at most the switching frequency divided by 100");
  });
});

describe("the stage's totals", () => {
  it("totem-pole: both fast-leg devices counted, the slow leg named as missing, the efficiency an upper bound on P_in = V_line·I", () => {
    const op = point("400,15,65k,t230,80");
    const result = estimate(mosfet, op);
    const stage = stageTotals(mosfet, op, result)!;
    const loss = 2 * result.losses.total;
    expect(stage).toMatchObject({ role: "fast", count: 2, missing: ["slow"], bound: true, inputPower: 230 * 15 });
    expect(stage.loss).toBeCloseTo(loss, 9);
    expect(stage.efficiency!).toBeCloseTo((3450 - loss) / 3450, 9);
  });

  it("synchronous buck: the leg is the whole stage, its efficiency V_out·I / (V_out·I + P_loss); a boost from its input V_in·I", () => {
    const buck = point("48,20,200k,s12,80");
    const leg = estimate(mosfet, buck);
    const stage = stageTotals(mosfet, buck, leg)!;
    expect(stage).toMatchObject({ role: "leg", count: 1, missing: [], bound: false, outputPower: 240 });
    expect(stage.efficiency!).toBeCloseTo(240 / (240 + leg.losses.total), 9);
    const boost = point("400,15,100k,u200,80");
    const up = estimate(mosfet, boost);
    expect(stageTotals(mosfet, boost, up)!.efficiency!).toBeCloseTo((3000 - up.losses.total) / 3000, 9);
  });

  it("a boost diode carries the charge it costs the switch; the inverter has no stage (its whole converter is rs=)", () => {
    const diode = {
      kind: "diode" as const,
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
      rthRef: "case" as const,
      rth: 1.5,
      forward: { t: [25, 175], v0: [0.9, 0.9], r: [60, 60] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    const op = point("400,15,65k,b230,80");
    const result = estimate(diode, op);
    const stage = stageTotals(diode, op, result)!;
    expect(result.losses.inSwitch).toBeGreaterThan(0);
    expect(stage).toMatchObject({ role: "diode", count: 1, missing: ["switch"], bound: true });
    expect(stage.loss).toBeCloseTo(result.losses.total + result.losses.inSwitch, 9);
    const inverter = point("800,20,50k,0.9,80");
    expect(stageTotals(mosfet, inverter, estimate(mosfet, inverter))).toBeNull();
  });

  it("counts the part named for the stage's other device: a boost PFC's switch and diode give the exact efficiency", () => {
    const diode = {
      kind: "diode" as const,
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
      rthRef: "case" as const,
      rth: 1.5,
      forward: { t: [25, 175], v0: [0.9, 0.9], r: [60, 60] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    const op = point("400,15,65k,b230,80");
    const own = estimate(mosfet, op);
    const other = estimate(diode, op);
    const stage = stageTotals(mosfet, op, own, { data: diode, result: other })!;
    const loss = own.losses.total + other.losses.total + other.losses.inSwitch;
    expect(stage).toMatchObject({ role: "switch", missing: [], bound: false, companion: { role: "diode", count: 1 } });
    expect(stage.loss).toBeCloseTo(loss, 9);
    expect(stage.efficiency!).toBeCloseTo((3450 - loss) / 3450, 9);
    // A totem-pole's fast-leg MOSFET with slow-leg diodes: two of each.
    const totem = point("400,15,65k,t230,80");
    const fast = estimate(mosfet, totem);
    const slow = estimate(diode, totem);
    expect(stageTotals(mosfet, totem, fast, { data: diode, result: slow })!.loss).toBeCloseTo(2 * fast.losses.total + 2 * slow.losses.total, 9);
    // A second switch fills nothing the switch leaves: named as the mismatch, not counted, the bound stays.
    const twice = stageTotals(mosfet, op, own, { data: mosfet, result: own })!;
    expect(twice).toMatchObject({ mismatch: "switch", missing: ["diode"], bound: true });
    expect(twice.loss).toBeCloseTo(own.losses.total, 9);
  });

  it("npm run estimate reports the stage in JSON and text", () => {
    const out: string[] = [];
    const code = runEstimate(
      ["--part", "QCM045065B7", "--op", "400,15,65k,t230,80,dt100", "--json"],
      (line) => out.push(line),
      () => undefined,
    );
    expect(code).toBe(0);
    const report = JSON.parse(out.join("\n"));
    expect(report.stage).toMatchObject({ role: "fast", count: 2, missing: ["slow"], efficiencyIsUpperBound: true, inputPower: 3450 });
    expect(report.stage.loss).toBeCloseTo(2 * report.losses.total, 1);
    expect(report.junctions[0].peak).toBeGreaterThanOrEqual(report.junctions[0].tj);
    // With np and rs the whole converter: the stage's positions this part fills, the one it does not named.
    const whole: string[] = [];
    runEstimate(
      ["--part", "QCM045065B7", "--op", "400,15,65k,t230,40,np2,rs0.5", "--json"],
      (line) => whole.push(line),
      () => undefined,
    );
    const wholeReport = JSON.parse(whole.join("\n"));
    expect(wholeReport.converter).toMatchObject({ positions: 2, parallel: 2, missing: ["slow"], efficiencyIsUpperBound: true });
    // The converter answers for the stage then: no second set of totals from the part alone at the ambient.
    expect(wholeReport.stage).toBeUndefined();
    // --with completes the stage: the diode estimated at the same point, the efficiency exact.
    const both: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,8,65k,b230,80", "--with", "QCD10065T2", "--json"],
        (line) => both.push(line),
        () => undefined,
      ),
    ).toBe(0);
    const pair = JSON.parse(both.join("\n")).stage;
    expect(pair).toMatchObject({ missing: [], efficiencyIsUpperBound: false, with: { part: "QCD10065T2", role: "diode", count: 1, suitable: true } });
    expect(pair.loss).toBeCloseTo(pair.perDevice + pair.with.perDevice, 1);
    const wrong: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,8,65k,b230,80", "--with", "QCM025065K4"],
        () => undefined,
        (line) => wrong.push(line),
      ),
    ).toBe(2);
    expect(wrong.join("\n")).toContain("--with QCM025065K4 would be the stage's switch");
    const text: string[] = [];
    runEstimate(
      ["--part", "QCM045065B7", "--op", "48,20,200k,s12,80"],
      (line) => text.push(line),
      () => undefined,
    );
    expect(text.join("\n")).toMatch(/stage: 1 × leg \(this part\) [\d.]+ W = [\d.]+ W; in [\d.]+ W, out 240 W: efficiency [\d.]+ %/);
  });
});
