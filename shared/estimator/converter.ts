// The whole converter at one operating point (docs/decisions/029-whole-converter.md): every switch position of the
// topology (a three-phase inverter's six, a DC/DC leg's one) with N parts in parallel, all on one heat sink. The
// current shares between parallel parts follow each part's on-state characteristic at its own T_j, the sink's
// temperature follows every part's loss, and each junction's T_j follows its own loss through its own path to the
// sink: one fixed point, solved together. Then the converter's semiconductor loss, its efficiency, and the same
// over load (10–100 %). A PFC stage or a synchronous buck/boost likewise (docs/decisions/041-stage-totals.md): the
// devices of its stage the part fills (stage.ts), their parallel parts sharing the line's or the inductor's current;
// the part named for the stage's other device (`with=`) puts its positions on the same sink
// (docs/decisions/043-line-frequency-and-slow-leg.md).
import type { LossData } from "../contract/loss-data.ts";
import { atTemperature, MODEL_TJ_RANGE } from "./equations.ts";
import { estimate, isSuitable, lossModel, type EstimateOptions, type JunctionName } from "./estimate.ts";
import type { Estimate } from "./estimate-types.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { companionRole, isSlowLeg, stagePower, stageRole, type StageRole } from "./stage.ts";
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

export interface ConverterDevice {
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

/** The part named for the stage's other device (`with=`), its positions on the same heat sink. */
interface ConverterCompanion {
  /** The stage's device it fills, and how many of it (a totem-pole's two slow-leg devices, a boost PFC's diode…). */
  role: StageRole;
  positions: number;
  /** The parallel parts of one of its positions (the point's np and np…w apply to every position). */
  devices: ConverterDevice[];
  positionLoss: number;
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
  /** The companion's positions (`with=`) when it fills a device this part leaves; then counted in the loss. */
  companion?: ConverterCompanion;
  /** The companion fills no device this part leaves: its role (then not on the sink, not counted). */
  mismatch?: StageRole;
  /**
   * The hottest junction: which part and junction, its T_j (null: above the data or runaway); `companion` when it is
   * one of the companion's parts.
   */
  hottest: { device: number; junction: JunctionName; tj: number | null; tjMax: number; companion?: true };
  converged: boolean;
  /** Every junction (the companion's too) below its own T_j,max with a solution inside the data. */
  suitable: boolean;
}

/** Positions of the topology the point describes that this part fills, and the stage's devices it does not. */
function positionsOf(data: LossData, op: OperatingPoint): { positions: number; missing: StageRole[] } {
  if (op.mode === "inverter") return { positions: 6, missing: [] };
  const { count, missing } = stageRole(data.kind, op.mode, isSlowLeg(data, op));
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

/** The parts of one position of one device of the stage, as the fixed point carries them. */
interface Group {
  data: LossData;
  positions: number;
  /** The parallel parts: the first at the datasheet's maximum on-state values with np…w. */
  parts: LossData[];
  names: JunctionName[];
  paths: number[];
  options: EstimateOptions;
}

function groupOf(data: LossData, op: OperatingPoint, positions: number, options: EstimateOptions): Group {
  const parallel = op.parallel ?? 1;
  const worst = op.parallelMismatch && parallel > 1 ? worstCaseData(data) : null;
  return {
    data,
    positions,
    // The mismatched part is the first; the others typical.
    parts: Array.from({ length: parallel }, (_, index) => (index === 0 && worst ? worst : data)),
    names: lossModel(data, op, options).junctions.map((junction) => junction.name),
    paths: sinkPaths(data)!,
    options,
  };
}

/**
 * Solves the whole converter at the point (which must carry `rsa`); null where it does not apply. `other`: the part
 * named for the stage's other device (`with=`, a PFC or DC/DC point): where it fills a device this part leaves and
 * has a path to the sink, its positions go on the same sink and into the loss.
 */
export function solveConverter(data: LossData, op: OperatingPoint, other?: LossData | null): ConverterResult | null {
  if (!converterApplies(data, op)) return null;
  const rsa = op.rsa!;
  const parallel = op.parallel ?? 1;
  const own = positionsOf(data, op);
  const groups = [groupOf(data, op, own.positions, { slowLeg: isSlowLeg(data, op) })];
  let missing = own.missing;
  let mismatch: StageRole | undefined;
  if (other && op.mode !== "inverter" && !other.threeLevel && sinkPaths(other)) {
    const theirs = companionRole(data.kind, other.kind, op.mode, isSlowLeg(data, op));
    if (missing.includes(theirs.role)) {
      // Said either way: the point's `slow` is this part's, never the named one's.
      groups.push(groupOf(other, op, theirs.count, { slowLeg: theirs.role === "slow" && other.kind === "mosfet" }));
      missing = missing.filter((role) => role !== theirs.role);
    } else mismatch = theirs.role;
  }
  // The peak the chord is read at: a sine's (an inverter's RMS current, a PFC's line current), else the DC current.
  const sine = (op.mode === "inverter" && op.currentKind === "rms") || op.mode === "boostpfc" || op.mode === "totempole";
  const iPeak = sine ? op.current * Math.SQRT2 : op.current;
  let tj = groups.map((group) => group.parts.map(() => group.names.map(() => op.tc)));
  let sink = op.tc;
  let shares = groups.map((group) => group.parts.map(() => 1 / parallel));
  let powers = groups.map((group) => group.parts.map(() => group.names.map(() => 0)));
  // What each part costs another device (a boost diode's capacitive charge, lost in the switch): the stage's loss,
  // not this sink's heat (the switch is another part).
  let caused = groups.map((group) => group.parts.map(() => 0));
  let converged = false;
  let above = false;
  const evaluate = (group: Group, temperatures: number[][]) => {
    // Shares from each part's forward conductor at its first junction's temperature.
    const conductance = group.parts.map((part, k) => 1 / chord(part, temperatures[k]![0]!, iPeak / parallel));
    const sum = conductance.reduce((total, value) => total + value, 0);
    const nextShares = conductance.map((value) => value / sum);
    const evaluated = group.parts.map((part, k) => lossModel(part, { ...op, current: op.current * nextShares[k]! }, group.options).evaluate(temperatures[k]!));
    return { nextShares, nextPowers: evaluated.map((result) => result.powers), nextCaused: evaluated.map((result) => result.losses.inSwitch) };
  };
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const evaluated = groups.map((group, g) => evaluate(group, tj[g]!));
    caused = evaluated.map((item) => item.nextCaused);
    shares = evaluated.map((item) => item.nextShares);
    powers = evaluated.map((item) => item.nextPowers);
    const total = groups.reduce((sum, group, g) => sum + group.positions * powers[g]!.reduce((inner, device) => inner + device.reduce((a, b) => a + b, 0), 0), 0);
    sink = op.tc + rsa * total;
    const next = groups.map((group, g) => powers[g]!.map((device) => device.map((power, j) => sink + power * group.paths[j]!)));
    const step = Math.max(...next.flatMap((group, g) => group.flatMap((device, k) => device.map((value, j) => Math.abs(value - tj[g]![k]![j]!)))));
    tj = next;
    if (step < TOLERANCE) {
      converged = true;
      break;
    }
    // Beyond the data the losses are flat: no number is given there (as for one part, decision 022).
    if (tj.some((group) => group.some((device) => device.some((value) => value > MODEL_TJ_RANGE.max)))) {
      above = true;
      break;
    }
  }
  const solved = converged && !above;
  const devicesOf = (group: Group, g: number): ConverterDevice[] =>
    group.parts.map((part, k) => ({
      index: k + 1,
      atMax: part !== group.data,
      share: shares[g]![k]!,
      current: op.current * shares[g]![k]!,
      junctions: group.names.map((name, j) => ({
        name,
        power: powers[g]![k]![j]!,
        tj: solved ? tj[g]![k]![j]! : null,
        tjMax: group.data.ratings.tjMax,
        rthToSink: group.paths[j]!,
      })),
      loss: powers[g]![k]!.reduce((a, b) => a + b, 0) + caused[g]![k]!,
    }));
  const devices = devicesOf(groups[0]!, 0);
  const positionLoss = devices.reduce((sum, device) => sum + device.loss, 0);
  const companionGroup = groups[1];
  const companion: ConverterCompanion | undefined = companionGroup
    ? (() => {
        const list = devicesOf(companionGroup, 1);
        return {
          role: companionRole(data.kind, companionGroup.data.kind, op.mode as Exclude<OperatingPoint["mode"], "inverter">, isSlowLeg(data, op)).role,
          positions: companionGroup.positions,
          devices: list,
          positionLoss: list.reduce((sum, device) => sum + device.loss, 0),
        };
      })()
    : undefined;
  const totalLoss = own.positions * positionLoss + (companion ? companion.positions * companion.positionLoss : 0);
  const { outputPower, efficiency } = powerOf(op, totalLoss);
  let hottest: ConverterResult["hottest"] = { device: 1, junction: groups[0]!.names[0]!, tj: null, tjMax: data.ratings.tjMax };
  if (solved) {
    let best = -Infinity;
    for (const [list, isCompanion] of [
      [devices, false],
      [companion?.devices ?? [], true],
    ] as const)
      for (const device of list)
        for (const junction of device.junctions)
          if (junction.tj! > best) {
            best = junction.tj!;
            hottest = { device: device.index, junction: junction.name, tj: junction.tj, tjMax: junction.tjMax, ...(isCompanion ? { companion: true as const } : {}) };
          }
  }
  const everyJunction = [...devices, ...(companion?.devices ?? [])].flatMap((device) => device.junctions);
  return {
    positions: own.positions,
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
    ...(companion ? { companion } : {}),
    ...(mismatch ? { mismatch } : {}),
    hottest,
    converged: solved,
    suitable: solved && everyJunction.every((junction) => junction.tj !== null && junction.tj <= junction.tjMax),
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

/** The converter over load: the point's current times 10 %, 20 % … 100 %, everything else (and `other`) as set. */
export function loadSweep(data: LossData, op: OperatingPoint, other?: LossData | null): LoadPoint[] | null {
  if (!converterApplies(data, op)) return null;
  return LOAD_STEPS.map((load) => {
    const result = solveConverter(data, { ...op, current: op.current * load }, other)!;
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
  // This part's hottest (the companion's parts, `with=`, are not the page's part).
  const hottestOf = (device: ConverterDevice) => Math.max(...device.junctions.map((junction) => junction.tj ?? -Infinity));
  const device = result.devices.reduce((best, item) => (hottestOf(item) > hottestOf(best) ? item : best));
  const { rsa: _rsa, parallel: _parallel, parallelMismatch: _mismatch, ...rest } = op;
  const partData = device.atMax ? (worstCaseData(data) ?? data) : data;
  // A pin-fin module's path ends at the coolant: the sink is then its coolant temperature.
  return { data: partData, op: { ...rest, current: device.current, tc: result.sink, tcRef: data.rthRef === "fluid" ? "coolant" : "heatsink" } };
}

/**
 * A part's estimate at a point as every page shows and ranks it (the finder's rows, compare's columns): at a
 * whole-converter point (rs) that of its hottest part at the solved sink temperature (hottestPartView), so no figure
 * reads the ambient as a case temperature, and judged with every junction on the sink (`sinkOver` where the
 * converter fails and the part's own figures do not say so: no steady sink, or `other`'s junction the hottest);
 * else the part at the point. `other`: the part named for the stage's other device, put on the same sink.
 * docs/decisions/049-converter-on-finder-and-compare.md.
 */
export function pointEstimate(data: LossData, op: OperatingPoint, other?: LossData | null): { result: Estimate; converter: ConverterResult | null } {
  const converter = op.rsa === undefined ? null : solveConverter(data, op, other);
  const view = converter ? hottestPartView(data, op, converter) : null;
  const result = view ? estimate(view.data, view.op) : estimate(data, op);
  if (!converter || converter.suitable || (view && isSuitable(result) === false && !converter.hottest.companion)) return { result, converter };
  const reason = {
    code: "sinkOver" as const,
    tj: converter.sink === null ? null : converter.hottest.tj,
    tjMax: converter.hottest.tjMax,
    ...(converter.hottest.companion ? { companion: true as const } : {}),
  };
  return { result: { ...result, unsuitable: [...result.unsuitable, reason] }, converter };
}
