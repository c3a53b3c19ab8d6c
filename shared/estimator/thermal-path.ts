// The thermal path from the junctions to where the operating point's temperature is measured: apart from
// estimate.ts so the ripple (ripple.ts), which the estimate itself runs, reads it without an import cycle.
import type { LossData } from "../contract/loss-data.ts";
import type { TemperatureReference } from "./operating-point.ts";

/**
 * The thermal resistances from the junctions to where the point's temperature is measured: the datasheet's R_th
 * to its own reference (case, or coolant for a pin-fin module), plus the case-to-heat-sink interface for a heat
 * sink, or the pin-fin module's R_th(j-c) for its baseplate (case or heat sink: the baseplate is its heat sink).
 * Null where our data has no such path: a case-referenced part against a coolant temperature (the cooler's R_th is
 * the visitor's), or a part without the interface value.
 */
export function thermalPath(data: LossData, reference: TemperatureReference): { rth: number; rthDiode: number | null } | null {
  const diode = data.kind === "igbt" ? data.rthDiode : null;
  if (data.rthRef === "fluid") {
    if (reference === "coolant") return { rth: data.rth, rthDiode: diode };
    return data.rthCase === undefined ? null : { rth: data.rthCase, rthDiode: null };
  }
  if (reference === "case") return { rth: data.rth, rthDiode: diode };
  if (reference === "coolant" || data.rthCh === undefined) return null;
  return { rth: data.rth + data.rthCh, rthDiode: diode === null ? null : diode + (data.rthChDiode ?? data.rthCh) };
}
