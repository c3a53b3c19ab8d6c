// Loss and thermal parameters of a power device: what the estimator (shared/estimator/) needs to work out
// conduction and switching losses and the junction temperature at an operating point. Every value is a
// datasheet value (typical), in the units named beside it; gate-driver ICs have none.
import { z } from "zod";
import { lossDataBounds } from "./loss-data-bounds.ts";

export { lossDataBounds } from "./loss-data-bounds.ts";
type Quantity = keyof typeof lossDataBounds;

/** A finite number within its quantity's bounds; a bound of 0 itself is excluded where the field must be positive. */
const within = (quantity: Quantity, positive = false) => {
  const { min, max } = lossDataBounds[quantity];
  const base = z.number().max(max);
  return positive && min === 0 ? base.positive() : base.min(min);
};
const positive = within("energy", true);
/** A junction temperature in °C within the range any power datasheet uses. */
const celsius = within("celsius");

/** Ascending x values of a curve's points, and as many y values per named series. */
function checkPoints(xs: readonly number[], series: Record<string, readonly number[]>, context: z.core.$RefinementCtx, xName: string) {
  for (let index = 1; index < xs.length; index++) {
    if (xs[index]! <= xs[index - 1]!) context.addIssue({ code: "custom", path: [xName], message: `${xName} must ascend` });
  }
  for (const [name, values] of Object.entries(series)) {
    if (values.length !== xs.length) context.addIssue({ code: "custom", path: [name], message: `${name} needs one value per ${xName}` });
  }
}

const points = <T extends z.ZodType>(value: T) => z.array(value).min(2).max(16);

/** The fields of an on-state characteristic v = V0(T_j) + r(T_j)·i given at junction temperatures `t`. */
const onStateFields = {
  /** Junction temperatures of the points (°C), ascending; the first is 25 °C, the last the hot datasheet point. */
  t: points(celsius),
  /** Threshold voltage V0 at each temperature (V). */
  v0: points(within("threshold")),
  /** Slope resistance r at each temperature (mΩ). */
  r: points(within("resistance")),
};

/**
 * Older rows gave a characteristic at two points only, `{ tHot, v0: [at 25 °C, at tHot], r: [ … ] }`: read as
 * the points (25 °C, tHot), so such data still parses (and is the straight line it always meant).
 */
function migrateOnState(input: unknown): unknown {
  if (input === null || typeof input !== "object" || !("tHot" in input)) return input;
  const { tHot, ...rest } = input as Record<string, unknown>;
  return { t: [25, tHot], ...rest };
}

/** An on-state characteristic with extra fields (the body diode's datasheet point), checked and migrated. */
const onStateWith = <Extra extends z.core.$ZodLooseShape>(extra: Extra) =>
  z.preprocess(
    migrateOnState,
    z.strictObject({ ...onStateFields, ...extra }).superRefine((value, context) => {
      const curve = value as { t: number[]; v0: number[]; r: number[] };
      checkPoints(curve.t, { v0: curve.v0, r: curve.r }, context, "t");
    }),
  );

/**
 * An on-state characteristic v = V0(T_j) + r(T_j)·i at several junction temperatures (a datasheet's curve read at
 * points); the estimator interpolates linearly between them. A MOSFET channel has V0 = 0.
 */
const onState = onStateWith({});
export type OnState = z.infer<typeof onState>;

/**
 * Switching energies against the external gate resistance at the switching reference (the datasheet's E(R_G)
 * curves): `rg` ascending (Ω), and for each energy its values at those resistances (mJ, or any common scale:
 * the estimator uses their ratios to the value at the reference R_G).
 */
const gateCurveFields = {
  rg: points(within("gateResistance")),
  eOn: points(within("gateCurve")),
  eOff: points(within("gateCurve")),
};
const mosfetGateCurve = z.strictObject(gateCurveFields).superRefine((curve, context) => checkPoints(curve.rg, { eOn: curve.eOn, eOff: curve.eOff }, context, "rg"));
const igbtGateCurve = z
  .strictObject({ ...gateCurveFields, eRec: points(within("gateCurve")) })
  .superRefine((curve, context) => checkPoints(curve.rg, { eOn: curve.eOn, eOff: curve.eOff, eRec: curve.eRec }, context, "rg"));

/**
 * Switching energies against current at two junction temperatures (the datasheet's E(I) curves at the switching
 * reference's voltage and R_G): `i` ascending (A, from 0: the energy left at zero current comes from the output
 * capacitance and the recovery charge), and for each energy its values at those currents at `tj[0]` and `tj[1]`
 * (mJ). The estimator interpolates linearly in current and in temperature.
 */
