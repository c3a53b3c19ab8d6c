// The estimate of one part at one operating point: its losses from equations.ts, the junction temperatures
// T_j = T_c + P(T_j)·R_th iterated to a fixed point (the losses rise with T_j), whether the part can stand the
// point at all (rated voltage, pulsed current, T_j,max, thermal runaway) and the caution short of that (bus
// voltage over 80 % of the rating).
import type { DiodeLossData, IgbtLossData, LossData, MosfetLossData } from "../contract/loss-data.ts";
import {
  atTemperature,
  capacitiveChargeLoss,
  dcConduction,
  dcFreewheel,
  gateResistanceFactor,
  MODEL_TJ_RANGE,
  spwmFreewheel,
  interpolate,
  sineAverage,
} from "./equations.ts";
import { limits, type OperatingPoint } from "./operating-point.ts";
import { junctionRipple, rippleFrequency } from "./ripple.ts";
import { thermalPath } from "./thermal-path.ts";
import { worstCaseData } from "./worst-case.ts";

export { thermalPath } from "./thermal-path.ts";
export type { LossBreakdown, JunctionName, JunctionEstimate, Unsuitability, EstimateWarning, Estimate, Model } from "./estimate-types.ts";
import type { LossBreakdown, JunctionEstimate, Unsuitability, EstimateWarning, Estimate, Model } from "./estimate-types.ts";
import { DEFAULT_MODULATION } from "./modulation-names.ts";
import { freewheelFactors, modulationFactors, positionConduction, switchedAverage, type ModulationFactors } from "./modulation.ts";
import { boostDiodeConduction, boostSwitchConduction, lineConduction, lineCurrent, totemPoleFast } from "./pfc.ts";

/** The fixed-point iteration stops after this many steps (it settles in a few when it settles at all). */
const MAX_ITERATIONS = 200;
/** Settled when no junction temperature moves more than this between two steps (K). */
const TOLERANCE = 1e-3;
/** Step of the central difference that gives dP/dT_j for the loop gain (K). */
const GAIN_STEP = 0.5;
/** The share of the rated voltage above which the estimate warns (cosmic-ray and overshoot margin). */
const VOLTAGE_DERATING = 0.8;

/** The dead time (ns) a MOSFET estimate uses: the operating point's, else the part's recommended one. */
export function deadTimeOf(data: LossData, op: OperatingPoint): number | null {
  return data.kind === "mosfet" ? (op.deadTime ?? data.deadTime) : null;
}

/** The gate resistance (Ω) an estimate uses: the operating point's, else the part's switching reference. */
export function gateResistanceOf(data: LossData, op: OperatingPoint): number | null {
  return data.kind === "diode" ? null : (op.rg ?? data.switchingRef.rg);
}

const milliohm = (value: number) => value / 1000;

/**
 * A switching energy of a leg at the operating point as a function of T_j (J per switching period, averaged over
 * the output period in the inverter): the E(I) rows of the part's table read at the current (`read`: the sine's
 * events averaged, exactly for the continuous modulations, sineAverage, numerically over the switched windows for
 * DPWM1, switchedAverage), interpolated between the table's two temperatures, times the voltage scaling
 * (V/V_ref)^k and the gate-resistance factor. The rows are read once per estimate; each temperature step is then
 * one interpolation. Floored at a fifth of the smaller row so an extrapolation never switches for free.
 */
function switchingEnergy(tjs: readonly [number, number], rows: readonly [number[], number[]], read: (row: number[]) => number, scale: number): (tj: number) => number {
  const values = [read(rows[0]) * scale * 1e-3, read(rows[1]) * scale * 1e-3];
  const floor = 0.2 * Math.min(values[0]!, values[1]!);
  return (tj) => Math.max(floor, atTemperature(tjs, values, tj));
}

/** How a row of an E(I) table is read at the point: at the DC current, or averaged over the sine's switched events. */
function energyReader(op: OperatingPoint, currents: readonly number[], iPeak: number, side: "switch" | "diode"): (row: number[]) => number {
  // A PFC stage switches once per period at the line current Î·|sin θ|, in both half line cycles: twice the
  // inverter's mean, which switches in one half only. A DC/DC leg switches at its DC current.
  if (op.mode === "boostpfc" || op.mode === "totempole") return (row) => 2 * sineAverage(currents, row, iPeak);
  if (op.mode !== "inverter") return (row) => interpolate(currents, row, iPeak);
  const modulation = op.modulation ?? DEFAULT_MODULATION;
  // Only DPWM1 rests; every continuous modulation switches the whole sine, the half of one sign per side.
  if (modulation === "dpwm") return (row) => switchedAverage(modulation, op.m, op.pf, currents, row, iPeak, side);
  return (row) => sineAverage(currents, row, iPeak);
}
const nanocoulomb = (value: number) => value / 1e9;

