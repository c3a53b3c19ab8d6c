// The fitted values of a SiC module's switch (its `{part}_SW`, the discrete MOSFET netlist of ngspice.ts): R_G(int)
// and the saturation slope, fitted by scripts/models-fit-modules.ts against the module datasheet's E_on and E_off in
// the validation's double-pulse leg, within the discrete parts' bounds (switching-fit.ts, decision 051). A file of
// their own (module-switching-fit.json), so the discrete fit, which rewrites switching-fit.json from the discrete
// parts, neither drops nor touches them (docs/decisions/053-module-models.md).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { DEFAULT_CDS_SHARE, SWITCHING_FIT_BOUNDS, type SwitchingFit } from "./switching-fit.ts";

/**
 * The convergence floor for branch currents (A) of a SiC module's switch deck and of its module's leg. The discrete
 * parts' 1 nA (validation.ts) stopped seven of the eight module switches' runs at module currents ("timestep too
 * small" on a junction source's branch or at a gate edge): those sources carry the die's power in amperes, hundreds of
 * kilowatts at an edge, and a floor that small asks for digits no step can give. 10 µA still stopped QSM600120HE3's
 * turn-on at 175 °C, 100 µA QSM600075SHP's six-pack leg in its first picoseconds. 1 mA is 2·10⁻⁵ of the smallest
 * module's 50 A and far below what ngspice's relative tolerance (1e-3 of a branch's current) asks at these currents:
 * QSM600120HE3's switch gives the same E_on and E_off to four digits at 100 µA and at 1 mA.
 */
export const MODULE_ABSTOL = 1e-3;

const fitFile = z.record(
  z.string(),
  z.strictObject({
    rgInt: z.number().min(SWITCHING_FIT_BOUNDS.rgInt[0]).max(SWITCHING_FIT_BOUNDS.rgInt[1]),
    satSlope: z.number().min(SWITCHING_FIT_BOUNDS.satSlope[0]).max(SWITCHING_FIT_BOUNDS.satSlope[1]),
    /** Whether both energies came within the check's tolerance. */
    withinTolerance: z.boolean(),
  }),
);
export type ModuleSwitchingFits = z.infer<typeof fitFile>;

export const moduleSwitchingFitFile = new URL("./module-switching-fit.json", import.meta.url);

let fits: ModuleSwitchingFits | undefined;

/** Every module's fit, as the file holds them. */
export function moduleSwitchingFits(): ModuleSwitchingFits {
  fits ??= fitFile.parse(JSON.parse(readFileSync(moduleSwitchingFitFile, "utf8")));
  return fits;
}

/** A SiC module's fitted switch values, or undefined where it has none (the discrete defaults then apply). */
export function moduleSwitchingFitOf(part: string): SwitchingFit | undefined {
  const fit = moduleSwitchingFits()[part];
  return fit ? { rgInt: fit.rgInt, satSlope: fit.satSlope, cdsShare: DEFAULT_CDS_SHARE } : undefined;
}

/** Whether the fit brought both of a SiC module's energies within the check's tolerance (false without a fit). */
export const moduleSwitchingFitReached = (part: string): boolean => moduleSwitchingFits()[part]?.withinTolerance ?? false;