const energyTableFields = {
  /** The two junction temperatures (°C), ascending: 25 °C and the hot datasheet temperature. */
  tj: z.tuple([celsius, celsius]),
  i: points(z.number().min(0).max(lossDataBounds.current.max)),
  eOn: z.tuple([points(within("energy")), points(within("energy"))]),
  eOff: z.tuple([points(within("energy")), points(within("energy"))]),
};
type EnergyTable = { tj: [number, number]; i: number[]; eOn: [number[], number[]]; eOff: [number[], number[]]; eRec?: [number[], number[]] };
function checkEnergyTable(value: unknown, context: z.core.$RefinementCtx) {
  const table = value as EnergyTable;
  if (table.tj[1] <= table.tj[0]) context.addIssue({ code: "custom", path: ["tj"], message: "tj must ascend" });
  const series: Record<string, number[]> = {};
  for (const key of ["eOn", "eOff", "eRec"] as const) for (const [index, values] of (table[key] ?? []).entries()) series[`${key}.${index}`] = values;
  checkPoints(table.i, series, context, "i");
}
const mosfetEnergies = z
  .strictObject({
    ...energyTableFields,
    /** The body diode's recovery charge Q_rr at the reference current at `tj[0]` and `tj[1]` (nC): E_on carries its recovery. */
    qrr: z.tuple([within("charge", true), within("charge", true)]),
  })
  .superRefine(checkEnergyTable);
const igbtEnergies = z.strictObject({ ...energyTableFields, eRec: z.tuple([points(within("energy")), points(within("energy"))]) }).superRefine(checkEnergyTable);

/** The double-pulse test condition of the datasheet's switching energies. */
const switchingReference = z.strictObject({
  /** DC-link voltage V_DD / V_CC (V). */
  v: within("voltage"),
  /** Switched current I_D / I_C (A). */
  i: within("current"),
  /** External gate resistance R_G(ext) (Ω). */
  rg: within("gateResistance"),
  /** Junction temperature of the test (°C). */
  tj: celsius,
});

/** The limits the estimator warns against. */
const deviceRatings = z.strictObject({
  /** Rated blocking voltage V_DS / V_RRM / V_CES (V). */
  v: within("voltage"),
  /** Continuous current rating I_D / I_F / I_C,nom (A) at the case (or coolant) temperature `tc`. */
  i: within("current"),
  /** Case (or coolant) temperature of that current rating (°C). */
  tc: celsius,
  /** Maximum (operating) junction temperature T_j,max / T_vj,op (°C). */
  tjMax: celsius,
  /**
   * The pulsed-current rating the datasheet states (A), when it states one: for a Schottky diode its 10 ms
   * half-sine surge current I_FSM. Non-repetitive, so a repetitive peak above it rules the part out, while a peak
   * below it proves nothing: the junction temperature judges that. Absent: no pulsed rating is known.
   */
  iPulse: within("pulseCurrent").optional(),
});

/**
 * A Foster network of the transient thermal impedance Z_th(t) = Σ r_i·(1 − e^(−t/τ_i)) from the junction to the
 * datasheet's reference: r_i (K/W) and τ_i (s) pairs, their r_i summing to the steady R_th.
 */
const fosterNetwork = z
  .array(z.strictObject({ r: within("rth"), tau: within("tau") }))
  .min(1)
  .max(8);
export type FosterNetwork = z.infer<typeof fosterNetwork>;

/**
 * The datasheet's maximum values beside its typical ones, where it states them: the estimator's worst case
 * (shared/estimator/worst-case.ts). `vOn`: the maximum on-state voltage (V) of the switch (MOSFET: R_DS(on),max·i;
 * IGBT: V_CE(sat),max; diode: V_F,max) at the current `i` (A) and 25 °C; the energies (mJ) at the switching
 * reference, when given.
 */
const maxValues = z.strictObject({
  vOn: within("onVoltage"),
  i: within("current"),
  eSwitch: positive.optional(),
  eRec: positive.optional(),
});

const common = {
  ratings: deviceRatings,
  /** "case": R_th is junction-to-case (T_c is the case temperature); "fluid": junction-to-coolant of a pin-fin module. */
  rthRef: z.enum(["case", "fluid"]),
  /** Thermal resistance of the (switch) junction, R_th(j-c) or R_th(j-f) (K/W). */
  rth: within("rth"),
  /**
   * Case-referenced parts: R_th(c-h) of the interface to the heat sink per switch, with the recommended thermal
   * grease (K/W), so a heat-sink temperature can be used. For an IGBT module, per IGBT (per diode: rthChDiode).
   */
  rthCh: within("rth").optional(),
  rthChDiode: within("rth").optional(),
  /** Coolant-referenced (pin-fin) parts: R_th(j-c) to the pin-fin baseplate (K/W), so a case temperature can be used. */
  rthCase: within("rth").optional(),
  /** Z_th of the (switch) junction as a Foster network (Σ r_i = rth); an IGBT module's diode has zthDiode. */
  zth: fosterNetwork.optional(),
  zthDiode: fosterNetwork.optional(),
  /** A three-level (NPC) module: each device commutates half the DC link, the estimate says so. */
  threeLevel: z.literal(true).optional(),
  /** Maximum values for the worst case, when the datasheet states them. */
  max: maxValues.optional(),
};

