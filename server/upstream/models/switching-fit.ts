// The per-part values of a MOSFET's ngspice model that no datasheet value fixes and that the double-pulse test
// fits (docs/decisions/051-switching-energies.md): each within the physical bounds below, written into the
// netlist's header with its bound. scripts/models-fit.ts searches them in ngspice against the datasheet's E_on
// and E_off and writes switching-fit.json; the generators only read that file, so a netlist does not depend on
// the simulator installed where it is generated.
import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * The bounds of each fitted value. The internal gate resistance R_G(int), which no datasheet of ours states, lies
 * between 0.5 and 15 Ω in the SiC MOSFET datasheets that do (decision 027 had taken it equal to the switching
 * R_G(ext), as the loss data's E(R_G) curves do). The saturation slope sets how the channel
 * current saturates with overdrive (V_sat = 0.5 V + slope·V_ov), so the Miller plateau at I_D: from 0.2 to 1.5
 * it puts that plateau where SiC MOSFET gate-charge curves have it, a few volts above V_GS(th) (ngspice.ts writes
 * each part's plateau into its header; decision 027's value was 0.5). The share of C_ds's output charge held by its
 * constant part, which sets C_oss at high voltage (the rest stops at the 50 V knee, ngspice.ts), lies between decision
 * 051's 10 % and what the characterisation dataset's C_DS(V) = k′/√(1 + V/5 V) puts there (decision 055: its C_DS at
 * V_DD, held over the whole swing, carries 54–56 % of its charge at 1000 to 400 V); it is fitted only for a part the
 * first two could not bring within the tolerance, and is 10 % for every other.
 */
export const SWITCHING_FIT_BOUNDS = { rgInt: [0.5, 15], satSlope: [0.2, 1.5], cdsShare: [0.1, 0.55] } as const;

/** C_ds's constant share where it is not fitted: decision 051's assumption, the same as C_gd's. */
export const DEFAULT_CDS_SHARE = 0.1;

export interface SwitchingFit {
  /** R_G(int), Ω. */
  rgInt: number;
  /** dV_sat/dV_ov of the channel. */
  satSlope: number;
  /** The share of C_ds's output charge in its constant part (DEFAULT_CDS_SHARE where not fitted). */
  cdsShare: number;
}

/** What a part without a fit takes: decision 027's saturation slope and R_G(int) = the switching R_G(ext). */
const defaultSwitchingFit = (rgExt: number): SwitchingFit => ({ rgInt: rgExt, satSlope: 0.5, cdsShare: DEFAULT_CDS_SHARE });

const fitFile = z.record(
  z.string(),
  z.strictObject({
    rgInt: z.number().min(SWITCHING_FIT_BOUNDS.rgInt[0]).max(SWITCHING_FIT_BOUNDS.rgInt[1]),
    satSlope: z.number().min(SWITCHING_FIT_BOUNDS.satSlope[0]).max(SWITCHING_FIT_BOUNDS.satSlope[1]),
    /** Written only where it was fitted. */
    cdsShare: z.number().min(SWITCHING_FIT_BOUNDS.cdsShare[0]).max(SWITCHING_FIT_BOUNDS.cdsShare[1]).optional(),
    /** Whether the fit brought both energies within the check's tolerance (what the report must then show). */
    withinTolerance: z.boolean(),
  }),
);

export const switchingFitFile = new URL("./switching-fit.json", import.meta.url);

let fits: z.infer<typeof fitFile> | undefined;

/** A part's fitted values (or the default, for a part the fit has not seen). */
export function switchingFitOf(part: string, rgExt: number): SwitchingFit {
  fits ??= fitFile.parse(JSON.parse(readFileSync(switchingFitFile, "utf8")));
  const fit = fits[part];
  return fit ? { rgInt: fit.rgInt, satSlope: fit.satSlope, cdsShare: fit.cdsShare ?? DEFAULT_CDS_SHARE } : defaultSwitchingFit(rgExt);
}

/**
 * Whether the fit reached the datasheet's E_on and E_off within the check's tolerance for a part (false for a part
 * it has not seen): the model test holds the published report's switching checks to this, so a part the fit could
 * not bring within 15 % shows its failed checks and a part that passes says so.
 */
export function switchingFitReached(part: string): boolean {
  fits ??= fitFile.parse(JSON.parse(readFileSync(switchingFitFile, "utf8")));
  return fits[part]?.withinTolerance ?? false;
}
