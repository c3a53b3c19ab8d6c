// Loss and thermal parameters of a power device: what the estimator (shared/estimator/) needs to work out
// conduction and switching losses and the junction temperature at an operating point. Every value is a
// datasheet value (typical), in the units named beside it; gate-driver ICs have none.
import { z } from "zod";

const positive = z.number().positive();
const nonNegative = z.number().nonnegative();
/** A junction temperature in °C within the range any power datasheet uses. */
const celsius = z.number().min(-55).max(200);

/**
 * An on-state characteristic v = V0(T_j) + r(T_j)·i, given at 25 °C and at `tHot`; the estimator interpolates
 * V0 and r linearly in T_j between (and beyond) the two points. A MOSFET channel has V0 = 0.
 */
export const onState = z.strictObject({
  /** The hot reference temperature of the second point (°C), usually T_j,max or T_vj,op. */
  tHot: celsius,
  /** Threshold voltage V0 at 25 °C and at tHot (V). */
  v0: z.tuple([nonNegative, nonNegative]),
  /** Slope resistance r at 25 °C and at tHot (mΩ). */
  r: z.tuple([positive, positive]),
});
export type OnState = z.infer<typeof onState>;

/** The double-pulse test condition of the datasheet's switching energies. */
export const switchingReference = z.strictObject({
  /** DC-link voltage V_DD / V_CC (V). */
  v: positive,
  /** Switched current I_D / I_C (A). */
  i: positive,
  /** External gate resistance R_G(ext) (Ω). */
  rg: positive,
  /** Junction temperature of the test (°C). */
  tj: celsius,
});
export type SwitchingReference = z.infer<typeof switchingReference>;

/** The limits the estimator warns against. */
export const deviceRatings = z.strictObject({
  /** Rated blocking voltage V_DS / V_RRM / V_CES (V). */
  v: positive,
  /** Continuous current rating I_D / I_F / I_C,nom (A) at the case (or coolant) temperature `tc`. */
  i: positive,
  /** Case (or coolant) temperature of that current rating (°C). */
  tc: celsius,
  /** Maximum (operating) junction temperature T_j,max / T_vj,op (°C). */
  tjMax: celsius,
  /**
   * The pulsed-current rating the datasheet states (A), when it states one: for a Schottky diode its 10 ms
   * half-sine surge current I_FSM. Non-repetitive, so a repetitive peak above it rules the part out, while a peak
   * below it proves nothing: the junction temperature judges that. Absent: no pulsed rating is known.
   */
  iPulse: positive.optional(),
});
export type DeviceRatings = z.infer<typeof deviceRatings>;

/**
 * The datasheet's maximum values beside its typical ones, where it states them: the estimator's worst case
 * (shared/estimator/worst-case.ts). `vOn`: the maximum on-state voltage (V) of the switch (MOSFET: R_DS(on),max·i;
 * IGBT: V_CE(sat),max; diode: V_F,max) at the current `i` (A) and 25 °C; the energies (mJ) at the switching
 * reference, when given.
 */
export const maxValues = z.strictObject({
  vOn: positive,
  i: positive,
  eSwitch: positive.optional(),
  eRec: positive.optional(),
});
export type MaxValues = z.infer<typeof maxValues>;

const common = {
  ratings: deviceRatings,
  /** "case": R_th is junction-to-case (T_c is the case temperature); "fluid": junction-to-coolant of a pin-fin module. */
  rthRef: z.enum(["case", "fluid"]),
  /** Thermal resistance of the (switch) junction, R_th(j-c) or R_th(j-f) (K/W). */
  rth: positive,
  /** A three-level (NPC) module: each device commutates half the DC link, the estimate says so. */
  threeLevel: z.literal(true).optional(),
  /** Maximum values for the worst case, when the datasheet states them. */
  max: maxValues.optional(),
};

/** A SiC MOSFET (discrete, or one switch of a SiC module) with its body diode. */
export const mosfetLossData = z.strictObject({
  kind: z.literal("mosfet"),
  ...common,
  /** R_DS(on) as an on-state characteristic with V0 = 0. */
  channel: onState,
  /** Turn-on and turn-off energy at the reference (mJ); E_on includes the recovery of the opposite body diode. */
  eOn: positive,
  eOff: positive,
  switchingRef: switchingReference,
  /** Exponent k of the voltage scaling (V/V_ref)^k of the switching energies. */
  kv: positive,
  /** Body diode (V_GS at the recommended off voltage). */
  bodyDiode: onState.extend({
    /** Datasheet point V_SD at I_SD, 25 °C (V, A). */
    vSd: positive,
    iSd: positive,
    /** Reverse-recovery charge Q_rr at the switching reference (nC). */
    qrr: positive,
  }),
});

/** A SiC Schottky diode. */
export const diodeLossData = z.strictObject({
  kind: z.literal("diode"),
  ...common,
  forward: onState,
  /** Total capacitive charge Q_C (nC) at the reverse voltage `vQc` (V). */
  qc: positive,
  vQc: positive,
  /** Exponent k of the capacitive switching energy Q_C·V_ref·(V/V_ref)^k (≈ 1.5 for a junction capacitance). */
  kv: positive,
});

/** An IGBT module: values per IGBT and per freewheeling diode. */
export const igbtLossData = z.strictObject({
  kind: z.literal("igbt"),
  ...common,
  /** R_th(j-c) of one freewheeling diode (K/W). */
  rthDiode: positive,
  /** Collector-emitter on-state: V_CE0 and r_CE. */
  igbt: onState,
  /** Turn-on, turn-off energy of the IGBT and recovery energy of the diode at the reference (mJ). */
  eOn: positive,
  eOff: positive,
  eRec: positive,
  switchingRef: switchingReference,
  /** Voltage exponents of the IGBT's energies and of the diode's recovery energy. */
  kv: positive,
  kvRec: positive,
  /**
   * Relative change per kelvin of E_on + E_off and of E_rec around the reference T_vj (1/K): silicon IGBTs and
   * diodes switch slower and recover more charge when hot (SiC parts need no such term).
   */
  eTc: positive,
  eRecTc: positive,
  /** Freewheeling diode on-state: V_F0 and r_F. */
  diode: onState,
});

export const lossData = z.discriminatedUnion("kind", [mosfetLossData, diodeLossData, igbtLossData]);
export type LossData = z.infer<typeof lossData>;
export type MosfetLossData = z.infer<typeof mosfetLossData>;
export type DiodeLossData = z.infer<typeof diodeLossData>;
export type IgbtLossData = z.infer<typeof igbtLossData>;
export const deviceKinds = ["mosfet", "diode", "igbt"] as const;
export type DeviceKind = (typeof deviceKinds)[number];
