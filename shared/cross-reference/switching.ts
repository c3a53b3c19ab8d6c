// Our switching energy at the condition a competitor's datasheet printed its E_on and E_off at, read from our
// loss data the way the estimator reads it (current and temperature interpolated in the E(I) tables, the
// voltage scaled by (V/V_ref)^k, the gate resistance by the E(R_G) curve). Only inside our tables: a condition
// outside their current, temperature or gate-resistance range is not compared rather than extrapolated
// (docs/decisions/023-cross-reference-ranking.md, "At an operating point").
import type { LossData } from "../contract/loss-data.ts";
import { gateResistanceFactor, interpolate } from "../estimator/equations.ts";
import type { SwitchingPoint } from "./schema.ts";

type Condition = Pick<SwitchingPoint, "v" | "i" | "rg" | "tj">;

const within = (xs: readonly number[], x: number) => x >= xs[0]! && x <= xs[xs.length - 1]!;

/** E_on + E_off (µJ) of our MOSFET at their double-pulse condition; null where our loss data does not reach it. */
export function ourSwitchingEnergyAt(loss: LossData | null, condition: Condition): number | null {
  if (loss?.kind !== "mosfet") return null;
  const { energies, gate, switchingRef: ref, kv, ratings } = loss;
  if (condition.v > ratings.v || !within(energies.i, condition.i) || !within(energies.tj, condition.tj) || !within(gate.rg, condition.rg)) return null;
  const share = (condition.tj - energies.tj[0]) / (energies.tj[1] - energies.tj[0]);
  const at = (table: readonly [readonly number[], readonly number[]]) =>
    interpolate(energies.i, table[0], condition.i) * (1 - share) + interpolate(energies.i, table[1], condition.i) * share;
  const voltage = (condition.v / ref.v) ** kv;
  const eOn = at(energies.eOn) * voltage * gateResistanceFactor(gate.rg, gate.eOn, ref.rg, condition.rg);
  const eOff = at(energies.eOff) * voltage * gateResistanceFactor(gate.rg, gate.eOff, ref.rg, condition.rg);
  // The loss data holds mJ; datasheets of discretes print µJ.
  return (eOn + eOff) * 1000;
}
