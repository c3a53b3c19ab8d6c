// Every modulation's losses against an independent period-by-period integration over one output period: each
// switching period at its own angle, the modulating function (this file's own zero sequences, after Hava, Kerkman
// and Lipo 1999), the current held over the period, the on-time d·T_sw with the two dead times taken out of the
// freewheeling device's channel (never longer than its interval), and the switching energies read from the E(I)
// tables at each event; the leg's clamped periods (DPWM1) neither switch nor have dead times. The model (closed
// forms, and its own numerical averages) must agree within 0.5 % on every loss term.
import { describe, expect, it } from "vitest";
import type { IgbtLossData, LossData, MosfetLossData } from "../../shared/contract/loss-data.ts";
import { estimate, type OperatingPoint } from "../../shared/estimator/index.ts";
import { handWorkedIgbtModule, handWorkedMosfet } from "../fixtures/loss-data.ts";

type Modulation = "spwm" | "thipwm" | "svpwm" | "dpwm";

/** The part with its hot values equal to its cold ones, so the losses do not depend on T_j. */
const flatMosfet: MosfetLossData = {
  ...(handWorkedMosfet as MosfetLossData),
  channel: { t: [25, 175], v0: [0, 0], r: [40, 40] },
  bodyDiode: { ...(handWorkedMosfet as MosfetLossData).bodyDiode, t: [25, 175], v0: [2.9, 2.9], r: [110, 110] },
  energies: {
    ...(handWorkedMosfet as MosfetLossData).energies,
    eOn: [(handWorkedMosfet as MosfetLossData).energies.eOn[0], (handWorkedMosfet as MosfetLossData).energies.eOn[0]],
    eOff: [(handWorkedMosfet as MosfetLossData).energies.eOff[0], (handWorkedMosfet as MosfetLossData).energies.eOff[0]],
  },
};
const igbtPart = handWorkedIgbtModule as IgbtLossData;
const flatIgbt: IgbtLossData = {
  ...igbtPart,
  igbt: { t: [25, 150], v0: [0.8, 0.8], r: [3.33, 3.33] },
  diode: { t: [25, 150], v0: [1, 1], r: [2.5, 2.5] },
  energies: {
    ...igbtPart.energies,
    eOn: [igbtPart.energies.eOn[1], igbtPart.energies.eOn[1]],
    eOff: [igbtPart.energies.eOff[1], igbtPart.energies.eOff[1]],
    eRec: [igbtPart.energies.eRec[1], igbtPart.energies.eRec[1]],
  },
};

/** Phase a's duty in switching period k: ½·(1 + M·sin θ + z), z the zero sequence common to the three phases. */
function duty(modulation: Modulation, m: number, theta: number): number {
  const phases = [0, (-2 * Math.PI) / 3, (2 * Math.PI) / 3].map((shift) => m * Math.sin(theta + shift));
  let z = 0;
  if (modulation === "thipwm") z = (m / 6) * Math.sin(3 * theta);
  if (modulation === "svpwm") z = -(Math.max(...phases) + Math.min(...phases)) / 2;
  // DPWM1: the phase of the largest magnitude sits on its rail.
  if (modulation === "dpwm") {
    const top = Math.max(...phases);
    const bottom = Math.min(...phases);
    z = top >= -bottom ? 1 - top : -1 - bottom;
  }
  return Math.min(1, Math.max(0, 0.5 * (1 + m * Math.sin(theta) + z)));
}

/** Linear interpolation of an E(I) row, continued along the end segments (mJ). */
function energy(currents: number[], row: number[], i: number): number {
  let k = 0;
  while (k < currents.length - 2 && i > currents[k + 1]!) k++;
  return row[k]! + ((row[k + 1]! - row[k]!) * (i - currents[k]!)) / (currents[k + 1]! - currents[k]!);
}

