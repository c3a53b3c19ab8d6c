// The junction temperature's ripple over one output period of an inverter: the losses follow the sine, and at a
// low output frequency (a motor at standstill or starting at 1–5 Hz) the junction follows them through its Z_th.
// The part's Foster network turns the loss waveform into the peak T_j, shown beside the mean. Apart from
// estimate.ts: only the detail page and compare show it, the finder's ranking never needs it.
// A PFC stage's losses follow the line instead (docs/decisions/041-stage-totals.md): the same Foster pass over
// one line period, the loss waveform that of the line current and the boost duty.
import type { FosterNetwork, LossData } from "../contract/loss-data.ts";
import type { Estimate, JunctionName } from "./estimate-types.ts";
import { thermalPath } from "./thermal-path.ts";
import { atTemperature, interpolate, MODEL_TJ_RANGE } from "./equations.ts";
import { DEFAULT_OUTPUT_FREQUENCY, LINE_FREQUENCY, type OperatingPoint } from "./operating-point.ts";

/** Steps over one output period (1° each). */
const STEPS = 360;

const isPfc = (op: OperatingPoint) => op.mode === "boostpfc" || op.mode === "totempole";

export interface JunctionRipple {
  name: JunctionName;
  /** Highest junction temperature over the output period (°C). */
  peak: number;
}

/** One loss of the estimate (its mean over the period) and how it is spread over the period (any scale). */
interface Component {
  junction: number;
  mean: number;
  shape: (theta: number) => number;
}

/**
 * The loss components of the upper position of an SPWM leg at angle θ of the output period: the current
 * I_pk·sin θ, the switch node high for d = (1 + M·sin(θ + φ))/2 of each switching period. Positive current: the
 * switch conducts for d and switches; negative: the freewheeling path (a MOSFET's channel in reverse and its body
 * diode in the dead times, an IGBT module's diode, which also recovers) conducts for d. The means are the
 * estimate's, so the waveform averages to exactly what the steady estimate found.
 */
function components(data: LossData, op: OperatingPoint, result: Estimate): Component[] {
  const { losses } = result;
  const iPeak = result.iPeak;
  const phi = Math.acos(op.pf);
  const duty = (theta: number) => (1 + op.m * Math.sin(theta + phi)) / 2;
  const forward = (theta: number) => Math.max(0, Math.sin(theta));
  const backward = (theta: number) => Math.max(0, -Math.sin(theta));
  const table = data.kind === "diode" ? null : data.energies;
  // The switching energy's dependence on current (its 25 °C row: the shape, not the value, is used).
  const energy = (current: number) => (table ? interpolate(table.i, table.eOn[0], current) + interpolate(table.i, table.eOff[0], current) : 0);
  const recovery = (current: number) => (data.kind === "igbt" ? interpolate(data.energies.i, data.energies.eRec[0], current) : 0);
  const dead = Math.min(1, (2 * (result.deadTime ?? 0) * op.fsw) / 1e9);
  if (isPfc(op)) return pfcComponents(data, op, result, energy, recovery);
  const list: Component[] = [];
  if (data.kind === "mosfet") {
    list.push(
      { junction: 0, mean: losses.conduction, shape: (theta) => forward(theta) ** 2 * duty(theta) },
      { junction: 0, mean: losses.switching, shape: (theta) => (forward(theta) > 0 ? energy(iPeak * forward(theta)) : 0) },
      { junction: 0, mean: losses.diodeConduction - losses.deadTime, shape: (theta) => backward(theta) ** 2 * Math.max(0, duty(theta) - dead) },
      { junction: 0, mean: losses.deadTime, shape: (theta) => backward(theta) * Math.min(dead, duty(theta)) },
    );
  } else if (data.kind === "igbt") {
    list.push(
      { junction: 0, mean: losses.conduction, shape: (theta) => forward(theta) * duty(theta) },
      { junction: 0, mean: losses.switching, shape: (theta) => (forward(theta) > 0 ? energy(iPeak * forward(theta)) : 0) },
      { junction: 1, mean: losses.diodeConduction, shape: (theta) => backward(theta) * duty(theta) },
      { junction: 1, mean: losses.diodeSwitching, shape: (theta) => (backward(theta) > 0 ? recovery(iPeak * backward(theta)) : 0) },
    );
  } else {
    list.push({ junction: 0, mean: losses.diodeConduction, shape: (theta) => backward(theta) * duty(theta) });
  }
  return list.filter((component) => component.mean > 0);
}

