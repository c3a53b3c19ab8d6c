// One part's stage as the finder shows and ranks it (docs/decisions/043-line-frequency-and-slow-leg.md): at a PFC or
// DC/DC point the stage's totals (stage.ts) with the part a page names for its other device (`with=`); with a heat
// sink's R_th (`rs`) the whole converter's (converter.ts), that part on the same sink, an inverter's six positions
// too. One function, so the finder's cells and its ranking by stage loss (sort=estStage) cannot disagree.
import type { LossData } from "../contract/loss-data.ts";
import { solveConverter } from "./converter.ts";
import type { Estimate } from "./estimate-types.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { refusalOf } from "./refusal.ts";
import { companionEstimate, stageTotals, type StageCompanion, type StageRole } from "./stage.ts";

export interface StageLoss {
  /** The stage's devices this part fills (with rs: its positions times the parts in parallel in each). */
  count: number;
  /** The stage's semiconductor loss counted (W): this part's devices and the named part's where it fills one. */
  loss: number;
  efficiency: number | null;
  /** Whether the efficiency is an upper bound (a device of the stage is not counted). */
  bound: boolean;
  /** The named part, counted: the role it fills and how many of it. */
  with?: { part: string; role: StageRole; count: number };
  /** The named part, not counted here: unknown, without data, refused at the point, or filling nothing this part leaves. */
  skipped?: string;
}

/**
 * The stage around `data` at the point, `result` its estimate there: at a PFC or DC/DC point, or with rs at any point
 * (an inverter's whole converter); null at an inverter point without rs (the part's position is its stage).
 */
/** The named part's data where the stage (and, with rs, the sink) takes it: a PFC or DC/DC point, not refused there. */
export function namedPart(companion: StageCompanion | null, op: OperatingPoint): LossData | null {
  return companion && "loss" in companion && op.mode !== "inverter" && !refusalOf(companion.loss, op) ? companion.loss : null;
}

export function stageLoss(data: LossData, op: OperatingPoint, result: Estimate, companion: StageCompanion | null = null): StageLoss | null {
  const other = namedPart(companion, op);
  const converter = op.rsa === undefined ? null : solveConverter(data, op, other);
  if (op.mode === "inverter" && !converter) return null;
  let stage: StageLoss;
  if (converter) {
    // Every part on the sink: its positions times the parts in parallel in each.
    stage = { count: converter.positions * converter.parallel, loss: converter.totalLoss, efficiency: converter.efficiency, bound: converter.missing.length > 0 };
    if (converter.companion) stage.with = { part: companion!.partNumber, role: converter.companion.role, count: converter.companion.positions * converter.parallel };
  } else {
    const totals = stageTotals(data, op, result, other ? { data: other, result: companionEstimate(data, other, op) } : null)!;
    stage = { count: totals.count, loss: totals.loss, efficiency: totals.efficiency, bound: totals.bound };
    if (totals.companion) stage.with = { part: companion!.partNumber, role: totals.companion.role, count: totals.companion.count };
  }
  if (companion && !stage.with && op.mode !== "inverter") stage.skipped = companion.partNumber;
  return stage;
}
