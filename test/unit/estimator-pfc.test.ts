// The PFC closed forms (shared/estimator/pfc.ts, decision 036) against a line-cycle integration written here
// independently: one line half-period cut into switching periods, each at its own angle with the input current and
// the duty of that period held over it, conduction as share·(V0·i + r·i²), one turn-on and one turn-off at i, the
// dead times taken out of the rectifier's channel (never more than its interval). Must agree within 0.5 %.
import { describe, expect, it } from "vitest";
import { boostPfcLosses, lineCurrent, pfcEfficiency, totemPoleLosses } from "../../shared/estimator/pfc.ts";

const within = (actual: number, expected: number, tolerance: number) => expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThan(tolerance);

/** Mean over a line half-period of f(θ, i, d), one sample per switching period (f_sw / (2·f_line) of them). */
function lineMean(fsw: number, fLine: number, vRms: number, vOut: number, pIn: number, f: (i: number, d: number) => number): number {
  const periods = Math.round(fsw / (2 * fLine));
  const iPeak = (Math.sqrt(2) * pIn) / vRms;
  let sum = 0;
  for (let k = 0; k < periods; k++) {
    const theta = (Math.PI * (k + 0.5)) / periods;
    const vLine = Math.sqrt(2) * vRms * Math.sin(theta);
    // The boost's volt-second balance in each period: d = 1 − v_line/V_o.
    const d = 1 - vLine / vOut;
    sum += f(iPeak * Math.sin(theta), d);
  }
  return sum / periods;
}

const op = { vRms: 230, vOut: 400, pIn: 3000, fsw: 65e3 };
const fLine = 50;
const sw = { v0: 0, r: 0.06 };
const diode = { v0: 0.9, r: 0.035 };
const energy = { eRef: 120e-6, iRef: 20, vRef: 400, k: 1.3 };

describe("boost PFC in CCM", () => {
  it("the line current's peak and the duty ratio come from V_rms, V_o and P_in", () => {
    const { iPeak, a } = lineCurrent(230, 400, 3000);
    within(iPeak, (3000 / 230) * Math.SQRT2, 1e-12);
    within(a, (230 * Math.SQRT2) / 400, 1e-12);
    expect(() => lineCurrent(300, 400, 3000)).toThrow(RangeError);
  });

  it("agrees with the line-cycle integration on every term", () => {
    const closed = boostPfcLosses(op, sw, energy, diode, { qRef: 30e-9, vRef: 400, k: 1.5 });
    const conduction = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i, d) => d * (sw.v0 * i + sw.r * i * i));
    const diodeCond = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i, d) => (1 - d) * (diode.v0 * i + diode.r * i * i));
    const switching = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i) => op.fsw * energy.eRef * (i / energy.iRef) * (op.vOut / energy.vRef) ** energy.k);
    within(closed.switchConduction, conduction, 0.005);
    within(closed.diodeConduction, diodeCond, 0.005);
    within(closed.switchSwitching, switching, 0.005);
    // A Schottky's charge Q ∝ √V at 30 nC / 400 V: E = V·Q/k = 400·30 nC/1.5 = 8 µJ per period.
    within(closed.switchCapacitive, op.fsw * 8e-6, 1e-9);
    within(closed.total, closed.switchConduction + closed.switchSwitching + closed.switchCapacitive + closed.diodeConduction, 1e-12);
  });

  it("the diode's mean current is the output current P_in/V_o", () => {
    const unitDiode = boostPfcLosses(op, { v0: 0, r: 0 }, { ...energy, eRef: 0 }, { v0: 1, r: 0 }, null);
    within(unitDiode.diodeConduction, op.pIn / op.vOut, 1e-12);
  });

  it("efficiency is what is left of the input", () => {
    expect(pfcEfficiency(1000, 20)).toBeCloseTo(0.98, 12);
  });
});

describe("totem-pole PFC in CCM", () => {
  const fast = { v0: 0, r: 0.05 };
  const bodyDiode = { v0: 2.5, r: 0.1 };
  const slow = { v0: 0, r: 0.02 };
  const deadTime = 100e-9;

  it("agrees with the line-cycle integration on every term", () => {
    const closed = totemPoleLosses(op, fast, energy, bodyDiode, deadTime, slow);
    const dt = 2 * deadTime * op.fsw;
    // One fast device over a line period: boost switch in one half, rectifier in the other (a mean of the two).
    const asSwitch = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i, d) => d * (fast.v0 * i + fast.r * i * i));
    const asRectifier = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i, d) => Math.max(1 - d - dt, 0) * (fast.v0 * i + fast.r * i * i));
    const deadTimes = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i, d) => Math.min(dt, 1 - d) * (bodyDiode.v0 * i + bodyDiode.r * i * i));
    const switching = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i) => op.fsw * energy.eRef * (i / energy.iRef) * (op.vOut / energy.vRef) ** energy.k);
    // The slow leg carries the line current for its half of the line period, unswitched.
    const slowHalf = lineMean(op.fsw, fLine, op.vRms, op.vOut, op.pIn, (i) => slow.v0 * i + slow.r * i * i);
    within(closed.fastConduction, (asSwitch + asRectifier) / 2, 0.005);
    within(closed.fastDeadTime, deadTimes / 2, 0.005);
    within(closed.fastSwitching, switching / 2, 0.005);
    within(closed.slowConduction, slowHalf / 2, 0.005);
    within(closed.total, 2 * (closed.fastConduction + closed.fastDeadTime + closed.fastSwitching + closed.slowConduction), 1e-12);
  });

  it("each fast device's channel carries half the line current's square: R·I_rms²/2 without dead times", () => {
    const closed = totemPoleLosses(op, fast, { ...energy, eRef: 0 }, bodyDiode, 0, slow);
    const iRms = op.pIn / op.vRms;
    within(closed.fastConduction, (fast.r * iRms ** 2) / 2, 1e-12);
    within(closed.slowConduction, (slow.r * iRms ** 2) / 2, 1e-12);
  });

  it("refuses dead times longer than the rectifier's interval", () => {
    expect(() => totemPoleLosses(op, fast, energy, bodyDiode, 10e-6, slow)).toThrow(RangeError);
  });
});
