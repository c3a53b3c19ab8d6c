// The tiers re-judged at the visitor's operating point: a candidate our estimator finds unable to stand the point
// (junction over T_j,max, thermal runaway, bus voltage over its rating, peak over its pulsed rating) needs review
// there whatever its datasheet rows say, and is listed after those that stand it. The upstream alone uses this
// (it carries the estimator; the pages' chunks do not).
import type { LossData } from "../contract/loss-data.ts";
import { estimate, isSuitable, type OperatingPoint } from "../estimator/index.ts";
import type { Tier } from "./match.ts";

interface Judged {
  partNumber: string;
  tier: Tier;
  reasons: Array<{ key: string; values?: Record<string, string | number> }>;
}

const round = (value: number) => Math.round(value);

export function rejudgeAtOperatingPoint<C extends Judged>(candidates: readonly C[], lossOf: (partNumber: string) => LossData | null, op: OperatingPoint): C[] {
  const judged = candidates.map((candidate) => {
    const loss = lossOf(candidate.partNumber);
    if (!loss) return { candidate, stands: true };
    const result = estimate(loss, op);
    if (isSuitable(result)) return { candidate, stands: true };
    const reasons = result.unsuitable.map((u) => {
      switch (u.code) {
        case "tjOverMax":
          return { key: "op.tjOverMax", values: { tj: round(u.tj), tjMax: u.tjMax } };
        case "voltageOverRating":
          return { key: "op.voltageOverRating", values: { vBus: u.vBus, vRated: u.vRated } };
        case "currentOverPulse":
          return { key: "op.currentOverPulse", values: { current: round(u.current), rating: u.rating } };
        case "thermalRunaway":
          return { key: "op.thermalRunaway" };
        default:
          return { key: "op.referenceUnavailable" };
      }
    });
    return { candidate: { ...candidate, tier: "needs-review" as const, reasons: [...reasons, ...candidate.reasons] }, stands: false };
  });
  // Stable: the ranking holds within those that stand the point and within those that do not.
  return [...judged.filter((j) => j.stands), ...judged.filter((j) => !j.stands)].map((j) => j.candidate);
}
