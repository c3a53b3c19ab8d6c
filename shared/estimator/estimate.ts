// The estimate of one part at one operating point: its losses from equations.ts, the junction temperatures
// T_j = T_c + P(T_j)·R_th iterated to a fixed point (the losses rise with T_j), whether the part can stand the
// point at all (rated voltage, pulsed current, T_j,max, thermal runaway) and the caution short of that (bus
// voltage over 80 % of the rating).
import type { DiodeLossData, IgbtLossData, LossData, MosfetLossData } from "../contract/loss-data.ts";
import {
  atTemperature,
  capacitiveChargeLoss,
  dcConduction,
  dcDeadTimeDiode,
  dcSwitching,
  MODEL_TJ_RANGE,
  spwmDeadTimeDiode,
  spwmDiodeConduction,
  spwmSwitchConduction,
  spwmSwitching,
} from "./equations.ts";
import type { Mode, OperatingPoint } from "./operating-point.ts";
import { DEFAULT_MODULATION } from "./modulation-names.ts";
import { modulationFactors, positionConduction, positionDeadTimeDiode, positionSwitching } from "./modulation.ts";

/** Dead time assumed for SiC MOSFET legs (s): long enough for a typical gate driver, short enough to matter little. */
export const SIC_DEAD_TIME = 250e-9;
/** The fixed-point iteration stops after this many steps (it settles in a few when it settles at all). */
export const MAX_ITERATIONS = 200;
/** Settled when no junction temperature moves more than this between two steps (K). */
export const TOLERANCE = 1e-3;
/** Step of the central difference that gives dP/dT_j for the loop gain (K). */
const GAIN_STEP = 0.5;
/** The share of the rated voltage above which the estimate warns (cosmic-ray and overshoot margin). */
export const VOLTAGE_DERATING = 0.8;

export interface LossBreakdown {
  /** Switch (MOSFET channel forward, or IGBT) conduction (W). */
  conduction: number;
  /** Switch turn-on plus turn-off (W). */
  switching: number;
  /** Freewheeling path conduction: diode, or MOSFET channel in reverse plus body diode in the dead times (W). */
  diodeConduction: number;
  /** Diode reverse recovery (IGBT module) (W). */
  diodeSwitching: number;
  /**
   * Loss this part causes in another device (W): a Schottky diode's capacitive charge, dissipated in the switch
   * that charges it. Not part of `total`, which is what heats this part.
   */
  inSwitch: number;
  /** Every loss that heats this part (W). */
  total: number;
}

/** switch: the (active) switch's junction; rectifier: the synchronous rectifier MOSFET (DC/DC); diode: a diode's junction. */
export type JunctionName = "switch" | "rectifier" | "diode";

export interface JunctionEstimate {
  name: JunctionName;
  /** Power into this junction (W). */
  power: number;
  /** Junction temperature (°C); null on thermal runaway. */
  tj: number | null;
  tjMax: number;
  rth: number;
  /**
   * Loop gain R_th·dP/dT_j of the junction's heating: how many kelvin one kelvin more brings back through the
   * losses, at the fixed point (or at the top of the model's temperature range when there is none below it).
   */
  loopGain: number;
}

/** Why a part cannot stand the operating point. */
export type Unsuitability =
  | { code: "voltageOverRating"; vBus: number; vRated: number }
  | { code: "currentOverPulse"; current: number; rating: number }
  | { code: "tjOverMax"; junction: JunctionName; tj: number; tjMax: number }
  | { code: "thermalRunaway"; junction: JunctionName; loopGain: number };

/** A caution short of unsuitability. */
export type EstimateWarning = { code: "voltageOver80"; vBus: number; vRated: number; limit: number };

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
  /** The reasons the part cannot stand the point; empty when it can. */
  unsuitable: Unsuitability[];
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
    const factors = inverterFactors(op);
    // Synchronous rectification: the reverse (freewheeling) share of the current flows through the channel too,
    // with V0 = 0, and through the body diode only in the dead times. One device, one junction.
    return {
      junctions: [{ name: "switch", rth: data.rth }],
      evaluate: ([tj]) => {
        const r = channel(tj!);
        const diode = bodyDiode(tj!);
        const losses = {
          conduction: positionConduction(0, r, iPeak, factors.switch),
          switching: positionSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw, factors.switch),
          diodeConduction: positionConduction(0, r, iPeak, factors.diode) + positionDeadTimeDiode(diode.v0, diode.r, iPeak, SIC_DEAD_TIME, op.fsw, factors.diode),
          diodeSwitching: 0,
          inSwitch: 0,
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
        inSwitch: 0,
      };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction] };
    },
  };
}