/** The upper switch position's losses over one output period of `periods` switching periods (W). */
function integrate(data: LossData, op: OperatingPoint, modulation: Modulation, deadTime: number, periods = 4000) {
  const iPeak = op.current * Math.SQRT2;
  const phi = Math.acos(op.pf);
  const t = 1 / op.fsw;
  const sums = { conduction: 0, switching: 0, channel: 0, bodyDiode: 0, diode: 0, recovery: 0 };
  for (let k = 0; k < periods; k++) {
    const theta = ((k + 0.5) / periods) * 2 * Math.PI;
    const d = duty(modulation, op.m, theta);
    const i = iPeak * Math.sin(theta - phi);
    const switches = modulation !== "dpwm" || (d > 1e-9 && d < 1 - 1e-9);
    const on = d * t;
    if (data.kind === "mosfet") {
      const r = data.channel.r[0]! / 1000;
      if (i > 0) {
        sums.conduction += r * i * i * on;
        if (switches) sums.switching += (energy(data.energies.i, data.energies.eOn[0], i) + energy(data.energies.i, data.energies.eOff[0], i)) * 1e-3;
      } else {
        const a = -i;
        const dead = switches ? Math.min(2 * deadTime, on) : 0;
        sums.channel += r * a * a * (on - dead);
        sums.bodyDiode += (data.bodyDiode.v0[0]! * a + (data.bodyDiode.r[0]! / 1000) * a * a) * dead;
      }
    } else if (data.kind === "igbt") {
      if (i > 0) {
        sums.conduction += (data.igbt.v0[0]! * i + (data.igbt.r[0]! / 1000) * i * i) * on;
        if (switches) sums.switching += (energy(data.energies.i, data.energies.eOn[0], i) + energy(data.energies.i, data.energies.eOff[0], i)) * 1e-3;
      } else {
        const a = -i;
        sums.diode += (data.diode.v0[0]! * a + (data.diode.r[0]! / 1000) * a * a) * on;
        if (switches) sums.recovery += energy(data.energies.i, data.energies.eRec[0], a) * 1e-3;
      }
    }
  }
  const period = periods * t;
  return Object.fromEntries(Object.entries(sums).map(([key, value]) => [key, value / period])) as typeof sums;
}

const base: OperatingPoint = { mode: "inverter", vBus: 800, current: 20, currentKind: "rms", fsw: 50_000, pf: 0.9, duty: 0.5, tc: 25, m: 0.9 };
const points = [
  { m: 0.9, pf: 0.9 },
  { m: 1.15, pf: 0.85 },
  { m: 0.6, pf: -0.5 },
  { m: 1, pf: 0.2 },
];
const deadTimes = [
  { deadTime: 150, fsw: 50_000 },
  { deadTime: 300, fsw: 100_000 },
  { deadTime: 500, fsw: 200_000 },
];
const modulations: Modulation[] = ["spwm", "thipwm", "svpwm", "dpwm"];

/** Within 0.5 % of the integration, or within a micro-watt-scale floor where a term is (nearly) zero. */
function close(model: number, reference: number, where: string) {
  expect(Math.abs(model - reference), `${where}: model ${model}, integration ${reference}`).toBeLessThanOrEqual(0.005 * Math.abs(reference) + 1e-6);
}

describe("every modulation against a period-by-period integration", () => {
  it("a SiC MOSFET with synchronous rectification: conduction, switching, channel in reverse and body diode in the dead times", () => {
    for (const modulation of modulations)
      for (const { m, pf } of points) {
        if (modulation === "spwm" && m > 1) continue;
        for (const { deadTime, fsw } of deadTimes) {
          const op: OperatingPoint = { ...base, m, pf, fsw, deadTime, ...(modulation === "spwm" ? {} : { modulation }) };
          const model = estimate(flatMosfet, op).losses;
          const reference = integrate(flatMosfet, op, modulation, deadTime * 1e-9);
          const where = `${modulation} M ${m} cos φ ${pf} ${deadTime} ns ${fsw / 1000} kHz`;
          close(model.conduction, reference.conduction, `${where} conduction`);
          close(model.switching, reference.switching, `${where} switching`);
          close(model.deadTime, reference.bodyDiode, `${where} dead time`);
          close(model.diodeConduction - model.deadTime, reference.channel, `${where} channel`);
        }
      }
  });

  it("an IGBT module: IGBT conduction and switching, diode conduction and recovery (E_rec ∝ I^0.6)", () => {
    for (const modulation of modulations)
      for (const { m, pf } of points) {
        if (modulation === "spwm" && m > 1) continue;
        const op: OperatingPoint = { ...base, vBus: 600, current: 150, fsw: 8000, m, pf, ...(modulation === "spwm" ? {} : { modulation }) };
        const model = estimate(flatIgbt, op).losses;
        const reference = integrate(flatIgbt, op, modulation, 0);
        const where = `${modulation} M ${m} cos φ ${pf}`;
        close(model.conduction, reference.conduction, `${where} conduction`);
        close(model.switching, reference.switching, `${where} switching`);
        close(model.diodeConduction, reference.diode, `${where} diode`);
        close(model.diodeSwitching, reference.recovery, `${where} recovery`);
      }
  });
});
