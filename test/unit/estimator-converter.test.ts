// The whole converter (shared/estimator/converter.ts): parallel parts sharing current by their on-state resistance
// at their own T_j, every part on one heat sink whose temperature every loss raises, checked against a Newton
// solution of the same network written here from the datasheet values (not the code under test); the efficiency
// against hand arithmetic from the per-part losses; the URL's np/rs fields.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lossData, type MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, writeOperatingPoint, type OperatingPoint } from "../../shared/estimator/index.ts";
import { hottestPartView, LOAD_STEPS, loadSweep, solveConverter } from "../../shared/estimator/converter.ts";
import { parseOperatingPoint } from "../../shared/estimator/validate.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";
import { runEstimate } from "../../scripts/estimate.ts";

/** The hand-worked MOSFET (linear data) with a TO-247 interface and a stated maximum on-state voltage. */
const part: MosfetLossData = { ...handWorkedMosfet, rthCh: 0.25, max: { vOn: 1, i: 20 } };

const point = (text: string): OperatingPoint => {
  const parsed = parseOperatingPoint(text);
  if (!parsed?.ok) throw new Error(`${text}: ${JSON.stringify(parsed)}`);
  return parsed.value;
};

// ---- An independent solution: the DC/DC leg's equations from the datasheet values, solved by Newton ----

const lerp = (x: number, x0: number, x1: number, y0: number, y1: number) => y0 + ((y1 - y0) * (Math.min(Math.max(x, -40), 250) - x0)) / (x1 - x0);

/**
 * Residuals of the network for N parallel parts (the first at `factor` × the typical channel resistance): unknowns
 * [T_switch,k, T_rectifier,k for each k, T_sink]. Switch: D·i²·r(T) + f·(E_on + E_off)(i)·(V/800)^1.3 with E linear
 * through zero (0.31 + 0.075 mJ at 20 A); rectifier: channel for 1 − D − 2·t_dd·f, body diode (V_0 + r·i) for
 * 2·t_dd·f; i_k = I·(1/r_k)/Σ(1/r_j) at each part's switch temperature; T_sink = T_a + R_sa·ΣP; T_j = T_sink + P·R_j-s.
 */
function residuals(x: number[], n: number, factor: number, op: { v: number; i: number; f: number; d: number; ta: number; rsa: number }) {
  const rChannel = (k: number, t: number) => (k === 0 ? factor : 1) * lerp(t, 25, 175, 40, 70) * 1e-3;
  const conductances = Array.from({ length: n }, (_, k) => 1 / rChannel(k, x[2 * k]!));
  const sum = conductances.reduce((a, b) => a + b, 0);
  const dead = 2 * 250e-9 * op.f;
  const powers: number[] = [];
  for (let k = 0; k < n; k++) {
    const i = (op.i * conductances[k]!) / sum;
    const tSwitch = x[2 * k]!;
    const tRect = x[2 * k + 1]!;
    const pSwitch = op.d * i ** 2 * rChannel(k, tSwitch) + op.f * (((0.31 + 0.075) * 1e-3 * i) / 20) * (op.v / 800) ** 1.3;
    const v0 = lerp(tRect, 25, 175, 2.9, 2.55);
    const rd = lerp(tRect, 25, 175, 110, 127) * 1e-3;
    const pRect = (1 - op.d - dead) * i ** 2 * rChannel(k, tRect) + dead * (v0 * i + rd * i ** 2);
    powers.push(pSwitch, pRect);
  }
  const sink = op.ta + op.rsa * powers.reduce((a, b) => a + b, 0);
  const tSink = x[2 * n]!;
  return { f: [...powers.map((p, j) => x[j]! - (tSink + p * (0.55 + 0.25))), tSink - sink], powers };
}

