// The stage around one part at a PFC or DC/DC point (docs/decisions/041-stage-totals.md): how many devices of the
// stage the part fills (a totem-pole's two fast-leg devices, a synchronous leg's two switches, …), their summed loss
// and the stage's efficiency. One part's data cannot say what another device of the stage dissipates (a boost PFC's
// diode when the part is its switch): such a device is named as missing and the efficiency is then an upper bound,
// unless the visitor names the part that fills it (`with=`, `--with`): its estimate at the same point completes the
// stage.
import type { LossData } from "../contract/loss-data.ts";
import type { Estimate } from "./estimate-types.ts";
import { estimate } from "./estimate.ts";
import type { OperatingPoint } from "./operating-point.ts";

/**
 * A role in the stage. switch/diode: a boost PFC's switch and boost diode; fast/slow: one device of a totem-pole's
 * fast or slow leg; leg: a synchronous (or IGBT module's) DC/DC leg, both its devices in one estimate; dcdcDiode: a
 * diode as a DC/DC leg's freewheeling path, dcdcSwitch the switch opposite it.
 */
export type StageRole = "switch" | "diode" | "fast" | "slow" | "leg" | "dcdcDiode" | "dcdcSwitch";

/**
 * The part a page names for the stage's other device (`with=`): its loss data, or why there is none (not a part of
 * ours, or one without loss data).
 */
export type StageCompanion = { partNumber: string; loss: LossData } | { partNumber: string; error: "unknown" | "noData" };

export interface StageTotals {
  /** What this part is in the stage, and how many of it the stage has. */
  role: StageRole;
  count: number;
  /** Loss of one such device (W): what heats it, plus what it causes in another device (a Schottky's charge). */
  perDevice: number;
  /** The stage's semiconductor loss counted (W): count × perDevice, plus the companion's. */
  loss: number;
  /** The other part named for a device of the stage (`with=`), when it fills one this part does not. */
  companion?: { role: StageRole; count: number; perDevice: number };
  /** The other part named fills no device this part leaves: its role (then not counted). */
  mismatch?: StageRole;
  /** The devices of the stage another part fills, whose loss is not in `loss`; empty when the part fills the stage. */
  missing: StageRole[];
  /** The stage's input and output power at the point (W), lossless where the point gives only one of them. */
  inputPower: number;
  outputPower: number;
  /**
   * The stage's semiconductor efficiency (0…1): exact when nothing is missing, else an upper bound (the missing
   * devices only lower it). Null at no power.
   */
  efficiency: number | null;
  /** Whether `efficiency` is an upper bound (some device's loss is not counted). */
  bound: boolean;
}

/** What a part of this kind is in the stage at a PFC or DC/DC point, how many of it, and what another part fills. */
export function stageRole(
  kind: LossData["kind"],
  mode: Exclude<OperatingPoint["mode"], "inverter">,
  slow = false,
): { role: StageRole; count: number; missing: StageRole[] } {
  const diode = kind === "diode";
  // A totem-pole has two devices per leg, alike by symmetry (pfc.ts); every other role is one device.
  if (mode === "boostpfc") return diode ? { role: "diode", count: 1, missing: ["switch"] } : { role: "switch", count: 1, missing: ["diode"] };
  // `slow`: a MOSFET the point puts in the slow leg (op.slowLeg, isSlowLeg below).
  if (mode === "totempole") return diode || slow ? { role: "slow", count: 2, missing: ["fast"] } : { role: "fast", count: 2, missing: ["slow"] };
  return diode ? { role: "dcdcDiode", count: 1, missing: ["dcdcSwitch"] } : { role: "leg", count: 1, missing: [] };
}

/**
 * The stage's input and output power and its semiconductor efficiency with `loss` (W) in its semiconductors: the
 * power the point states is a PFC's input V_line·I (unity power factor), a boost's input V_in·I, a buck's (or a leg
 * given by its duty, taken as a buck) output D·V_bus·I; the other side differs from it by the loss. Efficiency null
 * at no power. The whole converter (converter.ts) takes its DC/DC and PFC powers from here too.
 */
