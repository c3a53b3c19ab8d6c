// Operating points the estimator will not put a number to for a part, said instead of an estimate: a three-level
// module (its outer, inner and clamp devices carry different losses, which one "per switch" figure misstates), and
// a temperature measured where our data has no thermal path from the part (a case-referenced part against a
// coolant: the cooler's R_th is the visitor's). The pages, the CSV and the CLI show the reason and no figures
// (docs/decisions/022-estimator-judgement-and-refusals.md).
import type { LossData } from "../contract/loss-data.ts";
import type { OperatingPoint, TemperatureReference } from "./operating-point.ts";
import { thermalPath } from "./thermal-path.ts";

export type Refusal = { code: "threeLevel" } | { code: "referenceUnavailable"; reference: TemperatureReference } | { code: "slowLegIgbt" };

export function refusalOf(data: LossData, op: OperatingPoint): Refusal | null {
  if (data.threeLevel) return { code: "threeLevel" };
  // A totem-pole's slow leg rectifies the line's current in both directions in turn: an IGBT conducts one way only
  // (op=…,slow, docs/decisions/049-converter-on-finder-and-compare.md). A diode is a slow-leg device anyway.
  if (op.slowLeg && op.mode === "totempole" && data.kind === "igbt") return { code: "slowLegIgbt" };
  const reference = op.tcRef ?? "case";
  if (!thermalPath(data, reference)) return { code: "referenceUnavailable", reference };
  return null;
}
