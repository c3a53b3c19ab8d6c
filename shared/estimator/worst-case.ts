// The worst case beside the typical estimate: the same part with the datasheet's maximum on-state voltage (and
// maximum switching energies where stated) instead of the typical values, at the same operating point.
import type { LossData, OnState } from "../contract/loss-data.ts";

/** An on-state characteristic scaled by `factor` at both temperatures (V0 and r alike: the line's shape kept). */
function scaled(curve: OnState, factor: number): OnState {
  return { ...curve, v0: [curve.v0[0] * factor, curve.v0[1] * factor], r: [curve.r[0] * factor, curve.r[1] * factor] };
}

/** The switch's typical on-state voltage at (i, 25 °C) (V): the point the datasheet's maximum is given at. */
function typicalVoltage(data: LossData, i: number): number {
  const curve = data.kind === "mosfet" ? data.channel : data.kind === "igbt" ? data.igbt : data.forward;
  return curve.v0[0] + (curve.r[0] / 1000) * i;
}

/** The part at its maximum values, or null when its data states none. Never better than typical. */
export function worstCaseData(data: LossData): LossData | null {
  const max = data.max;
  if (!max) return null;
  const factor = Math.max(1, max.vOn / typicalVoltage(data, max.i));
  if (data.kind === "diode") return { ...data, forward: scaled(data.forward, factor) };
  const energy = max.eSwitch === undefined ? 1 : Math.max(1, max.eSwitch / (data.eOn + data.eOff));
  if (data.kind === "mosfet") return { ...data, channel: scaled(data.channel, factor), eOn: data.eOn * energy, eOff: data.eOff * energy };
  const recovery = max.eRec === undefined ? 1 : Math.max(1, max.eRec / data.eRec);
  return { ...data, igbt: scaled(data.igbt, factor), eOn: data.eOn * energy, eOff: data.eOff * energy, eRec: data.eRec * recovery };
}