/**
 * A PFC stage's line (pfc.ts): a = V̂/V_o, and the share of each switching period the totem-pole's body diode
 * carries, 2·t_dd·f_sw, kept inside the rectifier's interval (a validated point has √2·V_line < V_bus).
 */
function pfcLine(op: OperatingPoint, deadTime: number) {
  const { a } = lineCurrent(op.vOther!, op.vBus, op.vOther! * op.current);
  return { a, dt: Math.min(2 * deadTime * op.fsw, a) };
}

/**
 * Where a part sits when the point alone does not say: a MOSFET at a totem-pole point is a fast-leg device unless it
 * is named for the slow leg, as a line-frequency synchronous rectifier (stage.ts, companionEstimate;
 * docs/decisions/043-line-frequency-and-slow-leg.md).
 */
export interface EstimateOptions {
  slowLeg?: boolean;
}

/** No loss of that kind (the breakdown's other fields). */
const none = { conduction: 0, switching: 0, diodeConduction: 0, deadTime: 0, diodeSwitching: 0, inSwitch: 0 };

function mosfetModel(data: MosfetLossData, op: OperatingPoint, iPeak: number, slowLeg: boolean): Model {
  const channel = (tj: number) => milliohm(atTemperature(data.channel.t, data.channel.r, tj));
  const bd = data.bodyDiode;
  const bodyDiode = (tj: number) => ({ v0: atTemperature(bd.t, bd.v0, tj), r: milliohm(atTemperature(bd.t, bd.r, tj)) });
  const ref = data.switchingRef;
  const rg = op.rg ?? ref.rg;
  const { gate, energies } = data;
  const voltage = (op.vBus / ref.v) ** data.kv;
  const read = energyReader(op, energies.i, iPeak, "switch");
  const eOn = switchingEnergy(energies.tj, energies.eOn, read, voltage * gateResistanceFactor(gate.rg, gate.eOn, ref.rg, rg));
  const eOff = switchingEnergy(energies.tj, energies.eOff, read, voltage * gateResistanceFactor(gate.rg, gate.eOff, ref.rg, rg));
  const switching = (tj: number) => op.fsw * (eOn(tj) + eOff(tj));
  const deadTime = (op.deadTime ?? data.deadTime) * 1e-9;
  if (op.mode === "totempole" && slowLeg)
    // A slow-leg MOSFET: its channel carries the whole line current for its half line period, as a slow-leg diode
    // does (pfc.ts's lineConduction with V_0 = 0, halved), unswitched at f_sw; it turns on and off near the zero
    // crossings at nearly no current or voltage, and its body diode's share around them is neglected. It is the
    // stage's rectifier: its reverse conduction, as a synchronous rectifier's is booked.
    return {
      junctions: [{ name: "rectifier", rth: data.rth }],
      evaluate: ([tj]) => {
        const losses = { ...none, diodeConduction: lineConduction({ v0: 0, r: channel(tj!) }, iPeak) / 2 };
        return { losses, powers: [losses.diodeConduction] };
      },
    };
  if (op.mode === "boostpfc" || op.mode === "totempole") {
    const { a, dt } = pfcLine(op, deadTime);
    // Boost PFC: the switch. Totem-pole: one fast-leg device, the boost switch half the line period and the
    // synchronous rectifier the other half; it switches hard only as the switch.
    const totem = op.mode === "totempole";
    return {
      junctions: [{ name: "switch", rth: data.rth }],
      evaluate: ([tj]) => {
        const on = { v0: 0, r: channel(tj!) };
        const fast = totemPoleFast(on, bodyDiode(tj!), iPeak, a, dt);
        const losses = {
          ...none,
          conduction: totem ? fast.asSwitch : boostSwitchConduction(on, iPeak, a),
          switching: switching(tj!) / (totem ? 2 : 1),
          diodeConduction: totem ? Math.max(0, fast.asRectifier) + fast.deadTime : 0,
          deadTime: totem ? fast.deadTime : 0,
        };
        return { losses, powers: [losses.conduction + losses.switching + losses.diodeConduction] };
      },
    };
  }
  if (op.mode === "inverter") {
    const factors = inverterFactors(op);
    // Synchronous rectification: the reverse (freewheeling) share of the current flows through the channel too,
    // with V0 = 0, and through the body diode only in the dead times. One device, one junction.
    return {
      junctions: [{ name: "switch", rth: data.rth }],
      evaluate: ([tj]) => {
        const r = channel(tj!);
        const diode = bodyDiode(tj!);
        // The dead times come out of the channel's reverse conduction: the body diode carries the current then.
        const freewheel = inverterFreewheel(r, diode.v0, diode.r, iPeak, op, deadTime);
        const losses = {
          conduction: positionConduction(0, r, iPeak, factors.switch),
          switching: switching(tj!),
          diodeConduction: freewheel.channel + freewheel.bodyDiode,
          deadTime: freewheel.bodyDiode,
          diodeSwitching: 0,
          inSwitch: 0,
        };
        return { losses, powers: [losses.conduction + losses.switching + losses.diodeConduction] };
      },
    };
  }
  // DC/DC (synchronous buck or boost leg, its duty given or set by the two voltages): the hard-switched device
  // for D, the synchronous rectifier for 1 − D.
  return {
    junctions: [
      { name: "switch", rth: data.rth },
      { name: "rectifier", rth: data.rth },
    ],
    evaluate: ([tjSwitch, tjRectifier]) => {
      const diode = bodyDiode(tjRectifier!);
      const freewheel = dcFreewheel(channel(tjRectifier!), diode.v0, diode.r, iPeak, op.duty, deadTime, op.fsw);
      const losses = {
        conduction: dcConduction(0, channel(tjSwitch!), iPeak, op.duty),
        switching: switching(tjSwitch!),
        diodeConduction: freewheel.channel + freewheel.bodyDiode,
        deadTime: freewheel.bodyDiode,
        diodeSwitching: 0,
        inSwitch: 0,
      };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction] };
    },
  };
}

