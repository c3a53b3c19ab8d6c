// The types of one part's estimate (estimate.ts computes it; ripple.ts and the pages read it): apart from the
// computation so that the ripple, which estimate.ts calls, can name them without importing estimate.ts back.
import type { LossData } from "../contract/loss-data.ts";
import type { Mode, TemperatureReference } from "./operating-point.ts";

export interface LossBreakdown {
  /** Switch (MOSFET channel forward, or IGBT) conduction (W). */
  conduction: number;
  /** Switch turn-on plus turn-off (W). */
  switching: number;
  /** Freewheeling path conduction: diode, or MOSFET channel in reverse plus body diode in the dead times (W). */
  diodeConduction: number;
  /** Of `diodeConduction`, what a MOSFET's body diode dissipates in the dead times (W; 0 for other parts). */
  deadTime: number;
  /** Diode reverse recovery (IGBT module) (W). */
  diodeSwitching: number;
  /**
   * Loss this part causes in another device (W): a Schottky diode's capacitive charge, dissipated in the switch
   * that charges it. Not part of `total`, which is what heats this part.
   */
  inSwitch: number;
  /** Every loss that heats this part (W). */
  total: number;
}

/** switch: the (active) switch's junction; rectifier: the synchronous rectifier MOSFET (DC/DC); diode: a diode's junction. */
export type JunctionName = "switch" | "rectifier" | "diode";

export interface JunctionEstimate {
  name: JunctionName;
  /** Power into this junction (W). */
  power: number;
  /**
   * Mean junction temperature (°C); null where it has none the data can give: thermal runaway, or a fixed point
   * above the data's range (MODEL_TJ_RANGE.max), which `beyond` tells apart.
   */
  tj: number | null;
  beyond?: "runaway" | "aboveData";
  /**
   * The highest junction temperature over one output period (°C, ripple.ts): inverter parts with a Z_th network
   * whose mean is known, or a PFC stage's over one line period; null above the data's range; absent where it is not estimated.
   */
  peak?: number | null;
  tjMax: number;
  rth: number;
  /**
   * Loop gain R_th·dP/dT_j of the junction's heating: how many kelvin one kelvin more brings back through the
   * losses, at the fixed point (or at the top of the model's temperature range when there is none below it).
   */
  loopGain: number;
}

/** The same part at its datasheet maximum values (worst-case.ts), at the same point. */
interface WorstCase {
  losses: LossBreakdown;
  junctions: JunctionEstimate[];
  /** Hottest mean junction temperature (°C); null when one has none (runaway or above the data). */
  tj: number | null;
}

/** Why a part cannot stand the operating point. */
export type Unsuitability =
  | { code: "voltageOverRating"; vBus: number; vRated: number }
  | { code: "currentOverPulse"; current: number; rating: number }
  | { code: "tjOverMax"; junction: JunctionName; tj: number; tjMax: number }
  | { code: "thermalRunaway"; junction: JunctionName; loopGain: number }
  /** The junction settles above the temperatures the data cover (MODEL_TJ_RANGE.max): no number is given. */
  | { code: "aboveData"; junction: JunctionName; limit: number }
  /**
   * The peak over the output period (f_o) is above T_j,max (tj null: above the data's range) while the mean is not;
   * `line`: a PFC stage's, over the line period (f_o is then the line frequency).
   */
  | { code: "peakOverMax"; junction: JunctionName; tj: number | null; tjMax: number; fo: number; line?: true }
  /** At the datasheet's maximum values the junction is above T_j,max (tj null: runaway or above the data). */
  | { code: "worstOverMax"; junction: JunctionName; tj: number | null; tjMax: number }
  /** Our data has no thermal path from the junction to where the point's temperature is measured. */
  | { code: "referenceUnavailable"; reference: TemperatureReference }
  /** A three-level module: its outer, inner and clamp devices are not estimated one by one yet (refusal.ts). */
  | { code: "threeLevel" }
  /**
   * With a heat sink (rs): the whole converter's hottest junction, this part's or the one `with=` names (`companion`),
   * is above its T_j,max, or (tj null) the sink has no steady temperature within the data (converter.ts, pointEstimate).
   */
  | { code: "sinkOver"; tj: number | null; tjMax: number; companion?: true };

/** A caution short of unsuitability. */
export type EstimateWarning = { code: "voltageOver80"; vBus: number; vRated: number; limit: number };

export interface Estimate {
  kind: LossData["kind"];
  mode: Mode;
  /** position: one switch position of the leg (switch with its own freewheeling path); leg: both devices of a DC/DC leg. */
  scope: "position" | "leg";
  losses: LossBreakdown;
  junctions: JunctionEstimate[];
  /** Hottest mean junction temperature (°C); null when one has none (runaway, or above the data's range). */
  tj: number | null;
  converged: boolean;
  iterations: number;
  /** Peak device current (A): I_pk of the sine, or the DC current. */
  iPeak: number;
  /** The dead time (ns) and gate resistance (Ω) the estimate used: the operating point's, or the part's own. */
  deadTime: number | null;
  rg: number | null;
  /** The reasons the part cannot stand the point; empty when it can. */
  unsuitable: Unsuitability[];
  warnings: EstimateWarning[];
  /** The part at its datasheet maximum values, when its data state them. */
  worstCase: WorstCase | null;
  /** A MOSFET estimated as a totem-pole's slow-leg device (estimate.ts, EstimateOptions). */
  slowLeg?: true;
}

export interface Model {
  junctions: Array<{ name: JunctionName; rth: number }>;
  /** Losses and the power into each junction at the junction temperatures given in the same order. */
  evaluate: (tj: number[]) => { losses: Omit<LossBreakdown, "total">; powers: number[] };
}
