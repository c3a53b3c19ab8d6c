// The assumptions an estimate rests on, as keys of locales/*/estimator.json "assumptions": for one part (the
// detail page) or several at one point (compare). Apart from estimate.ts so that the finder, which shows no
// assumptions, does not load them with the model.
import type { LossData } from "../contract/loss-data.ts";
import { deadTimeOf, gateResistanceOf } from "./estimate.ts";
import { thermalPath } from "./thermal-path.ts";
import { rippleFrequency } from "./ripple.ts";
import type { OperatingPoint } from "./operating-point.ts";
import { DEFAULT_MODULATION, modulationAcronyms } from "./modulation-names.ts";

/**
 * The assumptions a result rests on, as keys of locales/*\/estimator.json "assumptions" (the UI lists them with
 * every result). Values interpolated into them come with the keys.
 */
/** The switching frequency above which the estimate says what its energies leave out (Hz). */
const HIGH_FREQUENCY = 1_000_000;

export function assumptionsOf(data: LossData, op: OperatingPoint): Assumption[] {
  const list: Assumption[] = [];
  const modulation = op.modulation ?? DEFAULT_MODULATION;
  list.push(
    op.mode === "inverter"
      ? { key: "topologyInverter", values: { m: op.m, pf: op.pf, modulation: modulationAcronyms[modulation] } }
      : op.mode === "boostpfc" || op.mode === "totempole"
        ? { key: `topology_${op.mode}`, values: { vLine: op.vOther!, vOut: op.vBus, line: rippleFrequency(op) } }
        : { key: "topologyDcdc", values: { duty: Number(op.duty.toPrecision(3)) } },
  );
  // The point puts this MOSFET in the slow leg (op=…,slow, decision 049): the fast-leg words above do not apply to it.
  if (op.mode === "totempole" && op.slowLeg && data.kind === "mosfet") list.push({ key: "slowLeg" });
  if (op.mode === "inverter" && modulation !== DEFAULT_MODULATION) list.push({ key: `modulation${modulation[0]!.toUpperCase()}${modulation.slice(1)}` });
  if (data.kind !== "diode") list.push({ key: "scaling", values: { cold: data.energies.tj[0], hot: data.energies.tj[1] } });
  const rg = gateResistanceOf(data, op);
  if (rg !== null) list.push({ key: "gateResistance", values: { rg } });
  if (data.kind === "mosfet") list.push({ key: "mosfetSync", values: { deadTime: deadTimeOf(data, op)! } });
  if (data.kind === "diode") list.push({ key: "diodeCapacitive" });
  // Above 1 MHz the double-pulse energies still hold per event, but losses they do not hold grow (fswHigh says which).
  if (op.fsw > HIGH_FREQUENCY) list.push({ key: "fswHigh", values: { fsw: op.fsw / 1000 } });
  list.push(data.ratings.iPulse === undefined ? { key: "currentNoPulse" } : { key: "currentPulse", values: { iPulse: data.ratings.iPulse } });
  const reference = op.tcRef ?? "case";
  const path = thermalPath(data, reference);
  if (path) list.push({ key: `thermalPath_${reference}`, values: { rth: Number(path.rth.toPrecision(3)) } });
  if (data.threeLevel) list.push({ key: "threeLevel", values: { vSwitch: op.vBus / 2 } });
  list.push(validityOf(data));
  if (data.max) list.push({ key: "worstCase", values: { value: maxValueText(data) } });
  list.push({ key: "thermal" }, { key: "ideal" }, { key: "datasheetGoverns" });
  return list;
}

export interface Assumption {
  key: string;
  values?: Record<string, number | string>;
}

/**
 * The assumptions of several parts at one point (compare): each once, in the order assumptionsOf gives them;
 * one that holds for some of the parts only (or with other values) names those parts.
 */
export function assumptionsOfParts(parts: Array<{ partNumber: string; data: LossData }>, op: OperatingPoint): Array<Assumption & { parts: string[] | null }> {
  const lists = parts.map((part) => assumptionsOf(part.data, op));
  const order = (key: string) => Math.max(...lists.map((list) => list.findIndex((item) => item.key === key)));
  const merged = new Map<string, Assumption & { parts: string[] }>();
  lists.forEach((list, index) => {
    for (const item of list) {
      const id = `${item.key}:${JSON.stringify(item.values ?? {})}`;
      const entry = merged.get(id) ?? { ...item, parts: [] };
      entry.parts.push(parts[index]!.partNumber);
      merged.set(id, entry);
    }
  });
  return [...merged.values()].map((entry) => ({ ...entry, parts: entry.parts.length === parts.length ? null : entry.parts })).sort((a, b) => order(a.key) - order(b.key));
}

/** Where the part's data were measured: the on-state's two temperatures and the switching test's point. */
function validityOf(data: LossData): Assumption {
  const curve = data.kind === "mosfet" ? data.channel : data.kind === "igbt" ? data.igbt : data.forward;
  // The curve's hottest point: the on-state is interpolated between 25 °C and there, extrapolated beyond.
  const tHot = curve.t[curve.t.length - 1]!;
  if (data.kind === "diode") return { key: "validityDiode", values: { tHot, vQc: data.vQc } };
  const ref = data.switchingRef;
  return { key: "validity", values: { tHot, vRef: ref.v, iRef: ref.i, rg: ref.rg } };
}

/** The datasheet maximum the worst case takes, as a symbol, value and condition ("R<DS(on)>,max 52 mΩ at 20 A"). */
function maxValueText(data: LossData): string {
  const max = data.max!;
  const number = (value: number) => String(Number(value.toPrecision(3)));
  if (data.kind === "mosfet") return `R<DS(on),max> = ${number((max.vOn / max.i) * 1000)} mΩ @ ${number(max.i)} A, 25 °C`;
  return `${data.kind === "igbt" ? "V<CE(sat),max>" : "V<F,max>"} = ${number(max.vOn)} V @ ${number(max.i)} A, 25 °C`;
}