/** A SiC MOSFET (discrete, or one switch of a SiC module) with its body diode. */
const mosfetLossData = z.strictObject({
  kind: z.literal("mosfet"),
  ...common,
  /** R_DS(on) as an on-state characteristic with V0 = 0. */
  channel: onState,
  /** Turn-on and turn-off energy at the reference (mJ); E_on includes the recovery of the opposite body diode. */
  eOn: positive,
  eOff: positive,
  switchingRef: switchingReference,
  /** Exponent k of the voltage scaling (V/V_ref)^k of the switching energies. */
  kv: within("exponent"),
  /** E_on and E_off against R_G(ext) (the reference R_G is `switchingRef.rg`). */
  gate: mosfetGateCurve,
  /** E_on and E_off against current at two temperatures (at `switchingRef.v` and `.rg`). */
  energies: mosfetEnergies,
  /** The dead time the part is characterised and recommended with (ns): the estimate's default. */
  deadTime: within("deadTime"),
  /** Body diode (V_GS at the recommended off voltage). */
  bodyDiode: onStateWith({
    /** Datasheet point V_SD at I_SD, 25 °C (V, A). */
    vSd: within("onVoltage"),
    iSd: within("current"),
    /** Reverse-recovery charge Q_rr at the switching reference (nC). */
    qrr: within("charge", true),
  }),
});

/** A SiC Schottky diode. */
const diodeLossData = z.strictObject({
  kind: z.literal("diode"),
  ...common,
  forward: onState,
  /** Total capacitive charge Q_C (nC) at the reverse voltage `vQc` (V). */
  qc: within("charge", true),
  vQc: within("voltage"),
  /** Exponent k of the capacitive switching energy Q_C·V_ref·(V/V_ref)^k (≈ 1.5 for a junction capacitance). */
  kv: within("chargeExponent"),
});

/** An IGBT module: values per IGBT and per freewheeling diode. */
const igbtLossData = z.strictObject({
  kind: z.literal("igbt"),
  ...common,
  /** R_th(j-c) of one freewheeling diode (K/W). */
  rthDiode: within("rth"),
  /** Collector-emitter on-state: V_CE0 and r_CE. */
  igbt: onState,
  /** Turn-on, turn-off energy of the IGBT and recovery energy of the diode at the reference (mJ). */
  eOn: positive,
  eOff: positive,
  eRec: positive,
  switchingRef: switchingReference,
  /** Voltage exponents of the IGBT's energies and of the diode's recovery energy. */
  kv: within("exponent"),
  kvRec: within("exponent"),
  /** E_on, E_off and E_rec against current at two temperatures (at `switchingRef.v` and `.rg`). */
  energies: igbtEnergies,
  /** E_on, E_off and the diode's E_rec against R_G (the reference R_G is `switchingRef.rg`). */
  gate: igbtGateCurve,
  /** Freewheeling diode on-state: V_F0 and r_F. */
  diode: onState,
});

/**
 * Across fields: a switch's energies are measured at a share of its rated voltage (lossDataBounds.referenceShare),
 * so a reference voltage typed in the wrong unit cannot scale them by (V/V_ref)^k into the millions.
 */
export const lossData = z.discriminatedUnion("kind", [mosfetLossData, diodeLossData, igbtLossData]).superRefine((value, context) => {
  if (value.kind === "diode") return;
  const share = value.switchingRef.v / value.ratings.v;
  const { min, max } = lossDataBounds.referenceShare;
  if (share < min || share > max)
    context.addIssue({
      code: "custom",
      path: ["switchingRef", "v"],
      message: `switchingRef.v must be ${min * 100}–${max * 100} % of ratings.v`,
      params: { min: min * value.ratings.v, max: max * value.ratings.v },
    });
});
export type LossData = z.infer<typeof lossData>;
export type MosfetLossData = z.infer<typeof mosfetLossData>;
export type DiodeLossData = z.infer<typeof diodeLossData>;
export type IgbtLossData = z.infer<typeof igbtLossData>;