function diodeModel(data: DiodeLossData, op: OperatingPoint, iPeak: number): Model {
  const forward = (tj: number) => ({
    v0: atTemperature(data.forward.t, data.forward.v0, tj),
    r: milliohm(atTemperature(data.forward.t, data.forward.r, tj)),
  });
  const factors = op.mode === "inverter" ? inverterFactors(op) : null;
  const charge = capacitiveChargeLoss(nanocoulomb(data.qc), data.vQc, data.kv, op.vBus) * op.fsw;
  if (op.mode === "boostpfc" || op.mode === "totempole") {
    const { a } = pfcLine(op, 0);
    // Boost PFC: the boost diode, whose charge the switch takes at each turn-on. Totem-pole: a diode of the slow
    // leg, which carries the line current for half the line period and is not switched at f_sw.
    return {
      junctions: [{ name: "diode", rth: data.rth }],
      evaluate: ([tj]) => {
        const on = forward(tj!);
        const losses =
          op.mode === "boostpfc"
            ? { ...none, diodeConduction: boostDiodeConduction(on, iPeak, a), inSwitch: charge }
            : { ...none, diodeConduction: lineConduction(on, iPeak) / 2 };
        return { losses, powers: [losses.diodeConduction] };
      },
    };
  }
  return {
    junctions: [{ name: "diode", rth: data.rth }],
    evaluate: ([tj]) => {
      const { v0, r } = forward(tj!);
      const losses = {
        conduction: 0,
        switching: 0,
        diodeConduction: factors ? positionConduction(v0, r, iPeak, factors.diode) : dcConduction(v0, r, iPeak, 1 - op.duty),
        deadTime: 0,
        diodeSwitching: 0,
        // The charge is moved at each commutation of the diode (in the inverter: only in the half-period that it
        // conducts, less the time the leg rests under DPWM); the energy is dissipated in the switch that turns on,
        // so it does not heat the diode.
        inSwitch: charge * (factors ? factors.diode.n : 1),
      };
      return { losses, powers: [losses.diodeConduction] };
    },
  };
}

