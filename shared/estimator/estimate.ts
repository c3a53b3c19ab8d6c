// The estimate of one part at one operating point: its losses from equations.ts, the junction temperatures
// T_j = T_c + P(T_j)·R_th iterated to a fixed point (the losses rise with T_j), and the warnings an engineer
// must see (T_j over T_j,max, thermal runaway, bus voltage over 80 % of the rating, current over the rating).
import type { DiodeLossData, IgbtLossData, LossData, MosfetLossData } from "../contract/loss-data.ts";
import {
  atTemperature,
  currentRatingAt,
  dcConduction,
  dcDeadTimeDiode,
  dcSwitching,
  spwmDeadTimeDiode,
  spwmDiodeConduction,
  spwmSwitchConduction,
  spwmSwitching,
} from "./equations.ts";
import type { Mode, OperatingPoint } from "./operating-point.ts";

/** Dead time assumed for SiC MOSFET legs (s): long enough for a typical gate driver, short enough to matter little. */
export const SIC_DEAD_TIME = 250e-9;
/** The fixed-point iteration stops after this many steps (it settles in a few when it settles at all). */
export const MAX_ITERATIONS = 200;
/** Settled when no junction temperature moves more than this between two steps (K). */
export const TOLERANCE = 1e-3;
/** A junction past this temperature is running away, whatever the iteration would still do (°C). */
export const RUNAWAY_TEMPERATURE = 1000;
/** The share of the rated voltage above which the estimate warns (cosmic-ray and overshoot margin). */
export const VOLTAGE_DERATING = 0.8;

export interface LossBreakdown {
  /** Switch (MOSFET channel forward, or IGBT) conduction (W). */
  conduction: number;
  /** Switch turn-on plus turn-off (W). */
  switching: number;
  /** Freewheeling path conduction: diode, or MOSFET channel in reverse plus body diode in the dead times (W). */
  diodeConduction: number;
  /** Diode recovery (IGBT module) or capacitive charge loss of a Schottky diode (W). */
  diodeSwitching: number;
  total: number;
}

/** switch: the (active) switch's junction; rectifier: the synchronous rectifier MOSFET (DC/DC); diode: a diode's junction. */
export type JunctionName = "switch" | "rectifier" | "diode";

export interface JunctionEstimate {
  name: JunctionName;
  /** Power into this junction (W). */
  power: number;
  /** Junction temperature (°C); null when the iteration runs away. */
  tj: number | null;
  tjMax: number;
  rth: number;
}

export type EstimateWarning =
  | { code: "thermalRunaway" }
  | { code: "tjOverMax"; junction: JunctionName; tj: number; tjMax: number }
  | { code: "voltageOver80"; vBus: number; vRated: number; limit: number }
  | { code: "currentOverRating"; current: number; rating: number; tc: number };

export interface Estimate {
  kind: LossData["kind"];
  mode: Mode;
  /** position: one switch position of the leg (switch with its own freewheeling path); leg: both devices of a DC/DC leg. */
  scope: "position" | "leg";
  losses: LossBreakdown;
  junctions: JunctionEstimate[];
  /** Hottest junction (°C); null on thermal runaway. */
  tj: number | null;
  converged: boolean;
  iterations: number;
  /** Peak device current (A): I_pk of the sine, or the DC current. */
  iPeak: number;
  warnings: EstimateWarning[];
}

interface Model {
  junctions: Array<{ name: JunctionName; rth: number }>;
  /** Losses and the power into each junction at the junction temperatures given in the same order. */
  evaluate: (tj: number[]) => { losses: Omit<LossBreakdown, "total">; powers: number[] };
}

const milliohm = (value: number) => value / 1000;
const millijoule = (value: number) => value / 1000;
const nanocoulomb = (value: number) => value / 1e9;

function mosfetModel(data: MosfetLossData, op: OperatingPoint, iPeak: number): Model {
  const channel = (tj: number) => milliohm(atTemperature(data.channel.r[0], data.channel.r[1], data.channel.tHot, tj));
  const bd = data.bodyDiode;
  const bodyDiode = (tj: number) => ({ v0: atTemperature(bd.v0[0], bd.v0[1], bd.tHot, tj), r: milliohm(atTemperature(bd.r[0], bd.r[1], bd.tHot, tj)) });
  const ref = data.switchingRef;
  const eSwitch = millijoule(data.eOn + data.eOff);
  if (op.mode === "inverter") {
    // Synchronous rectification: the reverse (freewheeling) share of the current flows through the channel too,
    // with V0 = 0, and through the body diode only in the dead times. One device, one junction.
    return {
      junctions: [{ name: "switch", rth: data.rth }],
      evaluate: ([tj]) => {
        const r = channel(tj!);
        const diode = bodyDiode(tj!);
        const losses = {
          conduction: spwmSwitchConduction(0, r, iPeak, op.m, op.pf),
          switching: spwmSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw),
          diodeConduction: spwmDiodeConduction(0, r, iPeak, op.m, op.pf) + spwmDeadTimeDiode(diode.v0, diode.r, iPeak, SIC_DEAD_TIME, op.fsw),
          diodeSwitching: 0,
        };
        return { losses, powers: [losses.conduction + losses.switching + losses.diodeConduction] };
      },
    };
  }
  // DC/DC (synchronous buck or boost leg): the hard-switched device for D, the synchronous rectifier for 1 − D.
  return {
    junctions: [
      { name: "switch", rth: data.rth },
      { name: "rectifier", rth: data.rth },
    ],
    evaluate: ([tjSwitch, tjRectifier]) => {
      const diode = bodyDiode(tjRectifier!);
      const losses = {
        conduction: dcConduction(0, channel(tjSwitch!), iPeak, op.duty),
        switching: dcSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw),
        diodeConduction: dcConduction(0, channel(tjRectifier!), iPeak, 1 - op.duty) + dcDeadTimeDiode(diode.v0, diode.r, iPeak, SIC_DEAD_TIME, op.fsw),
        diodeSwitching: 0,
      };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction] };
    },
  };
}

