// One part's stage at a PFC or DC/DC point as the finder shows and ranks it (docs/decisions/043-line-frequency-and-slow-leg.md):
// the stage's totals (stage.ts) with the part a page names for its other device (`with=`), or, with a heat sink's
// R_th (`rs`), the whole converter's (converter.ts) with that part on the same sink. One function, so the finder's
// cells and its ranking by stage loss (sort=estStage) cannot disagree.
import type { LossData } from "../contract/loss-data.ts";
import { solveConverter } from "./converter.ts";
import type { Estimate } from "./estimate-types.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { refusalOf } from "./refusal.ts";
import { companionEstimate, stageTotals, type StageCompanion, type StageRole } from "./stage.ts";

export interface StageLoss {
  /** The stage's devices (or, with rs, the converter's positions) this part fills. */
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

/** The stage around `data` at a PFC or DC/DC point (null at an inverter point), `result` its estimate there. */
export function stageLoss(data: LossData, op: OperatingPoint, result: Estimate, companion: StageCompanion | null = null): StageLoss | null {
  if (op.mode === "inverter") return null;
  const other = companion && "loss" in companion && !refusalOf(companion.loss, op) ? companion.loss : null;
  const converter = op.rsa === undefined ? null : solveConverter(data, op, other);
  const counted = converter ? converter.companion && { role: converter.companion.role, count: converter.companion.positions } : null;
  let stage: StageLoss;
  if (converter) stage = { count: converter.positions, loss: converter.totalLoss, efficiency: converter.efficiency, bound: converter.missing.length > 0 };
  else {
    const totals = stageTotals(data, op, result, other ? { data: other, result: companionEstimate(data, other, op) } : null)!;
    stage = { count: totals.count, loss: totals.loss, efficiency: totals.efficiency, bound: totals.bound };
    if (totals.companion) stage.with = { part: companion!.partNumber, role: totals.companion.role, count: totals.companion.count };
  }
  if (counted) stage.with = { part: companion!.partNumber, ...counted };
  if (companion && !stage.with) stage.skipped = companion.partNumber;
  return stage;
}