function igbtModel(data: IgbtLossData, op: OperatingPoint, iPeak: number): Model {
  const curve = (c: IgbtLossData["igbt"], tj: number) => ({ v0: atTemperature(c.t, c.v0, tj), r: milliohm(atTemperature(c.t, c.r, tj)) });
  const ref = data.switchingRef;
  const rg = op.rg ?? ref.rg;
  const { gate, energies } = data;
  const voltage = (op.vBus / ref.v) ** data.kv;
  const read = energyReader(op, energies.i, iPeak, "switch");
  const eOn = switchingEnergy(energies.tj, energies.eOn, read, voltage * gateResistanceFactor(gate.rg, gate.eOn, ref.rg, rg));
  const eOff = switchingEnergy(energies.tj, energies.eOff, read, voltage * gateResistanceFactor(gate.rg, gate.eOff, ref.rg, rg));
  const eRec = switchingEnergy(
    energies.tj,
    energies.eRec,
    energyReader(op, energies.i, iPeak, "diode"),
    (op.vBus / ref.v) ** data.kvRec * gateResistanceFactor(gate.rg, gate.eRec, ref.rg, rg),
  );
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
      const switching = op.fsw * (eOn(tjSwitch!) + eOff(tjSwitch!));
      const recovery = op.fsw * eRec(tjDiode!);
      if (op.mode === "boostpfc" || op.mode === "totempole") {
        const { a } = pfcLine(op, 0);
        // Boost PFC: the switch (its co-packed diode idles). Totem-pole: one fast-leg position, the switch half the
        // line period, its diode (recovering at the other switch's turn-on) the freewheeling path the other half.
        const half = op.mode === "totempole" ? 0.5 : 1;
        const losses = {
          ...none,
          conduction: boostSwitchConduction(igbt, iPeak, a) * half,
          switching: switching * half,
          diodeConduction: half < 1 ? boostDiodeConduction(diode, iPeak, a) * half : 0,
          diodeSwitching: half < 1 ? recovery * half : 0,
        };
        return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction + losses.diodeSwitching] };
      }
      const losses = factors
        ? {
            conduction: positionConduction(igbt.v0, igbt.r, iPeak, factors.switch),
            switching,
            diodeConduction: positionConduction(diode.v0, diode.r, iPeak, factors.diode),
            deadTime: 0,
            diodeSwitching: recovery,
            inSwitch: 0,
          }
        : {
            conduction: dcConduction(igbt.v0, igbt.r, iPeak, op.duty),
            switching,
            diodeConduction: dcConduction(diode.v0, diode.r, iPeak, 1 - op.duty),
            deadTime: 0,
            diodeSwitching: recovery,
            inSwitch: 0,
          };
      return { losses, powers: [losses.conduction + losses.switching, losses.diodeConduction + losses.diodeSwitching] };
    },
  };
}

/** The modulation's averages over the fundamental period at the point's M and cos φ (modulation.ts). */
function inverterFactors(op: OperatingPoint): ModulationFactors {
  return modulationFactors(op.modulation ?? DEFAULT_MODULATION, op.m, op.pf);
}

/**
 * A synchronous-rectifier MOSFET's freewheeling path in the inverter: SPWM keeps its closed form and the exact
 * treatment of long dead times (spwmFreewheel); the other modulations integrate over the fundamental period with
 * the body diode in both dead times of each switched period but never longer than the freewheeling interval, the
 * channel the rest (freewheelFactors).
 */
function inverterFreewheel(rChannel: number, v0Diode: number, rDiode: number, iPeak: number, op: OperatingPoint, deadTime: number) {
  const modulation = op.modulation ?? DEFAULT_MODULATION;
  if (modulation === DEFAULT_MODULATION) return spwmFreewheel(rChannel, v0Diode, rDiode, iPeak, op.m, op.pf, deadTime, op.fsw);
  const factors = freewheelFactors(modulation, op.m, op.pf, Math.min(1, 2 * deadTime * op.fsw));
  return {
    channel: rChannel * iPeak ** 2 * factors.channel,
    bodyDiode: v0Diode * iPeak * factors.diodeA + rDiode * iPeak ** 2 * factors.diodeB,
  };
}

/** Peak device current: √2·I_rms for a sine given as RMS (a PFC's line current always is); the DC current as it is. */
function peakCurrent(op: OperatingPoint): number {
  if (op.mode === "boostpfc" || op.mode === "totempole") return op.current * Math.SQRT2;
  return op.mode === "inverter" && op.currentKind === "rms" ? op.current * Math.SQRT2 : op.current;
}

