// The whole converter at one operating point (docs/decisions/029-whole-converter.md): every switch position of the
// topology (a three-phase inverter's six, a DC/DC leg's one) with N parts in parallel, all on one heat sink. The
// current shares between parallel parts follow each part's on-state characteristic at its own T_j, the sink's
// temperature follows every part's loss, and each junction's T_j follows its own loss through its own path to the
// sink: one fixed point, solved together. Then the converter's semiconductor loss, its efficiency, and the same
// over load (10–100 %). A PFC stage or a synchronous buck/boost likewise (docs/decisions/041-stage-totals.md): the
// devices of its stage the part fills (stage.ts), their parallel parts sharing the line's or the inductor's current.
import type { LossData } from "../contract/loss-data.ts";
import { atTemperature, MODEL_TJ_RANGE } from "./equations.ts";
import { lossModel, type JunctionName } from "./estimate.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { stagePower, stageRole, type StageRole } from "./stage.ts";
import { thermalPath } from "./thermal-path.ts";
import { worstCaseData } from "./worst-case.ts";

/** The fixed point stops after this many steps; settled when no temperature moves more than TOLERANCE (K). */
const MAX_ITERATIONS = 500;
const TOLERANCE = 1e-4;
/** The loads of the sweep: shares of the operating point's current. */
export const LOAD_STEPS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

interface ConverterJunction {
  name: JunctionName;
  /** Power into the junction (W). */
  power: number;
  /** Mean junction temperature (°C); null where the solution has none inside the data (above 250 °C or runaway). */
  tj: number | null;
  tjMax: number;
  /** R_th from the junction to the heat sink (K/W): R_th(j-c) + R_th(c-h), or the pin-fin module's R_th(j-f). */
  rthToSink: number;
}

interface ConverterDevice {
  /** 1-based position among the parallel parts of one switch. */
  index: number;
  /** This part at the datasheet's maximum on-state values (the mismatched one). */
  atMax: boolean;
  /** Its share of the switch's current, 0…1. */
  share: number;
  /** Its current (A, RMS or peak as the point gives it, or DC). */
  current: number;
  junctions: ConverterJunction[];
  /** Σ of its junctions' powers, and what it costs another device (a Schottky's charge, lost in the switch) (W). */
  loss: number;
}

export interface ConverterResult {
  /**
   * Switch positions of the topology this part fills: 6 (three-phase inverter), 1 (DC/DC leg, a boost PFC's switch or
   * diode) or 2 (a totem-pole's fast-leg or slow-leg devices).
   */
  positions: number;
  /** The stage's devices another part fills (stage.ts), not in the loss; empty for the inverter and a full DC/DC leg. */
  missing: StageRole[];
  parallel: number;
  /** The parts of one position (every position alike: the averages over the output period are). */
  devices: ConverterDevice[];
  /** Heat-sink (or pin-fin coolant) temperature (°C); null where the solution has none. */
  sink: number | null;
  /** Ambient (or coolant inlet) temperature and the sink's R_th to it (K/W), from the point. */
  ambient: number;
  rsa: number;
  /** Semiconductor loss of one position (W) and of the whole converter (W). */
  positionLoss: number;
  totalLoss: number;
  /**
   * Power delivered (W): inverter 3·V_ph,rms·I_rms·cos φ; PFC and synchronous boost their input less the loss, a
   * buck D·V_bus·I (stage.ts's stagePower).
   */
  outputPower: number;
  /**
   * P_out / (P_out + P_loss); in rectifier operation (cos φ < 0), (|P| − P_loss) / |P|. Null at no power. An upper
   * bound where `missing` names a device of the stage another part fills.
   */
  efficiency: number | null;
  /** The hottest junction: which part and junction, its T_j (null: above the data or runaway). */
  hottest: { device: number; junction: JunctionName; tj: number | null; tjMax: number };
  converged: boolean;
  /** Every junction below its T_j,max with a solution inside the data. */
  suitable: boolean;
}

/** Positions of the topology the point describes that this part fills, and the stage's devices it does not. */
function positionsOf(data: LossData, op: OperatingPoint): { positions: number; missing: StageRole[] } {
  if (op.mode === "inverter") return { positions: 6, missing: [] };
  const { count, missing } = stageRole(data.kind, op.mode);
  return { positions: count, missing };
}

