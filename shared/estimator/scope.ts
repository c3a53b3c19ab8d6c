// What a loss figure covers, said in every header and export that shows one: one switch position of an
// inverter leg (a switch with the freewheeling path beside it), the whole leg of a DC/DC converter (both of its
// devices), or one diode.
import type { LossData } from "../contract/loss-data.ts";
import type { Mode } from "./operating-point.ts";

export type LossScope = "position" | "leg" | "diode";

export function lossScope(kind: LossData["kind"], mode: Mode): LossScope {
  if (kind === "diode") return "diode";
  // A synchronous DC/DC leg (its duty given, or set by a buck's or a boost's two voltages): both of its devices.
  return mode === "dcdc" || mode === "buck" || mode === "boost" ? "leg" : "position";
}

/** The scope of a list's figures (finder, CSV): per diode when every part is a diode, else by the topology. */
export function listScope(kinds: Array<LossData["kind"]>, mode: Mode): LossScope {
  return kinds.length > 0 && kinds.every((kind) => kind === "diode") ? "diode" : lossScope("mosfet", mode);
}