function diodeModel(data: DiodeLossData, op: OperatingPoint, iPeak: number): Model {
  const forward = (tj: number) => ({
    v0: atTemperature(data.forward.v0[0], data.forward.v0[1], data.forward.tHot, tj),
    r: milliohm(atTemperature(data.forward.r[0], data.forward.r[1], data.forward.tHot, tj)),
  });
  const factors = op.mode === "inverter" ? inverterFactors(op) : null;
  return {
    junctions: [{ name: "diode", rth: data.rth }],
    evaluate: ([tj]) => {
      const { v0, r } = forward(tj!);
      const losses = {
        conduction: 0,
        switching: 0,
        diodeConduction: factors ? positionConduction(v0, r, iPeak, factors.diode) : dcConduction(v0, r, iPeak, 1 - op.duty),
        diodeSwitching: 0,
        // The charge is moved at each commutation of the diode (in the inverter: only in the half-period that it
        // conducts, less the time the leg rests under DPWM); the energy is dissipated in the switch that turns on,
        // so it does not heat the diode.
        inSwitch: capacitiveChargeLoss(nanocoulomb(data.qc), data.vQc, data.kv, op.vBus) * op.fsw * (factors ? factors.diode.n : 1),
      };
      return { losses, powers: [losses.diodeConduction] };
    },
  };
}

function igbtModel(data: IgbtLossData, op: OperatingPoint, iPeak: number): Model {
  const curve = (c: IgbtLossData["igbt"], tj: number) => ({ v0: atTemperature(c.v0[0], c.v0[1], c.tHot, tj), r: milliohm(atTemperature(c.r[0], c.r[1], c.tHot, tj)) });
  const ref = data.switchingRef;
  const factors = op.mode === "inverter" ? inverterFactors(op) : null;
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
        factors
          ? {
              conduction: positionConduction(igbt.v0, igbt.r, iPeak, factors.switch),
              switching: positionSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw, factors.switch),
              diodeConduction: positionConduction(diode.v0, diode.r, iPeak, factors.diode),
              diodeSwitching: positionSwitching(eRec, ref.i, ref.v, data.kvRec, iPeak, op.vBus, op.fsw, factors.diode),
              inSwitch: 0,
            }
          : {
              conduction: dcConduction(igbt.v0, igbt.r, iPeak, op.duty),
              switching: dcSwitching(eSwitch, ref.i, ref.v, data.kv, iPeak, op.vBus, op.fsw),
              diodeConduction: dcConduction(diode.v0, diode.r, iPeak, 1 - op.duty),
              diodeSwitching: dcSwitching(eRec, ref.i, ref.v, data.kvRec, iPeak, op.vBus, op.fsw),
              inSwitch: 0,
            };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction + losses.diodeSwitching] };
    },
  };
}