/**
 * A PFC part's loss components over one line period θ in (0, 2π) (pfc.ts's model, each at its switching-period
 * average): the line current Î·|sin θ|, the boost switch on for d = 1 − a·|sin θ|, the boost diode (or synchronous
 * rectifier) for a·|sin θ|. Boost PFC: the same in both half line cycles (a ripple at twice the line frequency). A
 * totem-pole device is the boost switch in the first half only and the synchronous rectifier (its channel for
 * a·|sin θ| less the dead-time share, its body diode or an IGBT's diode in the dead times) in the second; a slow-leg
 * diode conducts in one half only: its ripple is at the line frequency. As for the inverter, conduction is
 * weighed by i² for a MOSFET's channel and by i for an IGBT's or a diode's knee, and the means are the estimate's.
 */
function pfcComponents(data: LossData, op: OperatingPoint, result: Estimate, energy: (current: number) => number, recovery: (current: number) => number): Component[] {
  const { losses, iPeak } = result;
  const a = (Math.SQRT2 * op.vOther!) / op.vBus;
  const totem = op.mode === "totempole";
  const dead = Math.min(a, (2 * (result.deadTime ?? 0) * op.fsw) / 1e9);
  const s = (theta: number) => Math.abs(Math.sin(theta));
  // The boost switch's half line cycles: both in a boost PFC, the first in a totem-pole; the rectifier's the other.
  const asSwitch = (theta: number) => !totem || theta < Math.PI;
  const asRectifier = (theta: number) => !totem || theta >= Math.PI;
  const on = (theta: number) => 1 - a * s(theta);
  const switched = (theta: number) => (asSwitch(theta) ? energy(iPeak * s(theta)) : 0);
  const list: Component[] = [];
  const tj = result.junctions[0]!.tj ?? MODEL_TJ_RANGE.max;
  const body =
    data.kind === "mosfet" ? { v0: atTemperature(data.bodyDiode.t, data.bodyDiode.v0, tj), r: atTemperature(data.bodyDiode.t, data.bodyDiode.r, tj) / 1000 } : null;
  // A slow-leg MOSFET (estimate.ts): its channel carries the whole line current in one half line period.
  if (result.slowLeg) list.push({ junction: 0, mean: losses.diodeConduction, shape: (theta) => (theta < Math.PI ? s(theta) ** 2 : 0) });
  else if (data.kind === "mosfet" && body)
    list.push(
      { junction: 0, mean: losses.conduction, shape: (theta) => (asSwitch(theta) ? s(theta) ** 2 * on(theta) : 0) },
      { junction: 0, mean: losses.switching, shape: switched },
      {
        junction: 0,
        mean: losses.diodeConduction - losses.deadTime,
        shape: (theta) => (totem && !asSwitch(theta) ? s(theta) ** 2 * Math.max(0, a * s(theta) - dead) : 0),
      },
      // The body diode's v_0·i + r·i² at the junction's mean temperature: its knee and its slope weigh alike here.
      {
        junction: 0,
        mean: losses.deadTime,
        shape: (theta) => (totem && !asSwitch(theta) ? s(theta) * Math.min(dead, a * s(theta)) * (body.v0 + body.r * iPeak * s(theta)) : 0),
      },
    );
  else if (data.kind === "igbt")
    list.push(
      { junction: 0, mean: losses.conduction, shape: (theta) => (asSwitch(theta) ? s(theta) * on(theta) : 0) },
      { junction: 0, mean: losses.switching, shape: switched },
      { junction: 1, mean: losses.diodeConduction, shape: (theta) => (totem && asRectifier(theta) ? s(theta) * a * s(theta) : 0) },
      { junction: 1, mean: losses.diodeSwitching, shape: (theta) => (totem && asRectifier(theta) ? recovery(iPeak * s(theta)) : 0) },
    );
  // A boost diode conducts for a·|sin θ| in every half; a slow-leg diode carries the whole current in its half.
  else list.push({ junction: 0, mean: losses.diodeConduction, shape: (theta) => (totem ? (theta < Math.PI ? s(theta) : 0) : s(theta) * a * s(theta)) });
  return list.filter((component) => component.mean > 0);
}