/**
 * Whether the converter can be estimated with this part: two-level, a path to the sink, and a switch in an inverter
 * (its diode positions are the switch's module's); at a PFC or DC/DC point a diode fills a stage's diode positions.
 */
function converterApplies(data: LossData, op: OperatingPoint): boolean {
  return op.rsa !== undefined && (data.kind !== "diode" || op.mode !== "inverter") && !data.threeLevel && sinkPaths(data) !== null;
}

/** R_th from each junction to the sink: the case-to-sink interface added (per switch, per diode), or the pin-fin module's R_th(j-f). */
function sinkPaths(data: LossData): number[] | null {
  const path = thermalPath(data, data.rthRef === "fluid" ? "coolant" : "heatsink");
  if (!path) return null;
  return path.rthDiode === null ? [path.rth, path.rth] : [path.rth, path.rthDiode];
}

/**
 * The chord resistance V_on(i)/i of the part's forward conductor (MOSFET channel, IGBT) at T_j and current i (Ω):
 * parallel parts see one voltage, so each carries a current in inverse proportion to it (exact for a MOSFET's
 * channel, V_0 = 0; for an IGBT the chord taken at the peak current).
 */
function chord(data: LossData, tj: number, current: number): number {
  const curve = data.kind === "mosfet" ? data.channel : data.kind === "igbt" ? data.igbt : data.forward;
  const v0 = atTemperature(curve.t, curve.v0, tj);
  const r = atTemperature(curve.t, curve.r, tj) / 1000;
  return v0 / Math.max(current, 1e-6) + r;
}

/** The output power of the converter at the point (W) and its efficiency with `loss` (W); null at no power. */
function powerOf(op: OperatingPoint, loss: number): { outputPower: number; efficiency: number | null } {
  if (op.mode !== "inverter") return stagePower(op, loss);
  const iRms = op.currentKind === "rms" ? op.current : op.current / Math.SQRT2;
  const vPhaseRms = (op.m * op.vBus) / 2 / Math.SQRT2;
  const outputPower = 3 * vPhaseRms * iRms * op.pf;
  if (outputPower === 0) return { outputPower, efficiency: null };
  return { outputPower, efficiency: outputPower > 0 ? outputPower / (outputPower + loss) : (-outputPower - loss) / -outputPower };
}