/** Newton's method with a finite-difference Jacobian and Gaussian elimination. */
function newton(n: number, factor: number, op: Parameters<typeof residuals>[3]) {
  let x = Array.from({ length: 2 * n + 1 }, () => op.ta + 20);
  for (let step = 0; step < 50; step++) {
    const f0 = residuals(x, n, factor, op).f;
    const size = x.length;
    const jac = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (let c = 0; c < size; c++) {
      const h = 1e-6;
      const shifted = x.map((v, idx) => (idx === c ? v + h : v));
      const f1 = residuals(shifted, n, factor, op).f;
      for (let r = 0; r < size; r++) jac[r]![c] = (f1[r]! - f0[r]!) / h;
    }
    // Solve J·dx = −f.
    const a = jac.map((row, r) => [...row, -f0[r]!]);
    for (let col = 0; col < size; col++) {
      let pivot = col;
      for (let r = col + 1; r < size; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
      [a[col], a[pivot]] = [a[pivot]!, a[col]!];
      for (let r = col + 1; r < size; r++) {
        const m = a[r]![col]! / a[col]![col]!;
        for (let c = col; c <= size; c++) a[r]![c]! -= m * a[col]![c]!;
      }
    }
    const dx = new Array<number>(size).fill(0);
    for (let r = size - 1; r >= 0; r--) {
      let s = a[r]![size]!;
      for (let c = r + 1; c < size; c++) s -= a[r]![c]! * dx[c]!;
      dx[r] = s / a[r]![r]!;
    }
    x = x.map((v, idx) => v + dx[idx]!);
    if (Math.max(...dx.map(Math.abs)) < 1e-9) break;
  }
  return { x, powers: residuals(x, n, factor, op).powers };
}

describe("the whole converter", () => {
  it("shares the current of parallel parts by R_DS(on) at each part's own T_j, all on one heat sink, as a Newton solution of the network does", () => {
    const op = { v: 400, i: 40, f: 65_000, d: 0.5, ta: 40, rsa: 0.2 };
    for (const [n, mismatch] of [
      [1, false],
      [3, false],
      [3, true],
    ] as const) {
      const result = solveConverter(part, point(`400,40,65k,d0.5,40,np${n}${mismatch ? "w" : ""},rs0.2`))!;
      // The datasheet's maximum (1 V at 20 A) over the typical 0.8 V: 1.25 times the channel resistance.
      const expected = newton(n, mismatch ? 1.25 : 1, op);
      expect(result.positions).toBe(1);
      expect(result.devices).toHaveLength(n);
      expect(result.sink!).toBeCloseTo(expected.x[2 * n]!, 3);
      for (const [k, device] of result.devices.entries()) {
        expect(device.junctions.map((junction) => junction.name)).toEqual(["switch", "rectifier"]);
        expect(device.junctions[0]!.tj!).toBeCloseTo(expected.x[2 * k]!, 3);
        expect(device.junctions[1]!.tj!).toBeCloseTo(expected.x[2 * k + 1]!, 3);
        expect(device.junctions[0]!.power).toBeCloseTo(expected.powers[2 * k]!, 4);
        expect(device.junctions[1]!.power).toBeCloseTo(expected.powers[2 * k + 1]!, 4);
      }
      const shares = result.devices.map((device) => device.share);
      expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      if (mismatch) {
        // The part at the maximum R_DS(on) carries less, the typical ones more, and one of them is the hottest.
        expect(result.devices[0]!.atMax).toBe(true);
        expect(shares[0]!).toBeLessThan(1 / 3);
        expect(result.hottest.device).not.toBe(1);
      } else for (const share of shares) expect(share).toBeCloseTo(1 / n, 12);
      expect(result.suitable).toBe(true);
    }
  });

  it("is the single-part estimate at the heat sink's temperature when one part switches alone", () => {
    const op = point("800,30,20k,0.9,45,rs0.05");
    const result = solveConverter(part, op)!;
    expect(result.positions).toBe(6);
    const single = estimate(part, { ...op, rsa: undefined, tc: result.sink!, tcRef: "heatsink" });
    expect(result.devices[0]!.junctions[0]!.tj!).toBeCloseTo(single.tj!, 2);
    expect(result.devices[0]!.loss).toBeCloseTo(single.losses.total, 3);
    // The sink: T_a + R_sa · 6 positions' losses.
    expect(result.sink!).toBeCloseTo(45 + 0.05 * 6 * single.losses.total, 2);
  });

  it("shows the hottest part alone at its current and the solved sink temperature, with the converter's T_j", () => {
    for (const text of ["800,40,20k,0.9,40,np3,rs0.1", "800,40,20k,0.9,40,np3w,rs0.1", "400,40,65k,d0.5,40,np2w,rs0.2"]) {
      const op = point(text);
      const result = solveConverter(part, op)!;
      const view = hottestPartView(part, op, result)!;
      expect(view.op).toMatchObject({ tc: result.sink, tcRef: "heatsink" });
      expect(view.op.rsa).toBeUndefined();
      const alone = estimate(view.data, view.op);
      expect(alone.tj!, text).toBeCloseTo(result.hottest.tj!, 2);
    }
  });

  it("gives the efficiency from the per-part losses as hand arithmetic does, and the same at each load of the sweep", () => {
    const op = point("800,40,20k,0.9,40,np2,rs0.1");
    const result = solveConverter(part, op)!;
    // P_out = 3 · (M·V_bus/2/√2) · I_rms · cos φ = 3 · (0.9·800/2/1.41421) · 40 · 0.9 = 3 · 254.558 · 36 = 27 492.3 W.
    expect(result.outputPower).toBeCloseTo(27_492.3, 0);
    const perPart = result.devices.map((device) => device.junctions.reduce((sum, junction) => sum + junction.power, 0));
    const loss = 6 * (perPart[0]! + perPart[1]!);
    expect(result.totalLoss).toBeCloseTo(loss, 9);
    expect(result.efficiency!).toBeCloseTo(27_492.3 / (27_492.3 + loss), 5);
    // DC/DC (buck): P_out = D·V_bus·I = 0.4 · 400 · 20 = 3 200 W; the leg is the only position.
    const buck = solveConverter(part, point("400,20,65k,d0.4,40,rs0.5"))!;
    expect(buck.outputPower).toBeCloseTo(3200, 9);
    expect(buck.efficiency!).toBeCloseTo(3200 / (3200 + buck.devices[0]!.loss), 9);
    // Rectifier operation (cos φ < 0): the power comes from the AC side, the loss is taken from it.
    const rectifier = solveConverter(part, point("800,40,20k,-0.9,40,rs0.1"))!;
    expect(rectifier.efficiency!).toBeCloseTo((27_492.3 - rectifier.totalLoss) / 27_492.3, 4);
    const sweep = loadSweep(part, op)!;
    expect(sweep.map((entry) => entry.load)).toEqual([...LOAD_STEPS]);
    for (const entry of sweep) {
      const at = solveConverter(part, { ...op, current: op.current * entry.load })!;
      expect(entry.totalLoss).toBeCloseTo(at.totalLoss, 9);
      expect(entry.efficiency!).toBeCloseTo(at.outputPower / (at.outputPower + at.totalLoss), 9);
    }
    // More load, more loss; the last point is the operating point.
    for (let k = 1; k < sweep.length; k++) expect(sweep[k]!.totalLoss).toBeGreaterThan(sweep[k - 1]!.totalLoss);
    expect(sweep.at(-1)!.totalLoss).toBeCloseTo(result.totalLoss, 9);
  });

  it("says no steady temperature where the sink cannot hold the converter, and applies only to two-level switches", () => {
    const hot = solveConverter(part, point("800,60,50k,0.9,60,rs2"))!;
    expect(hot.converged).toBe(false);
    expect(hot.sink).toBeNull();
    expect(hot.hottest.tj).toBeNull();
    expect(hot.suitable).toBe(false);
    expect(solveConverter(part, point("800,20,50k,0.9,40"))).toBeNull();
    const noInterface: MosfetLossData = { ...part, rthCh: undefined };
    expect(solveConverter(noInterface, point("800,20,50k,0.9,40,rs0.1"))).toBeNull();
  });
});

describe("the converter's URL fields", () => {
  it("reads and writes np (with w) and rs, and refuses bad ones with their own messages", () => {
    const op = point("800,20,50k,0.9,40,dt150,np3w,rs0.08,svpwm");
    expect(op).toMatchObject({ parallel: 3, parallelMismatch: true, rsa: 0.08, modulation: "svpwm", deadTime: 150 });
    expect(writeOperatingPoint(op)).toBe("800,20,50k,0.9,40,dt150,np3w,rs0.08,svpwm");
    expect(point("800,20,50k,0.9,40f,rs0.02")).toMatchObject({ tcRef: "coolant", rsa: 0.02 });
    expect(parseOperatingPoint("800,20,50k,0.9,40,np9")).toMatchObject({ ok: false, issues: [{ field: "parallel", message: "converter.errors.parallel.range" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,40,np1.5")).toMatchObject({ ok: false, issues: [{ field: "parallel", message: "converter.errors.parallel.range" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,40,rsx")).toMatchObject({ ok: false, issues: [{ field: "rsa", message: "converter.errors.rsa.number" }] });
    expect(parseOperatingPoint("800,20,50k,0.9,40h,rs0.1")).toMatchObject({ ok: false, issues: [{ field: "rsa", message: "converter.errors.rsa.reference" }] });
  });
});

// ---- The whole converter at a PFC or synchronous DC/DC point (docs/decisions/041-stage-totals.md) ----

/**
 * Residuals of one totem-pole fast-leg position's N parallel MOSFETs on one sink with the other fast-leg position
 * (two positions, alike), from the datasheet values and the line-cycle means ⟨sin⟩ = 2/π, ⟨sin²⟩ = ½, ⟨sin³⟩ = 4/(3π):
 * channel ½·r(T)·Î²·(½ − 2·t_dd·f/2) over its switch and rectifier halves, switching ½·f·E(Î)·(2/π), E linear through
 * zero (0.385 mJ at 20 A, 800 V, k = 1.3), body diode ½·δ·(V_0·Î·2/π + r_d·Î²/2) with δ = 2·t_dd·f; Î_k = √2·I·share_k,
 * shares by 1/r_k(T_k). Unknowns [T_k for each k, T_sink].
 */
function totemResiduals(x: number[], n: number, factor: number, op: { line: number; vo: number; i: number; f: number; ta: number; rsa: number }) {
  const rChannel = (k: number, t: number) => (k === 0 ? factor : 1) * lerp(t, 25, 175, 40, 70) * 1e-3;
  const conductances = Array.from({ length: n }, (_, k) => 1 / rChannel(k, x[k]!));
  const sum = conductances.reduce((a, b) => a + b, 0);
  const dead = 2 * 250e-9 * op.f;
  const powers = conductances.map((g, k) => {
    const peak = (Math.SQRT2 * op.i * g) / sum;
    const t = x[k]!;
    const channel = 0.5 * rChannel(k, t) * peak ** 2 * (0.5 - dead / 2);
    const switching = 0.5 * op.f * (((0.31 + 0.075) * 1e-3 * peak) / 20) * (2 / Math.PI) * (op.vo / 800) ** 1.3;
    const body = 0.5 * dead * (lerp(t, 25, 175, 2.9, 2.55) * peak * (2 / Math.PI) + lerp(t, 25, 175, 110, 127) * 1e-3 * peak ** 2 * 0.5);
    return channel + switching + body;
  });
  const sink = op.ta + op.rsa * 2 * powers.reduce((a, b) => a + b, 0);
  return { f: [...powers.map((p, k) => x[k]! - (x[n]! + p * (0.55 + 0.25))), x[n]! - sink], powers };
}

/** Newton's method for totemResiduals (finite-difference Jacobian, Gaussian elimination). */
function totemNewton(n: number, factor: number, op: Parameters<typeof totemResiduals>[3]) {
  let x = Array.from({ length: n + 1 }, () => op.ta + 10);
  for (let step = 0; step < 50; step++) {
    const f0 = totemResiduals(x, n, factor, op).f;
    const size = x.length;
    const a = Array.from({ length: size }, (_, r) => {
      const row = new Array<number>(size + 1).fill(0);
      row[size] = -f0[r]!;
      return row;
    });
    for (let c = 0; c < size; c++) {
      const f1 = totemResiduals(
        x.map((v, idx) => (idx === c ? v + 1e-6 : v)),
        n,
        factor,
        op,
      ).f;
      for (let r = 0; r < size; r++) a[r]![c] = (f1[r]! - f0[r]!) / 1e-6;
    }
    for (let col = 0; col < size; col++)
      for (let r = col + 1; r < size; r++) {
        const m = a[r]![col]! / a[col]![col]!;
        for (let c = col; c <= size; c++) a[r]![c]! -= m * a[col]![c]!;
      }
    const dx = new Array<number>(size).fill(0);
    for (let r = size - 1; r >= 0; r--) {
      let s = a[r]![size]!;
      for (let c = r + 1; c < size; c++) s -= a[r]![c]! * dx[c]!;
      dx[r] = s / a[r]![r]!;
    }
    x = x.map((v, idx) => v + dx[idx]!);
    if (Math.max(...dx.map(Math.abs)) < 1e-9) break;
  }
  return { x, powers: totemResiduals(x, n, factor, op).powers };
}

/**
 * The totem-pole's two fast-leg positions (totemResiduals' parts) and its two slow-leg positions of MOSFETs (the part
 * named with=, docs/decisions/043-line-frequency-and-slow-leg.md) on one sink, N parallel parts per position (the
 * first of each at `factor` × the channel resistance): a slow-leg part's channel carries its share of the line current
 * for half the line period, ½·r(T)·Î²/2. Unknowns [T_fast,k…, T_slow,k…, T_sink].
 */
function totemWithSlowResiduals(x: number[], n: number, factor: number, op: Parameters<typeof totemResiduals>[3]) {
  const fast = totemResiduals([...x.slice(0, n), x[2 * n]!], n, factor, op);
  const rChannel = (k: number, t: number) => (k === 0 ? factor : 1) * lerp(t, 25, 175, 40, 70) * 1e-3;
  const conductances = Array.from({ length: n }, (_, k) => 1 / rChannel(k, x[n + k]!));
  const sum = conductances.reduce((a, b) => a + b, 0);
  const slow = conductances.map((g, k) => 0.25 * rChannel(k, x[n + k]!) * ((Math.SQRT2 * op.i * g) / sum) ** 2);
  const sink = op.ta + op.rsa * 2 * (fast.powers.reduce((a, b) => a + b, 0) + slow.reduce((a, b) => a + b, 0));
  return {
    f: [...fast.powers.map((p, k) => x[k]! - (x[2 * n]! + p * 0.8)), ...slow.map((p, k) => x[n + k]! - (x[2 * n]! + p * 0.8)), x[2 * n]! - sink],
    fast: fast.powers,
    slow,
  };
}

/** Newton's method for totemWithSlowResiduals (finite-difference Jacobian, Gaussian elimination). */
function totemWithSlowNewton(n: number, factor: number, op: Parameters<typeof totemResiduals>[3]) {
  let x = Array.from({ length: 2 * n + 1 }, () => op.ta + 10);
  const size = x.length;
  for (let step = 0; step < 50; step++) {
    const f0 = totemWithSlowResiduals(x, n, factor, op).f;
    const a = Array.from({ length: size }, (_, r) => [...new Array<number>(size).fill(0), -f0[r]!]);
    for (let c = 0; c < size; c++) {
      const f1 = totemWithSlowResiduals(
        x.map((v, idx) => (idx === c ? v + 1e-6 : v)),
        n,
        factor,
        op,
      ).f;
      for (let r = 0; r < size; r++) a[r]![c] = (f1[r]! - f0[r]!) / 1e-6;
    }
    for (let col = 0; col < size; col++)
      for (let r = col + 1; r < size; r++) {
        const m = a[r]![col]! / a[col]![col]!;
        for (let c = col; c <= size; c++) a[r]![c]! -= m * a[col]![c]!;
      }
    const dx = new Array<number>(size).fill(0);
    for (let r = size - 1; r >= 0; r--) {
      let sum = a[r]![size]!;
      for (let c = r + 1; c < size; c++) sum -= a[r]![c]! * dx[c]!;
      dx[r] = sum / a[r]![r]!;
    }
    x = x.map((v, idx) => v + dx[idx]!);
    if (Math.max(...dx.map(Math.abs)) < 1e-9) break;
  }
  const { fast, slow } = totemWithSlowResiduals(x, n, factor, op);
  return { x, fast, slow };
}

describe("the whole converter at a PFC or synchronous DC/DC point", () => {
  it("a synchronous buck given by its voltages is the DC/DC leg's network (D = V_out/V_in), its efficiency V_out·I/(V_out·I + P)", () => {
    for (const [n, mismatch] of [
      [1, false],
      [2, true],
    ] as const) {
      const result = solveConverter(part, point(`48,20,200k,s12,40,np${n}${mismatch ? "w" : ""},rs0.5`))!;
      const expected = newton(n, mismatch ? 1.25 : 1, { v: 48, i: 20, f: 200_000, d: 0.25, ta: 40, rsa: 0.5 });
      expect(result).toMatchObject({ positions: 1, missing: [] });
      expect(result.sink!).toBeCloseTo(expected.x[2 * n]!, 3);
      for (const [k, device] of result.devices.entries()) {
        expect(device.junctions[0]!.tj!).toBeCloseTo(expected.x[2 * k]!, 3);
        expect(device.junctions[1]!.tj!).toBeCloseTo(expected.x[2 * k + 1]!, 3);
      }
      const loss = expected.powers.reduce((a, b) => a + b, 0);
      expect(result.totalLoss).toBeCloseTo(loss, 4);
      expect(result.efficiency!).toBeCloseTo(240 / (240 + loss), 6);
    }
    // A synchronous boost from its input: P_in = V_in·I = 200 V · 15 A, the output its input less the loss.
    const boost = solveConverter(part, point("400,15,100k,u200,40,np2,rs0.3"))!;
    expect(boost.outputPower).toBeCloseTo(3000 - boost.totalLoss, 9);
    expect(boost.efficiency!).toBeCloseTo((3000 - boost.totalLoss) / 3000, 9);
  });

  it("a totem-pole's two fast-leg positions with N parts each share the line current and one sink, as a Newton solution does", () => {
    const op = { line: 230, vo: 400, i: 15, f: 65_000, ta: 40, rsa: 0.5 };
    for (const [n, mismatch] of [
      [1, false],
      [3, true],
    ] as const) {
      const result = solveConverter(part, point(`400,15,65k,t230,40,np${n}${mismatch ? "w" : ""},rs0.5`))!;
      const expected = totemNewton(n, mismatch ? 1.25 : 1, op);
      expect(result).toMatchObject({ positions: 2, missing: ["slow"] });
      expect(result.sink!).toBeCloseTo(expected.x[n]!, 3);
      for (const [k, device] of result.devices.entries()) {
        expect(device.junctions[0]!.tj!).toBeCloseTo(expected.x[k]!, 3);
        expect(device.loss).toBeCloseTo(expected.powers[k]!, 4);
      }
      if (mismatch) expect(result.devices[0]!.share).toBeLessThan(1 / 3);
      // P_in = V_line·I = 3 450 W; the slow leg is another part: the efficiency is an upper bound.
      const loss = 2 * expected.powers.reduce((a, b) => a + b, 0);
      expect(result.totalLoss).toBeCloseTo(loss, 4);
      expect(result.efficiency!).toBeCloseTo((3450 - loss) / 3450, 6);
    }
  });

  it("puts the part named for the other device (with=) on the same sink: a totem-pole's slow leg of MOSFETs, as a Newton solution does", () => {
    const op = { line: 230, vo: 400, i: 15, f: 65_000, ta: 40, rsa: 0.5 };
    for (const [n, mismatch] of [
      [1, false],
      [2, true],
    ] as const) {
      const result = solveConverter(part, point(`400,15,65k,t230,40,np${n}${mismatch ? "w" : ""},rs0.5`), part)!;
      const expected = totemWithSlowNewton(n, mismatch ? 1.25 : 1, op);
      expect(result).toMatchObject({ positions: 2, missing: [], companion: { role: "slow", positions: 2 } });
      expect(result.sink!).toBeCloseTo(expected.x[2 * n]!, 3);
      for (const [k, device] of result.devices.entries()) {
        expect(device.junctions[0]!.tj!).toBeCloseTo(expected.x[k]!, 3);
        expect(device.loss).toBeCloseTo(expected.fast[k]!, 4);
      }
      for (const [k, device] of result.companion!.devices.entries()) {
        expect(device.junctions[0]).toMatchObject({ name: "rectifier" });
        expect(device.junctions[0]!.tj!).toBeCloseTo(expected.x[n + k]!, 3);
        expect(device.loss).toBeCloseTo(expected.slow[k]!, 4);
      }
      // Both legs counted: the efficiency is exact, on P_in = V_line·I.
      const loss = 2 * (expected.fast.reduce((a, b) => a + b, 0) + expected.slow.reduce((a, b) => a + b, 0));
      expect(result.totalLoss).toBeCloseTo(loss, 4);
      expect(result.efficiency!).toBeCloseTo((3450 - loss) / 3450, 6);
      // The fast leg switches: this part's parts are the hottest, and the single-part view is of them.
      expect(result.hottest.companion).toBeUndefined();
    }
    // A second part that fills nothing this one leaves (a MOSFET beside a boost PFC's switch)
    // is named the mismatch and not put on the sink.
    const alone = solveConverter(part, point("400,8,65k,b230,40,rs0.5"))!;
    const twice = solveConverter(part, point("400,8,65k,b230,40,rs0.5"), part)!;
    expect(twice).toMatchObject({ mismatch: "switch", missing: ["diode"] });
    expect(twice.companion).toBeUndefined();
    expect(twice.totalLoss).toBe(alone.totalLoss);
    // The load sweep carries the companion too.
    const sweep = loadSweep(part, point("400,15,65k,t230,40,rs0.5"), part)!;
    expect(sweep.at(-1)!.totalLoss).toBeCloseTo(solveConverter(part, point("400,15,65k,t230,40,rs0.5"), part)!.totalLoss, 9);
  });

  it("npm run estimate --with and rs: both parts' positions on one sink in JSON and text; a mismatch exits 2", () => {
    const out: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,15,65k,t230,40,np2,rs0.5", "--with", "QCM025065K4", "--json"],
        (line) => out.push(line),
        () => undefined,
      ),
    ).toBe(0);
    const converter = JSON.parse(out.join("\n")).converter;
    expect(converter).toMatchObject({ missing: [], efficiencyIsUpperBound: false, with: { part: "QCM025065K4", role: "slow", positions: 2 } });
    expect(converter.with.devices).toHaveLength(2);
    // The JSON rounds each figure to three digits, so the sum of the rounded position losses can miss the rounded
    // total by more than its last digit: the identity is checked on the solution, and the JSON carries its figures.
    const shipped = (partNumber: string) => {
      const rows = JSON.parse(readFileSync(new URL("../../server/upstream/content/catalog/loss-data.json", import.meta.url), "utf8")) as Array<{ partNumber: string }>;
      const { partNumber: _, ...data } = rows.find((row) => row.partNumber === partNumber)!;
      return lossData.parse(data);
    };
    const solved = solveConverter(shipped("QCM045065B7"), point("400,15,65k,t230,40,np2,rs0.5"), shipped("QCM025065K4"))!;
    expect(solved.totalLoss).toBeCloseTo(2 * solved.positionLoss + 2 * solved.companion!.positionLoss, 9);
    const threeDigits = (value: number) => Number(value.toPrecision(3));
    expect([converter.totalLoss, converter.positionLoss, converter.with.positionLoss]).toEqual(
      [solved.totalLoss, solved.positionLoss, solved.companion!.positionLoss].map(threeDigits),
    );
    const text: string[] = [];
    runEstimate(
      ["--part", "QCM045065B7", "--op", "400,15,65k,t230,40,np2,rs0.5", "--with", "QCM025065K4"],
      (line) => text.push(line),
      () => undefined,
    );
    expect(text.join("\n")).toMatch(/on the same sink: 2 × slow \(QCM025065K4\), [\d.]+ W per position/);
    const err: string[] = [];
    expect(
      runEstimate(
        ["--part", "QCM045065B7", "--op", "400,8,65k,b230,40,rs0.5", "--with", "QCM025065K4"],
        () => undefined,
        (line) => err.push(line),
      ),
    ).toBe(2);
    expect(err.join("\n")).toContain("--with QCM025065K4 would be the stage's switch");
  });

  it("a boost diode fills the boost PFC's diode position; its charge, lost in the switch, is in the stage's loss", () => {
    const diode = {
      kind: "diode" as const,
      ratings: { v: 650, i: 10, tc: 135, tjMax: 175 },
      rthRef: "case" as const,
      rth: 1.5,
      rthCh: 0.5,
      forward: { t: [25, 175], v0: [0.9, 0.9], r: [60, 60] },
      qc: 27,
      vQc: 400,
      kv: 1.5,
    };
    const op = point("400,8,65k,b230,40,np2,rs0.5");
    const result = solveConverter(diode, op)!;
    expect(result).toMatchObject({ positions: 1, missing: ["switch"] });
    // Each diode at its half of the line current, at the solved sink temperature plus its own rise, by itself.
    const alone = estimate(diode, { ...op, rsa: undefined, parallel: undefined, current: 4, tc: result.sink!, tcRef: "heatsink" });
    expect(result.devices[0]!.loss).toBeCloseTo(alone.losses.total + alone.losses.inSwitch, 6);
    expect(result.sink!).toBeCloseTo(40 + 0.5 * 2 * alone.losses.total, 4);
    // The converter of a diode at an inverter point stays refused (its positions are a module's).
    expect(solveConverter(diode, point("400,8,65k,0.9,40,rs0.5"))).toBeNull();
  });
});