/**
 * Peak T_j of a Foster network driven by a periodic power p(t): each RC pair follows dT/dt = (p·r − T)/τ, stepped
 * exactly for p held over a step; the periodic state is found in closed form (one period from zero gives
 * T_end = T₀·e^(−P/τ) + A, so T₀ = A/(1 − e^(−P/τ))), and a second period records the peak of Σ T_i.
 */
export function fosterPeak(network: FosterNetwork, power: readonly number[], period: number): number {
  const step = period / power.length;
  const decays = network.map((pair) => Math.exp(-step / pair.tau));
  const state = network.map(() => 0);
  for (const p of power) for (const [index, pair] of network.entries()) state[index] = state[index]! * decays[index]! + p * pair.r * (1 - decays[index]!);
  for (const [index, pair] of network.entries()) state[index] = state[index]! / (1 - Math.exp(-period / pair.tau));
  let peak = -Infinity;
  for (const p of power) {
    let sum = 0;
    network.forEach((pair, index) => {
      state[index] = state[index]! * decays[index]! + p * pair.r * (1 - decays[index]!);
      sum += state[index]!;
    });
    peak = Math.max(peak, sum);
  }
  return peak;
}

/** The frequency of the period the junction's ripple repeats over: the inverter's output, a PFC stage's line (Hz). */
export function rippleFrequency(op: OperatingPoint): number {
  return op.fo ?? (isPfc(op) ? LINE_FREQUENCY.default : DEFAULT_OUTPUT_FREQUENCY);
}

/**
 * The peak junction temperatures over one output (or line) period (inverter and PFC parts, each junction with a Foster network and
 * a steady temperature); null where there is none to show. The network is the datasheet's (to its own
 * reference); a thermal path beyond it (a heat sink's interface) adds its share as a steady rise, one shorter
 * (a pin-fin module's baseplate) scales the network down to it.
 */
export function junctionRipple(data: LossData, op: OperatingPoint, result: Estimate): JunctionRipple[] | null {
  const junctions = junctionWaveforms(data, op, result);
  if (!junctions) return null;
  const period = 1 / rippleFrequency(op);
  // A junction without a steady temperature (runaway, above the data) has no ripple around one.
  return junctions
    .filter((junction) => result.junctions[junction.index]!.tj !== null)
    .map((junction) => ({ name: junction.name, peak: op.tc + junction.steady + fosterPeak(junction.network, junction.power, period) }));
}

/**
 * What drives each junction's temperature over one output period: its power at each of the period's STEPS steps
 * (averaging to the estimate's), its Foster network scaled to the thermal path, and the path's steady rise beyond
 * the network (a heat sink's interface). Inverter and PFC parts with a Z_th network and a steady temperature; null
 * where there is none. Shared by the ripple and the load cycle (mission.ts).
 */
export function junctionWaveforms(
  data: LossData,
  op: OperatingPoint,
  result: Estimate,
): Array<{ name: JunctionName; index: number; power: number[]; network: FosterNetwork; steady: number; tjMax: number }> | null {
  if ((op.mode !== "inverter" && !isPfc(op)) || !data.zth) return null;
  const path = thermalPath(data, op.tcRef ?? "case");
  if (!path) return null;
  const networks = [data.zth, data.kind === "igbt" ? data.zthDiode : undefined];
  const resistances = [path.rth, path.rthDiode];
  const parts = components(data, op, result);
  const list: Array<{ name: JunctionName; index: number; power: number[]; network: FosterNetwork; steady: number; tjMax: number }> = [];
  result.junctions.forEach((junction, index) => {
    const network = networks[index];
    const resistance = resistances[index];
    if (!network || !resistance) return;
    const power = new Array<number>(STEPS).fill(0);
    for (const part of parts.filter((item) => item.junction === index)) {
      const values = power.map((_, step) => part.shape(((step + 0.5) / STEPS) * 2 * Math.PI));
      const mean = values.reduce((sum, value) => sum + value, 0) / STEPS;
      if (mean > 0) for (const [step, value] of values.entries()) power[step]! += (part.mean * value) / mean;
    }
    const total = network.reduce((sum, pair) => sum + pair.r, 0);
    const scale = Math.min(1, resistance / total);
    const scaled = scale === 1 ? network : network.map((pair) => ({ r: pair.r * scale, tau: pair.tau }));
    list.push({ name: junction.name, index, power, network: scaled, steady: Math.max(0, resistance - total) * junction.power, tjMax: junction.tjMax });
  });
  return list;
}
