// The worst case beside the typical estimate: the same part with the datasheet's maximum on-state voltage (and
// maximum switching energies where stated) instead of the typical values, at the same operating point.
import type { LossData, OnState } from "../contract/loss-data.ts";

/** An on-state characteristic scaled by `factor` at every point (V0 and r alike: the curve's shape kept). */
function scaled<T extends OnState>(curve: T, factor: number): T {
  return { ...curve, v0: curve.v0.map((value) => value * factor), r: curve.r.map((value) => value * factor) };
}

/** An E(I) table's energies scaled by `factor` at both temperatures (the recovery's by `recovery`). */
function scaledTable<T extends { eOn: [number[], number[]]; eOff: [number[], number[]]; eRec?: [number[], number[]] }>(table: T, factor: number, recovery = 1): T {
  const times = (pair: [number[], number[]], by: number): [number[], number[]] => [pair[0].map((value) => value * by), pair[1].map((value) => value * by)];
  return { ...table, eOn: times(table.eOn, factor), eOff: times(table.eOff, factor), ...(table.eRec ? { eRec: times(table.eRec, recovery) } : {}) };
}

/** The switch's typical on-state voltage at (i, 25 °C, the curve's first point) (V): where the datasheet's maximum is given. */
function typicalVoltage(data: LossData, i: number): number {
  const curve = data.kind === "mosfet" ? data.channel : data.kind === "igbt" ? data.igbt : data.forward;
  return curve.v0[0]! + (curve.r[0]! / 1000) * i;
}

/** The part at its maximum values, or null when its data states none. Never better than typical. */
export function worstCaseData(data: LossData): LossData | null {
  const max = data.max;
  if (!max) return null;
  const factor = Math.max(1, max.vOn / typicalVoltage(data, max.i));
  if (data.kind === "diode") return { ...data, forward: scaled(data.forward, factor) };
  const energy = max.eSwitch === undefined ? 1 : Math.max(1, max.eSwitch / (data.eOn + data.eOff));
  if (data.kind === "mosfet")
    return { ...data, channel: scaled(data.channel, factor), eOn: data.eOn * energy, eOff: data.eOff * energy, energies: scaledTable(data.energies, energy) };
  const recovery = max.eRec === undefined ? 1 : Math.max(1, max.eRec / data.eRec);
  return {
    ...data,
    igbt: scaled(data.igbt, factor),
    eOn: data.eOn * energy,
    eOff: data.eOff * energy,
    eRec: data.eRec * recovery,
    energies: scaledTable(data.energies, energy, recovery),
  };
}