/** Capacitive switching energy of a Schottky diode: Q_C·V_R·(V/V_R)^k per commutation (J). */
function capacitiveEnergy(data: DiodeLossData, vBus: number): number {
  return nanocoulomb(data.qc) * data.vQc * (vBus / data.vQc) ** data.kv;
}

function diodeModel(data: DiodeLossData, op: OperatingPoint, iPeak: number): Model {
  const forward = (tj: number) => ({
    v0: atTemperature(data.forward.v0[0], data.forward.v0[1], data.forward.tHot, tj),
    r: milliohm(atTemperature(data.forward.r[0], data.forward.r[1], data.forward.tHot, tj)),
  });
  return {
    junctions: [{ name: "diode", rth: data.rth }],
    evaluate: ([tj]) => {
      const { v0, r } = forward(tj!);
      const inverter = op.mode === "inverter";
      const losses = {
        conduction: 0,
        switching: 0,
        diodeConduction: inverter ? spwmDiodeConduction(v0, r, iPeak, op.m, op.pf) : dcConduction(v0, r, iPeak, 1 - op.duty),
        // The charge is moved at each commutation of the diode (in the inverter: only in the half-period that it
        // conducts); the energy is dissipated in the switch that turns on, so it does not heat the diode.
        diodeSwitching: capacitiveEnergy(data, op.vBus) * op.fsw * (inverter ? 0.5 : 1),
      };
      return { losses, powers: [losses.diodeConduction] };
    },
  };
}

function igbtModel(data: IgbtLossData, op: OperatingPoint, iPeak: number): Model {
  const curve = (c: IgbtLossData["igbt"], tj: number) => ({ v0: atTemperature(c.v0[0], c.v0[1], c.tHot, tj), r: milliohm(atTemperature(c.r[0], c.r[1], c.tHot, tj)) });
  const ref = data.switchingRef;
  return {
    junctions: [
      { name: "switch", rth: data.rth },
      { name: "diode", rth: data.rthDiode },
    ],
    evaluate: ([tjSwitch, tjDiode]) => {
      const igbt = curve(data.igbt, tjSwitch!);
      const diode = curve(data.diode, tjDiode!);
      // Energies linear in T_vj around the reference (floored so a cold junction never switches for free).
      const eSwitch = millijoule(data.eOn + data.eOff) * Math.max(0.2, 1 + data.eTc * (tjSwitch! - ref.tj));
      const eRec = millijoule(data.eRec) * Math.max(0.2, 1 + data.eRecTc * (tjDiode! - ref.tj));
      const losses =
        op.mode === "inverter"
          ? {
              conduction: spwmSwitchConduction(igbt.v0, igbt.r, iPeak, op.m, op.pf),
              switching: spwmSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw),
              diodeConduction: spwmDiodeConduction(diode.v0, diode.r, iPeak, op.m, op.pf),
              diodeSwitching: spwmSwitching(eRec, ref.i, ref.v, data.kvRec, iPeak, op.vBus, op.fsw),
            }
          : {
              conduction: dcConduction(igbt.v0, igbt.r, iPeak, op.duty),
              switching: dcSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw),
              diodeConduction: dcConduction(diode.v0, diode.r, iPeak, 1 - op.duty),
              diodeSwitching: dcSwitching(eRec, ref.i, ref.v, data.kvRec, iPeak, op.vBus, op.fsw),
            };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction + losses.diodeSwitching] };
    },
  };
}

/** Peak device current: √2·I_rms for a sine given as RMS; the DC current as it is. */
export function peakCurrent(op: OperatingPoint): number {
  return op.mode === "inverter" && op.currentKind === "rms" ? op.current * Math.SQRT2 : op.current;
}

function modelOf(data: LossData, op: OperatingPoint, iPeak: number): Model {
  if (data.kind === "mosfet") return mosfetModel(data, op, iPeak);
  if (data.kind === "diode") return diodeModel(data, op, iPeak);
  return igbtModel(data, op, iPeak);
}

const withTotal = (losses: Omit<LossBreakdown, "total">): LossBreakdown => ({
  ...losses,
  total: losses.conduction + losses.switching + losses.diodeConduction + losses.diodeSwitching,
});