export function stagePower(op: OperatingPoint, loss: number): { inputPower: number; outputPower: number; efficiency: number | null } {
  const fromInput = op.mode === "boostpfc" || op.mode === "totempole" || op.mode === "boost";
  const given = fromInput ? op.vOther! * op.current : op.duty * op.vBus * op.current;
  const inputPower = fromInput ? given : given + loss;
  const outputPower = fromInput ? given - loss : given;
  return { inputPower, outputPower, efficiency: inputPower > 0 ? Math.max(0, outputPower) / inputPower : null };
}

/**
 * What the part named for the stage's other device (`with=`) fills beside a part of `kind`: as stageRole says, except
 * that a MOSFET beside a totem-pole's fast-leg device (a MOSFET or an IGBT) fills the slow leg, as a line-frequency
 * synchronous rectifier (docs/decisions/043-line-frequency-and-slow-leg.md); an IGBT there stays a second fast device.
 */
export function companionRole(
  kind: LossData["kind"],
  other: LossData["kind"],
  mode: Exclude<OperatingPoint["mode"], "inverter">,
  slow = false,
): { role: StageRole; count: number } {
  // Beside a fast-leg device a MOSFET is the slow leg; beside a slow-leg one (a diode, or a MOSFET the point puts
  // there) it is the fast leg, as stageRole says.
  if (mode === "totempole" && kind !== "diode" && !slow && other === "mosfet") return { role: "slow", count: 2 };
  const { role, count } = stageRole(other, mode);
  return { role, count };
}

/** Whether the point puts this part in a totem-pole's slow leg as a MOSFET (`slow` in op=, decision 049). */
export function isSlowLeg(data: LossData, op: OperatingPoint): boolean {
  return op.mode === "totempole" && op.slowLeg === true && data.kind === "mosfet";
}

/** The other part's estimate at the point, in the role it fills beside this one (a slow-leg MOSFET as such). */
export function companionEstimate(data: LossData, other: LossData, op: OperatingPoint): Estimate {
  const slowLeg = op.mode !== "inverter" && companionRole(data.kind, other.kind, op.mode, isSlowLeg(data, op)).role === "slow" && other.kind === "mosfet";
  // Said either way: the point's own `slow` is the page's part's, never the named one's.
  return estimate(other, op, { slowLeg });
}

/** The loss one device of the part causes in the stage (W): what heats it, plus a Schottky's charge lost in the switch. */
const deviceLoss = (result: Estimate) => result.losses.total + result.losses.inSwitch;

/**
 * The stage's totals for a part at a PFC or DC/DC point, with the other part named for the stage (`companion`, its
 * estimate at the same point, companionEstimate) where there is one; null for the inverter (its whole converter is
 * converter.ts's).
 */
export function stageTotals(data: LossData, op: OperatingPoint, result: Estimate, companion?: { data: LossData; result: Estimate } | null): StageTotals | null {
  if (op.mode === "inverter") return null;
  const own = stageRole(data.kind, op.mode, isSlowLeg(data, op));
  const perDevice = deviceLoss(result);
  let missing = own.missing;
  let loss = own.count * perDevice;
  let other: Pick<StageTotals, "companion" | "mismatch"> = {};
  if (companion) {
    const theirs = companionRole(data.kind, companion.data.kind, op.mode, isSlowLeg(data, op));
    if (missing.includes(theirs.role)) {
      const each = deviceLoss(companion.result);
      other = { companion: { role: theirs.role, count: theirs.count, perDevice: each } };
      loss += theirs.count * each;
      missing = missing.filter((role) => role !== theirs.role);
    } else other = { mismatch: theirs.role };
  }
  return { role: own.role, count: own.count, perDevice, loss, missing, ...other, ...stagePower(op, loss), bound: missing.length > 0 };
}