function modelOf(data: LossData, op: OperatingPoint, iPeak: number, options: EstimateOptions): Model {
  if (data.kind === "mosfet") return mosfetModel(data, op, iPeak, options.slowLeg === true);
  if (data.kind === "diode") return diodeModel(data, op, iPeak);
  return igbtModel(data, op, iPeak);
}

/**
 * The part's loss model at the point, for the whole-converter solution (converter.ts): the power into each junction
 * at given junction temperatures, with each junction's own R_th(j-c) (the caller adds its path to the heat sink).
 */
export function lossModel(data: LossData, op: OperatingPoint, options: EstimateOptions = {}): Model {
  return modelOf(data, op, peakCurrent(op), options);
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

/** The typical estimate without its peak and worst case: what the sweep and the worst case itself need. */
function steadyEstimate(data: LossData, op: OperatingPoint, options: EstimateOptions = {}): Estimate {
  const iPeak = peakCurrent(op);
  // A three-level (NPC) module's switches each block and commutate half the DC link (V_bus is the DC link); such
  // a part is refused (refusal.ts, the threeLevel reason below), this is only what the sweep shows.
  const point = data.threeLevel ? { ...op, vBus: op.vBus / 2 } : op;
  // Where no thermal path to the point's reference is known, the estimate runs to the nearest one we have (the
  // datasheet's own reference) and says the part cannot be compared there; the pages refuse it (refusal.ts).
  const reference = op.tcRef ?? "case";
  const path = thermalPath(data, reference);
  const thermal = path ? { ...data, rth: path.rth, ...(path.rthDiode === null ? {} : { rthDiode: path.rthDiode }) } : data;
  const model = modelOf(thermal as LossData, point, iPeak, options);
  const { ratings } = data;
  const tjMax = ratings.tjMax;
  const solution = solveTemperatures(model, op.tc);
  const runaway = solution.gains.map((gain) => gain >= 1);
  const above = solution.tj.map((value, index) => !runaway[index] && value > MODEL_TJ_RANGE.max);
  // A junction without a temperature inside the data (runaway, or settling above them) is shown with its losses at
  // the top of the data's range: the least it would dissipate there, and never less than a part with lower
  // on-state values (so the worst case is never below the typical one).
  const at = solution.tj.map((value, index) => (runaway[index] || above[index] ? MODEL_TJ_RANGE.max : value));
  const { losses, powers } = model.evaluate(at);
  const junctions: JunctionEstimate[] = model.junctions.map((junction, index) => ({
    name: junction.name,
    power: powers[index]!,
    tj: runaway[index] || above[index] ? null : op.tc + powers[index]! * junction.rth,
    ...(runaway[index] ? { beyond: "runaway" as const } : above[index] ? { beyond: "aboveData" as const } : {}),
    tjMax,
    rth: junction.rth,
    loopGain: solution.gains[index]!,
  }));

  const unsuitable: Unsuitability[] = [];
  if (data.threeLevel) unsuitable.push({ code: "threeLevel" });
  if (!path) unsuitable.push({ code: "referenceUnavailable", reference });
  if (point.vBus > ratings.v) unsuitable.push({ code: "voltageOverRating", vBus: point.vBus, vRated: ratings.v });
  // The current is judged by the heat it makes (T_j below) and by the pulsed rating where one is known; a
  // continuous DC rating says nothing about a sine's peak.
  if (ratings.iPulse !== undefined && iPeak > ratings.iPulse) unsuitable.push({ code: "currentOverPulse", current: iPeak, rating: ratings.iPulse });
  for (const junction of junctions) {
    if (junction.beyond === "runaway") unsuitable.push({ code: "thermalRunaway", junction: junction.name, loopGain: junction.loopGain });
    else if (junction.beyond === "aboveData") unsuitable.push({ code: "aboveData", junction: junction.name, limit: MODEL_TJ_RANGE.max });
    else if (junction.tj! > tjMax) unsuitable.push({ code: "tjOverMax", junction: junction.name, tj: junction.tj!, tjMax });
  }
  const warnings: EstimateWarning[] = [];
  const limit = VOLTAGE_DERATING * ratings.v;
  // Above the rating the part is unsuitable (reported above), not merely close to it.
  if (point.vBus > limit && point.vBus <= ratings.v) warnings.push({ code: "voltageOver80", vBus: point.vBus, vRated: ratings.v, limit });

  return {
    kind: data.kind,
    mode: op.mode,
    // scope.ts's lossScope, written out: importing it here would split scope.ts into a chunk of its own whose name
    // the finder's first-load JavaScript would carry.
    scope: data.kind !== "diode" && (op.mode === "dcdc" || op.mode === "buck" || op.mode === "boost") ? "leg" : "position",
    losses: withTotal(losses),
    junctions,
    tj: hottest(junctions),
    converged: solution.converged,
    iterations: solution.iterations,
    iPeak,
    deadTime: deadTimeOf(data, op),
    rg: gateResistanceOf(data, op),
    unsuitable,
    warnings,
    worstCase: null,
    ...(options.slowLeg && data.kind === "mosfet" && op.mode === "totempole" ? { slowLeg: true as const } : {}),
  };
}

function hottest(junctions: JunctionEstimate[]): number | null {
  const temperatures = junctions.map((junction) => junction.tj);
  return temperatures.includes(null) ? null : Math.max(...(temperatures as number[]));
}

/** A temperature inside the data's range, else null (the estimate says "outside the data" instead of a number). */
const withinData = (value: number) => (value > MODEL_TJ_RANGE.max ? null : value);

/**
 * Estimates one part at a (validated) operating point, and judges it: the mean T_j of each junction, its peak over
 * the output period (inverter parts with a Z_th network, ripple.ts; a PFC part's over the line period) and its mean at the datasheet's maximum values
 * (worst-case.ts) all against T_j,max. Each junction gets one reason, the first of mean, peak and worst case that
 * fails (docs/decisions/022-estimator-judgement-and-refusals.md). Never returns NaN: every input was range-checked.
 */
export function estimate(data: LossData, op: OperatingPoint, given: EstimateOptions = {}): Estimate {
  // The point's own `slow` (this page's MOSFET as the slow leg, docs/decisions/049-converter-on-finder-and-compare.md)
  // unless the caller says where the part sits (a part named beside another, stage.ts).
  const options = { slowLeg: given.slowLeg ?? op.slowLeg === true };
  const result = steadyEstimate(data, op, options);
  const ripple = junctionRipple(data, op, result);
  const worstData = worstCaseData(data);
  const worst = worstData ? steadyEstimate(worstData, op, options) : null;
  // The period the peak is taken over: the inverter's output period, a PFC stage's line period (ripple.ts).
  const fo = rippleFrequency(op);
  const line = op.mode === "boostpfc" || op.mode === "totempole" ? { line: true as const } : {};
  const junctions = result.junctions.map((junction) => {
    const peak = ripple?.find((item) => item.name === junction.name)?.peak;
    return peak === undefined ? junction : { ...junction, peak: withinData(peak) };
  });
  const unsuitable = [...result.unsuitable];
  for (const [index, junction] of junctions.entries()) {
    // The mean already fails: its reason stands alone.
    if (junction.tj === null || junction.tj > junction.tjMax) continue;
    if (junction.peak !== undefined && (junction.peak === null || junction.peak > junction.tjMax)) {
      unsuitable.push({ code: "peakOverMax", junction: junction.name, tj: junction.peak, tjMax: junction.tjMax, fo, ...line });
      continue;
    }
    const worstJunction = worst?.junctions[index];
    if (worstJunction && (worstJunction.tj === null || worstJunction.tj > worstJunction.tjMax))
      unsuitable.push({ code: "worstOverMax", junction: junction.name, tj: worstJunction.tj, tjMax: worstJunction.tjMax });
  }
  return {
    ...result,
    junctions,
    unsuitable,
    worstCase: worst ? { losses: worst.losses, junctions: worst.junctions, tj: worst.tj } : null,
  };
}

/** Whether the part can stand the operating point: rated voltage, pulsed current, T_j,max, no thermal runaway. */
export function isSuitable(result: Estimate): boolean {
  return result.unsuitable.length === 0;
}

/** Switching frequencies for the loss-vs-frequency chart: log-spaced around the operating point's. */
export function frequencySweep(fsw: number, points = 25): number[] {
  const low = Math.max(1_000, fsw / 10);
  const high = Math.min(limits.fsw.max, fsw * 4);
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
    // The point's slow leg (`slow`) holds at every frequency, as in estimate().
    const result = steadyEstimate(data, { ...op, fsw }, { slowLeg: op.slowLeg === true });
    return { fsw, losses: result.losses, tj: result.tj };
  });
}