/** The modulation's averages over the fundamental period at the point's M and cos φ (modulation.ts). */
function inverterFactors(op: OperatingPoint) {
  return modulationFactors(op.modulation ?? DEFAULT_MODULATION, op.m, op.pf);
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

/**
 * Loop gain R_th·∂P/∂T_j of every junction at `tj` (central difference). Each junction's power depends on its own
 * temperature only (true of every model here), so moving all of them at once yields each one's own derivative.
 */
function loopGains(model: Model, tj: number[]): number[] {
  const up = model.evaluate(tj.map((t) => t + GAIN_STEP)).powers;
  const down = model.evaluate(tj.map((t) => t - GAIN_STEP)).powers;
  return model.junctions.map((junction, index) => (junction.rth * (up[index]! - down[index]!)) / (2 * GAIN_STEP));
}

/** The same, taken inside the model's temperature range (beyond it the losses are flat and say nothing). */
function loopGainsInRange(model: Model, tj: number[]): number[] {
  return loopGains(
    model,
    tj.map((t) => Math.min(Math.max(t, MODEL_TJ_RANGE.min + GAIN_STEP), MODEL_TJ_RANGE.max - GAIN_STEP)),
  );
}

interface ThermalSolution {
  tj: number[];
  /** Per junction: R_th·dP/dT_j at its fixed point (inside the model's range). */
  gains: number[];
  converged: boolean;
  iterations: number;
}

/**
 * Solves T_j = T_c + P(T_j)·R_th. A fixed point is stable when the loop gain G = R_th·dP/dT_j there is below 1: a
 * kelvin more brings back less than a kelvin through the losses. Where G ≥ 1 every kelvin brings more, the
 * temperature has nowhere to settle: that, and nothing else, is thermal runaway (G is read at the fixed point, or
 * at the top of the model's temperature range when the junction climbs past it without one).
 */
function solveTemperatures(model: Model, tc: number): ThermalSolution {
  const next = (tj: number[]) => {
    const { powers } = model.evaluate(tj);
    return model.junctions.map((junction, index) => tc + powers[index]! * junction.rth);
  };
  let tj = model.junctions.map(() => tc);
  let iterations = 0;
  let converged = false;
  // From T_c the losses rise with T_j, so the plain iteration climbs to the lowest fixed point.
  while (iterations < MAX_ITERATIONS) {
    iterations++;
    const following = next(tj);
    const step = Math.max(...following.map((value, index) => Math.abs(value - tj[index]!)));
    tj = following;
    if (step < TOLERANCE) {
      converged = true;
      break;
    }
    if (tj.some((value) => value > MODEL_TJ_RANGE.max)) break;
  }
  // Junctions that are stable but slow to reach (G near 1) or beyond the model's range settle by Newton steps
  // T ← T + (g(T) − T)/(1 − G), G taken where T is (exact in one step for losses linear in T_j); a junction in
  // runaway stays where it is (the junctions do not heat each other, so it does not move the others).
  const stable = loopGainsInRange(model, tj).map((gain) => gain < 1);
  for (let step = 0; step < 50 && !converged && stable.some(Boolean); step++) {
    iterations++;
    const following = next(tj);
    const local = loopGains(model, tj);
    const stepped = tj.map((value, index) => (stable[index] ? value + (following[index]! - value) / (1 - Math.min(local[index]!, 0.95)) : value));
    converged = Math.max(...stepped.map((value, index) => Math.abs(value - tj[index]!))) < TOLERANCE;
    tj = stepped;
  }
  const gains = loopGainsInRange(model, tj);
  return { tj, gains, converged: converged && gains.every((gain) => gain < 1), iterations };
}

/** Estimates one part at a (validated) operating point. Never returns NaN: every input was range-checked. */
export function estimate(data: LossData, op: OperatingPoint): Estimate {
  const iPeak = peakCurrent(op);
  const model = modelOf(data, op, iPeak);
  const { ratings } = data;
  const tjMax = ratings.tjMax;
  const solution = solveTemperatures(model, op.tc);
  const runaway = solution.gains.map((gain) => gain >= 1);
  // A junction in runaway is shown with its losses at T_j,max: what it would dissipate at the hottest it may run.
  const at = solution.tj.map((value, index) => (runaway[index] ? tjMax : value));
  const { losses, powers } = model.evaluate(at);
  const junctions: JunctionEstimate[] = model.junctions.map((junction, index) => ({
    name: junction.name,
    power: powers[index]!,
    tj: runaway[index] ? null : op.tc + powers[index]! * junction.rth,
    tjMax,
    rth: junction.rth,
    loopGain: solution.gains[index]!,
  }));

  const unsuitable: Unsuitability[] = [];
  if (op.vBus > ratings.v) unsuitable.push({ code: "voltageOverRating", vBus: op.vBus, vRated: ratings.v });
  // The current is judged by the heat it makes (T_j below) and by the pulsed rating where one is known; a
  // continuous DC rating says nothing about a sine's peak.
  if (ratings.iPulse !== undefined && iPeak > ratings.iPulse) unsuitable.push({ code: "currentOverPulse", current: iPeak, rating: ratings.iPulse });
  for (const junction of junctions) {
    if (junction.tj === null) unsuitable.push({ code: "thermalRunaway", junction: junction.name, loopGain: junction.loopGain });
    else if (junction.tj > tjMax) unsuitable.push({ code: "tjOverMax", junction: junction.name, tj: junction.tj, tjMax });
  }
  const warnings: EstimateWarning[] = [];
  const limit = VOLTAGE_DERATING * ratings.v;
  // Above the rating the part is unsuitable (reported above), not merely close to it.
  if (op.vBus > limit && op.vBus <= ratings.v) warnings.push({ code: "voltageOver80", vBus: op.vBus, vRated: ratings.v, limit });

  const temperatures = junctions.map((junction) => junction.tj);
  return {
    kind: data.kind,
    mode: op.mode,
    scope: op.mode === "dcdc" && data.kind !== "diode" ? "leg" : "position",
    losses: withTotal(losses),
    junctions,
    tj: temperatures.includes(null) ? null : Math.max(...(temperatures as number[])),
    converged: solution.converged,
    iterations: solution.iterations,
    iPeak,
    unsuitable,
    warnings,
  };
}

/** Whether the part can stand the operating point: rated voltage, pulsed current, T_j,max, no thermal runaway. */
export function isSuitable(result: Estimate): boolean {
  return result.unsuitable.length === 0;
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