/** Solves the whole converter at the point (which must carry `rsa`); null where it does not apply. */
export function solveConverter(data: LossData, op: OperatingPoint): ConverterResult | null {
  if (!converterApplies(data, op)) return null;
  const paths = sinkPaths(data)!;
  const rsa = op.rsa!;
  const parallel = op.parallel ?? 1;
  const { positions, missing } = positionsOf(data, op);
  const worst = op.parallelMismatch && parallel > 1 ? worstCaseData(data) : null;
  // The mismatched part is the first; the others typical.
  const parts = Array.from({ length: parallel }, (_, index) => (index === 0 && worst ? worst : data));
  // The peak the chord is read at: a sine's (an inverter's RMS current, a PFC's line current), else the DC current.
  const sine = (op.mode === "inverter" && op.currentKind === "rms") || op.mode === "boostpfc" || op.mode === "totempole";
  const iPeak = sine ? op.current * Math.SQRT2 : op.current;
  const names = lossModel(data, op).junctions.map((junction) => junction.name);
  const tjMax = data.ratings.tjMax;
  let tj = parts.map(() => names.map(() => op.tc));
  let sink = op.tc;
  let shares = parts.map(() => 1 / parallel);
  let powers = parts.map(() => names.map(() => 0));
  // What each part costs another device (a boost diode's capacitive charge, lost in the switch): the stage's loss,
  // not this sink's heat (the switch is another part).
  let caused = parts.map(() => 0);
  let converged = false;
  let above = false;
  const evaluate = (temperatures: number[][]) => {
    // Shares from each part's forward conductor at its switch junction's temperature.
    const conductance = parts.map((part, k) => 1 / chord(part, temperatures[k]![0]!, iPeak / parallel));
    const sum = conductance.reduce((total, value) => total + value, 0);
    const nextShares = conductance.map((value) => value / sum);
    const evaluated = parts.map((part, k) => lossModel(part, { ...op, current: op.current * nextShares[k]! }).evaluate(temperatures[k]!));
    return { nextShares, nextPowers: evaluated.map((result) => result.powers), nextCaused: evaluated.map((result) => result.losses.inSwitch) };
  };
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { nextShares, nextPowers, nextCaused } = evaluate(tj);
    caused = nextCaused;
    shares = nextShares;
    powers = nextPowers;
    const total = positions * powers.reduce((sum, device) => sum + device.reduce((a, b) => a + b, 0), 0);
    sink = op.tc + rsa * total;
    const next = powers.map((device) => device.map((power, j) => sink + power * paths[j]!));
    const step = Math.max(...next.flatMap((device, k) => device.map((value, j) => Math.abs(value - tj[k]![j]!))));
    tj = next;
    if (step < TOLERANCE) {
      converged = true;
      break;
    }
    // Beyond the data the losses are flat: no number is given there (as for one part, decision 022).
    if (tj.some((device) => device.some((value) => value > MODEL_TJ_RANGE.max))) {
      above = true;
      break;
    }
  }
  const solved = converged && !above;
  const devices: ConverterDevice[] = parts.map((part, k) => ({
    index: k + 1,
    atMax: part !== data,
    share: shares[k]!,
    current: op.current * shares[k]!,
    junctions: names.map((name, j) => ({
      name,
      power: powers[k]![j]!,
      tj: solved ? tj[k]![j]! : null,
      tjMax,
      rthToSink: paths[j]!,
    })),
    loss: powers[k]!.reduce((a, b) => a + b, 0) + caused[k]!,
  }));
  const positionLoss = devices.reduce((sum, device) => sum + device.loss, 0);
  const totalLoss = positions * positionLoss;
  const { outputPower, efficiency } = powerOf(op, totalLoss);
  let hottest: ConverterResult["hottest"] = { device: 1, junction: names[0]!, tj: null, tjMax };
  if (solved) {
    let best = -Infinity;
    for (const device of devices)
      for (const junction of device.junctions)
        if (junction.tj! > best) {
          best = junction.tj!;
          hottest = { device: device.index, junction: junction.name, tj: junction.tj, tjMax };
        }
  }
  return {
    positions,
    missing,
    parallel,
    devices,
    sink: solved ? sink : null,
    ambient: op.tc,
    rsa,
    positionLoss,
    totalLoss,
    outputPower,
    efficiency,
    hottest,
    converged: solved,
    suitable: solved && hottest.tj !== null && hottest.tj <= tjMax,
  };
}

export interface LoadPoint {
  /** Share of the operating point's current. */
  load: number;
  totalLoss: number;
  efficiency: number | null;
  /** Hottest T_j (°C); null above the data or in runaway. */
  tj: number | null;
}

/** The converter over load: the point's current times 10 %, 20 % … 100 %, everything else as set. */
export function loadSweep(data: LossData, op: OperatingPoint): LoadPoint[] | null {
  if (!converterApplies(data, op)) return null;
  return LOAD_STEPS.map((load) => {
    const result = solveConverter(data, { ...op, current: op.current * load })!;
    return { load, totalLoss: result.totalLoss, efficiency: result.efficiency, tj: result.hottest.tj };
  });
}

/**
 * The one part the single-part figures (breakdown, ripple, load cycle, frequency chart) show for a converter point:
 * the part with the hottest junction at its share of the current, referred to the solved heat-sink temperature, so
 * its T_j is the converter's. Null where the converter has no steady solution (the point is then shown as given).
 */
export function hottestPartView(data: LossData, op: OperatingPoint, result: ConverterResult): { data: LossData; op: OperatingPoint } | null {
  if (result.sink === null) return null;
  const device = result.devices[result.hottest.device - 1]!;
  const { rsa: _rsa, parallel: _parallel, parallelMismatch: _mismatch, ...rest } = op;
  const partData = device.atMax ? (worstCaseData(data) ?? data) : data;
  // A pin-fin module's path ends at the coolant: the sink is then its coolant temperature.
  return { data: partData, op: { ...rest, current: device.current, tc: result.sink, tcRef: data.rthRef === "fluid" ? "coolant" : "heatsink" } };
}