/** Estimates one part at a (validated) operating point. Never returns NaN: every input was range-checked. */
export function estimate(data: LossData, op: OperatingPoint): Estimate {
  const iPeak = peakCurrent(op);
  const model = modelOf(data, op, iPeak);
  const tjMax = data.ratings.tjMax;
  let tj = model.junctions.map(() => op.tc);
  let converged = false;
  let runaway = false;
  let iterations = 0;
  // Fixed-point iteration T_j ← T_c + P(T_j)·R_th. With P linear in T_j (slope b) it converges when R_th·b < 1;
  // otherwise the temperature grows without bound: thermal runaway, reported instead of a number.
  while (iterations < MAX_ITERATIONS) {
    iterations++;
    const { powers } = model.evaluate(tj);
    const next = model.junctions.map((junction, index) => op.tc + powers[index]! * junction.rth);
    if (next.some((value) => value > RUNAWAY_TEMPERATURE)) {
      runaway = true;
      break;
    }
    const step = Math.max(...next.map((value, index) => Math.abs(value - tj[index]!)));
    tj = next;
    if (step < TOLERANCE) {
      converged = true;
      break;
    }
  }
  if (!converged) runaway = true;
  // On runaway the losses are shown at T_j,max: what the part would dissipate at the hottest it may run.
  const at = runaway ? model.junctions.map(() => tjMax) : tj;
  const { losses, powers } = model.evaluate(at);
  const junctions: JunctionEstimate[] = model.junctions.map((junction, index) => ({
    name: junction.name,
    power: powers[index]!,
    tj: runaway ? null : op.tc + powers[index]! * junction.rth,
    tjMax,
    rth: junction.rth,
  }));

  const warnings: EstimateWarning[] = [];
  if (runaway) warnings.push({ code: "thermalRunaway" });
  for (const junction of junctions) {
    if (junction.tj !== null && junction.tj > tjMax) warnings.push({ code: "tjOverMax", junction: junction.name, tj: junction.tj, tjMax });
  }
  const limit = VOLTAGE_DERATING * data.ratings.v;
  if (op.vBus > limit) warnings.push({ code: "voltageOver80", vBus: op.vBus, vRated: data.ratings.v, limit });
  const rating = currentRatingAt(data.ratings.i, data.ratings.tc, tjMax, op.tc);
  if (iPeak > rating) warnings.push({ code: "currentOverRating", current: iPeak, rating, tc: op.tc });

  const temperatures = junctions.map((junction) => junction.tj);
  return {
    kind: data.kind,
    mode: op.mode,
    scope: op.mode === "dcdc" && data.kind !== "diode" ? "leg" : "position",
    losses: withTotal(losses),
    junctions,
    tj: runaway ? null : Math.max(...(temperatures as number[])),
    converged,
    iterations,
    iPeak,
    warnings,
  };
}

/** Whether an estimate crosses a limit (the finder marks such rows). */
export function exceedsLimit(result: Estimate): boolean {
  return result.warnings.length > 0;
}

/** Switching frequencies for the loss-vs-frequency chart: log-spaced around the operating point's. */
export function frequencySweep(fsw: number, points = 25): number[] {
  const low = Math.max(1_000, fsw / 10);
  const high = Math.min(1_000_000, fsw * 4);
  const result: number[] = [];
  for (let index = 0; index < points; index++) result.push(low * (high / low) ** (index / (points - 1)));
  return result;
}

export interface SweepPoint {
  fsw: number;
  losses: LossBreakdown;
  tj: number | null;
}

/** The estimate over a range of switching frequencies, everything else as in `op`. */
export function lossVsFrequency(data: LossData, op: OperatingPoint, frequencies = frequencySweep(op.fsw)): SweepPoint[] {
  return frequencies.map((fsw) => {
    const result = estimate(data, { ...op, fsw });
    return { fsw, losses: result.losses, tj: result.tj };
  });
}

/**
 * The assumptions a result rests on, as keys of locales/*\/estimator.json "assumptions" (the UI lists them with
 * every result). Values interpolated into them come with the keys.
 */
export function assumptionsOf(data: LossData, op: OperatingPoint): Array<{ key: string; values?: Record<string, number | string> }> {
  const list: Array<{ key: string; values?: Record<string, number | string> }> = [];
  list.push(op.mode === "inverter" ? { key: "topologyInverter", values: { m: op.m, pf: op.pf } } : { key: "topologyDcdc", values: { duty: op.duty } });
  list.push({ key: "scaling" });
  if (data.kind === "mosfet") list.push({ key: "mosfetSync", values: { deadTime: SIC_DEAD_TIME * 1e9 } });
  if (data.kind === "diode") list.push({ key: "diodeCapacitive" });
  if (data.kind === "igbt") list.push({ key: "igbtEnergies", values: { tj: data.switchingRef.tj } });
  if (data.rthRef === "fluid") list.push({ key: "fluid" });
  if (data.threeLevel) list.push({ key: "threeLevel" });
  list.push({ key: "thermal" }, { key: "ideal" }, { key: "datasheetGoverns" });
  return list;
}
