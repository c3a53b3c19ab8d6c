// The estimator's equations against published worked examples (each cited where its numbers are used) and every
// closed form against a numerical integration of the waveform it stands for: the switching-period timeline of a
// half-bridge leg (gate signals, dead times, linear switching ramps) stepped through one output period.
import { describe, expect, it } from "vitest";
import type { MosfetLossData } from "../../shared/contract/loss-data.ts";
import { handWorkedMosfet } from "../fixtures/loss-data.ts";
import {
  capacitiveChargeLoss,
  dcConduction,
  dcDeadTimeDiode,
  dcFreewheel,
  dcSwitching,
  estimate,
  fosterPeak,
  junctionRipple,
  sineAverage,
  spwmDiodeConduction,
  spwmFreewheel,
  spwmSwitchConduction,
  spwmSwitching,
  transitionSwitching,
  type OperatingPoint,
} from "../../shared/estimator/index.ts";

const within = (actual: number, expected: number, tolerance: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(tolerance);

/** A MOSFET whose on-state and switching data do not depend on temperature (the worked examples assume none). */
function flatMosfet(fields: { r: number; v: number; i: number; eOn: number; eOff: number; vd: number; rth: number }): MosfetLossData {
  return {
    kind: "mosfet",
    ratings: { v: 2 * fields.v, i: 2 * fields.i, tc: 25, tjMax: 150 },
    rthRef: "case",
    rth: fields.rth,
    channel: { t: [25, 175], v0: [0, 0], r: [fields.r, fields.r] },
    eOn: fields.eOn,
    eOff: fields.eOff,
    switchingRef: { v: fields.v, i: fields.i, rg: 1, tj: 25 },
    kv: 1,
    gate: { rg: [1, 10], eOn: [1, 1], eOff: [1, 1] },
    energies: {
      tj: [25, 175],
      i: [0, fields.i],
      eOn: [
        [0, fields.eOn],
        [0, fields.eOn],
      ],
      eOff: [
        [0, fields.eOff],
        [0, fields.eOff],
      ],
      qrr: [1, 1],
    },
    deadTime: 30,
    // A forward drop V_d with (almost) no slope resistance, as the example gives it.
    bodyDiode: { t: [25, 175], v0: [fields.vd, fields.vd], r: [1e-9, 1e-9], vSd: fields.vd, iSd: fields.i, qrr: 1 },
  };
}

describe('ROHM application note No. AEK59-D1-0065-2, "Calculation of Power Loss (Synchronous)"', () => {
  // The note's example (quoted in the estimator's issue, formulas read in the note's sections "Conduction Loss",
  // "Switching Loss" (eq. 3) and "Dead Time Loss"): V_IN 12 V, V_OUT 5 V, I_OUT 3 A, R_ON,H 100 mΩ,
  // R_ON,L 70 mΩ, f_SW 2 MHz, t_r 4 ns, t_f 6 ns, body-diode V_D 0.5 V, dead times t_D1 = t_D2 = 30 ns.
  // Its results: P_ON,H 375 mW, P_ON,L 367.5 mW, P_SW 360 mW, P_DEAD 180 mW.
  const vIn = 12;
  const duty = 5 / 12;
  const current = 3;
  const fsw = 2e6;
  const deadTime = 30e-9;

  it("reproduces each of the note's four losses within 1 %", () => {
    within(dcConduction(0, 0.1, current, duty), 0.375, 0.01);
    // The note counts the whole off-time, dead times included, as the low side's channel conduction.
    within(dcConduction(0, 0.07, current, 1 - duty), 0.3675, 0.01);
    within(transitionSwitching(vIn, current, 4e-9, 6e-9, fsw), 0.36, 0.01);
    within(dcDeadTimeDiode(0.5, 0, current, deadTime, fsw), 0.18, 0.01);
  });

  it("books the dead times to the body diode and takes them out of the low side's channel conduction", () => {
    // P_DEAD = V_D·I·(t_D1 + t_D2)·f_SW exactly; the channel conducts for 1 − D − (t_D1 + t_D2)·f_SW = 0.4633 of
    // the period instead of the note's 0.5833, so P_ON,L is 291.9 mW, not 367.5 mW (the note's figure counts the
    // 120 ns of dead time per period as channel conduction too).
    const freewheel = dcFreewheel(0.07, 0.5, 0, current, duty, deadTime, fsw);
    within(freewheel.bodyDiode, 0.18, 1e-12);
    within(freewheel.channel, 0.07 * 9 * (1 - duty - 0.12), 1e-12);
    within(freewheel.channel + 0.07 * 9 * 0.12, 0.3675, 1e-12);
  });

  it("gives the high side's and the dead-time figures through the whole estimate", () => {
    // One MOSFET for both positions (the estimate's DC/DC leg is one part), R_DS(on) 100 mΩ; the note's transition
    // times as energies at its own point: E_on = ½·12 V·3 A·4 ns = 72 nJ, E_off = ½·12 V·3 A·6 ns = 108 nJ.
    const part = flatMosfet({ r: 100, v: 12, i: 3, eOn: 72e-6, eOff: 108e-6, vd: 0.5, rth: 1e-6 });
    const op: OperatingPoint = { mode: "dcdc", vBus: 12, current: 3, currentKind: "rms", fsw: 2e6, pf: 0.9, duty, tc: 25, m: 0.9 };
    const result = estimate(part, op);
    within(result.losses.conduction, 0.375, 0.01);
    within(result.losses.switching, 0.36, 0.01);
    within(result.losses.deadTime, 0.18, 0.01);
    expect(result.deadTime).toBe(30);
    // A dead time from the operating point replaces the part's: 60 ns doubles the diode's share.
    within(estimate(part, { ...op, deadTime: 60 }).losses.deadTime, 0.36, 0.01);
  });
});

describe('Analog Technology AAT1112 datasheet, "AAT1112 Losses" (rev. 1112.2007.01.1.1, p. 17)', () => {
  // "P_TOTAL = I_O²·R_DS(ON) + (t_sw·F_S·I_O + I_Q)·V_IN = 1.5 A²·152 mΩ + (5 ns·1.2 MHz·1.5 A + 50 µA)·3.6 V
  // = 375 mW", both switches with the same R_DS(on). Its t_sw·F_S·I_O·V_IN is eq. 3 of the ROHM note with
  // t_r = t_f = t_sw; I_Q·V_IN is the controller's own supply, not a switch loss.
  it("reproduces 375 mW within 1 %", () => {
    const conduction = dcConduction(0, 0.152, 1.5, 0.7) + dcConduction(0, 0.152, 1.5, 0.3);
    const switching = transitionSwitching(3.6, 1.5, 5e-9, 5e-9, 1.2e6);
    within(conduction + switching + 50e-6 * 3.6, 0.375, 0.01);
  });
});

// ---- Numerical integration of the switching-cycle waveforms ----

/** ∫ f over [a, b] by the midpoint rule with n steps. */
function integrate(f: (x: number) => number, a: number, b: number, n = 2000): number {
  const h = (b - a) / n;
  let sum = 0;
  for (let k = 0; k < n; k++) sum += f(a + (k + 0.5) * h);
  return sum * h;
}

interface LegDevice {
  /** Channel (or IGBT) forward: V0 + r·i. */
  v0: number;
  r: number;
  /** Freewheeling path: the channel in reverse (MOSFET) or the diode (IGBT, V0 + r·i) outside the dead times. */
  reverse: { v0: number; r: number };
  /** Body diode in the dead times. */
  bodyDiode: { v0: number; r: number };
  /** Energy of one switching event at current i (J): turn-on plus turn-off of the switch. */
  switchEnergy: (i: number) => number;
}

/**
 * The upper position of an SPWM leg stepped through `periods` switching periods of one output period (regular
 * sampling: the current and the duty held over each switching period). The switch node is high for d·T of each
 * period (d = (1 + M·sin(θ + φ))/2): with the current flowing out (i > 0) the upper switch carries it forward
 * then; with it flowing in, the upper position carries it in reverse, through its body diode in the two dead
 * times (2·t_dd) and its channel for the rest. Returns the average powers.
 */
function simulateSpwmLeg(device: LegDevice, iPeak: number, m: number, phi: number, fsw: number, deadTime: number, periods = 20_000) {
  let forward = 0;
  let reverse = 0;
  let bodyDiode = 0;
  let switching = 0;
  const period = 1 / fsw;
  for (let k = 0; k < periods; k++) {
    const theta = ((k + 0.5) / periods) * 2 * Math.PI;
    const i = iPeak * Math.sin(theta);
    const d = (1 + m * Math.sin(theta + phi)) / 2;
    if (i > 0) {
      // This position carries the current forward while its gate is on, and switches it on and off.
      forward += (device.v0 * i + device.r * i * i) * d * period;
      switching += device.switchEnergy(i);
    } else {
      // The current flows back through this position whenever the switch node is high: for d·T, the two dead
      // times (its body diode, at most the whole interval) included, its channel in reverse for the rest.
      const a = -i;
      const free = d * period;
      const dead = Math.min(2 * deadTime, Math.max(0, free));
      reverse += (device.reverse.v0 * a + device.reverse.r * a * a) * (free - dead);
      bodyDiode += (device.bodyDiode.v0 * a + device.bodyDiode.r * a * a) * dead;
    }
  }
  const total = periods * period;
  return { forward: forward / total, reverse: reverse / total, bodyDiode: bodyDiode / total, switching: switching / total };
}

describe("closed forms against numerical integration", () => {
  const iPeak = 28.28;
  const m = 0.9;
  const phi = Math.acos(0.85);

  it("SPWM conduction of the switch and of the freewheeling diode (Casanellas)", () => {
    const device: LegDevice = {
      v0: 0.8,
      r: 0.012,
      reverse: { v0: 1.1, r: 0.009 },
      bodyDiode: { v0: 0, r: 0 },
      switchEnergy: () => 0,
    };
    const sim = simulateSpwmLeg(device, iPeak, m, phi, 20_000, 0);
    within(spwmSwitchConduction(0.8, 0.012, iPeak, m, 0.85), sim.forward, 1e-4);
    within(spwmDiodeConduction(1.1, 0.009, iPeak, m, 0.85), sim.reverse, 1e-4);
  });

  it("SPWM switching: energies linear in current, averaged over the conducting half-period", () => {
    // E(i) = E_ref·(i/I_ref)·(V/V_ref)^k at V = 700 V, V_ref = 600 V, k = 1.3.
    const energy = (i: number) => 2e-3 * (i / 20) * (700 / 600) ** 1.3;
    const sim = simulateSpwmLeg({ v0: 0, r: 0, reverse: { v0: 0, r: 0 }, bodyDiode: { v0: 0, r: 0 }, switchEnergy: energy }, iPeak, m, phi, 20_000, 0);
    within(spwmSwitching(2e-3, 20, 600, 1.3, iPeak, 700, 20_000), sim.switching, 1e-4);
  });

  it("SPWM synchronous rectification with dead times: the closed form and, past it, the quadrature", () => {
    const device: LegDevice = {
      v0: 0,
      r: 0.05,
      reverse: { v0: 0, r: 0.05 },
      bodyDiode: { v0: 2.7, r: 0.12 },
      switchEnergy: () => 0,
    };
    // 250 ns at 50 kHz: Δ = 0.025, within every freewheeling interval (≥ (1 − M)/2 = 0.05): the closed form.
    // 250 ns at 400 kHz: Δ = 0.2, longer than the shortest intervals: the diode takes those whole.
    for (const fsw of [50_000, 400_000]) {
      const sim = simulateSpwmLeg(device, iPeak, m, phi, fsw, 250e-9);
      const closed = spwmFreewheel(0.05, 2.7, 0.12, iPeak, m, 0.85, 250e-9, fsw);
      within(closed.channel, sim.reverse, 2e-3);
      within(closed.bodyDiode, sim.bodyDiode, 2e-3);
    }
  });

  it("DC/DC: conduction, dead time and switching over one switching period's timeline", () => {
    // High side on for D·T, then dead time, low-side channel, dead time; the current constant (no ripple).
    const [current, duty, fsw, deadTime] = [20, 0.35, 100_000, 200e-9];
    const period = 1 / fsw;
    const timeline = (t: number) => {
      const on = duty * period;
      if (t < on) return "high";
      if (t < on + deadTime || t >= period - deadTime) return "diode";
      return "low";
    };
    const power = (which: string) => (t: number) => {
      const state = timeline(t);
      if (state !== which) return 0;
      return state === "diode" ? 2.6 * current + 0.1 * current ** 2 : 0.04 * current ** 2;
    };
    const average = (which: string) => integrate(power(which), 0, period, 200_000) / period;
    within(dcConduction(0, 0.04, current, duty), average("high"), 1e-4);
    const freewheel = dcFreewheel(0.04, 2.6, 0.1, current, duty, deadTime, fsw);
    within(freewheel.channel, average("low"), 1e-4);
    within(freewheel.bodyDiode, average("diode"), 1e-4);
    // One turn-on and one turn-off per period, energy linear in current.
    within(dcSwitching(1e-3, 10, 400, 1.2, current, 500, fsw), 1e-3 * (current / 10) * (500 / 400) ** 1.2 * fsw, 1e-12);
  });

  it("hard switching from linear ramps: ½·V·I·(t_r + t_f), the ROHM note's eq. 3", () => {
    // Inductive clamp: during the rise the switch-node voltage ramps across the full current, and so in the fall.
    const [v, i, tr, tf] = [12, 3, 4e-9, 6e-9];
    const rise = integrate((t) => v * (t / tr) * i, 0, tr);
    const fall = integrate((t) => v * (1 - t / tf) * i, 0, tf);
    within(transitionSwitching(v, i, tr, tf, 2e6), (rise + fall) * 2e6, 1e-6);
  });

  it("a Schottky diode's capacitive charge: V·Q(V)/k in the switch that charges it", () => {
    // Q(v) = Q_ref·(v/V_ref)^(k−1); the switch carries dQ across V − v: E = ∫ (V − v)·dQ/dv dv from 0 to V.
    const [qRef, vRef, k, vBus] = [27e-9, 400, 1.5, 600];
    const dQ = (v: number) => (qRef * (k - 1) * (v / vRef) ** (k - 2)) / vRef;
    const energy = integrate((v) => (vBus - v) * dQ(v), 0, vBus, 400_000);
    within(capacitiveChargeLoss(qRef, vRef, k, vBus), energy, 1e-3);
  });
});

describe("E(I) tables over the sine against numerical integration", () => {
  it("sineAverage: the mean of E(I_pk·sin θ) over the output period, for a curved table and currents past its end", () => {
    // An I^0.6 recovery curve at points 0…600 A, with a zero-current offset, and an I_pk beyond the last point.
    const currents = [0, 30, 75, 150, 300, 450, 600];
    const energies = currents.map((i) => 0.5 + 19.2 * (i / 300) ** 0.6);
    for (const iPeak of [40, 212, 600, 800]) {
      // The table's own piecewise-linear reading, integrated numerically over the half-period, over the full period.
      const reading = (i: number) => {
        let k = 0;
        while (k < currents.length - 2 && i > currents[k + 1]!) k++;
        return energies[k]! + ((energies[k + 1]! - energies[k]!) * (i - currents[k]!)) / (currents[k + 1]! - currents[k]!);
      };
      const numeric = integrate((theta) => reading(iPeak * Math.sin(theta)), 0, Math.PI, 200_000) / (2 * Math.PI);
      within(sineAverage(currents, energies, iPeak), numeric, 1e-6);
    }
  });
});

describe("junction temperature ripple through a Foster network", () => {
  it("fosterPeak: the periodic peak of an RC pair under a square wave, and the steady value under constant power", () => {
    // p = P₀ for the first half of the period, 0 for the second; one pair r, τ. Periodic state: the rise over the
    // first half from T₀ ends at P₀·r − (P₀·r − T₀)·e^(−T/2τ) and the fall brings it back to T₀:
    // peak = P₀·r·(1 − e^(−T/2τ))/(1 − e^(−T/τ)) = P₀·r/(1 + e^(−T/2τ)).
    const [p0, r, tau, period] = [100, 0.5, 0.2, 1];
    const power = Array.from({ length: 10_000 }, (_, k) => (k < 5_000 ? p0 : 0));
    within(fosterPeak([{ r, tau }], power, period), (p0 * r) / (1 + Math.exp(-period / (2 * tau))), 1e-3);
    within(
      fosterPeak(
        [
          { r: 0.1, tau: 0.01 },
          { r: 0.3, tau: 1 },
        ],
        new Array(360).fill(50),
        0.02,
      ),
      50 * 0.4,
      1e-9,
    );
  });

  it("junctionRipple: the peak over the output period rises as the output frequency falls, and nears the mean at a high one", () => {
    // The hand-worked part with a Foster network and the two-point E(R_G).
    const part: MosfetLossData = {
      ...handWorkedMosfet,
      zth: [
        { r: 0.055, tau: 0.0005 },
        { r: 0.138, tau: 0.005 },
        { r: 0.22, tau: 0.05 },
        { r: 0.137, tau: 0.3 },
      ],
      gate: { rg: [2.5, 25], eOn: [0.31, 1.077], eOff: [0.075, 0.3112] },
    };
    const op: OperatingPoint = { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 0.9, duty: 0.5, tc: 80, m: 0.9 };
    const mean = estimate(part, op).tj!;
    const peakAt = (fo: number) => {
      const point = { ...op, fo };
      return junctionRipple(part, point, estimate(part, point))![0]!.peak;
    };
    // At 1 Hz the junction follows half-sine bursts of about twice the mean power through its slow pairs.
    expect(peakAt(1)).toBeGreaterThan(peakAt(5));
    expect(peakAt(5)).toBeGreaterThan(peakAt(50));
    expect(peakAt(50)).toBeGreaterThan(mean);
    expect(peakAt(2000) - mean).toBeLessThan(0.5);
    // Nothing to show for DC/DC (no output period).
    expect(junctionRipple(part, { ...op, mode: "dcdc" }, estimate(part, { ...op, mode: "dcdc" }))).toBeNull();
  });
});
