// A part's characterisation dataset: every curve of its datasheet in one file, the data the datasheet tables,
// the estimator's loss data and the model pack are read from (docs/decisions/055-characterisation-dataset.md).
// Written by `npx node scripts/characterisation.ts` into server/upstream/content/characterisation/{part}.json;
// the values the content already states (R_DS(on), Q_G, V_GS(th), the loss data's energies, the Foster network)
// are carried as they are, the rest is derived from them so the whole stays physically consistent.
// Units: V, A, mΩ, nC, pF, µJ (E_oss, E_C), mJ (switching energies, as the loss data), K/W, s, °C.
import { z } from "zod";

const finite = z.number().refine(Number.isFinite, { message: "must be finite" });
const celsius = z.number().min(-55).max(250);

const numbers = () => z.array(finite).min(2).max(200);

/** Curves over one ascending axis `x`: each named y field holds one value per x; `extra` are the curve's conditions. */
function columns<X extends string, Y extends string, Extra extends z.core.$ZodLooseShape = Record<never, never>>(x: X, ys: readonly Y[], extra: Extra = {} as Extra) {
  const shape = { ...extra, [x]: numbers(), ...Object.fromEntries(ys.map((y) => [y, numbers()])) } as Extra & Record<X | Y, ReturnType<typeof numbers>>;
  return z.strictObject(shape).superRefine((value, context) => {
    const record = value as Record<string, number[]>;
    const xs = record[x]!;
    for (const y of ys) if (record[y]!.length !== xs.length) context.addIssue({ code: "custom", path: [y], message: `${y} needs one value per ${x}` });
    for (let index = 1; index < xs.length; index++) if (xs[index]! <= xs[index - 1]!) context.addIssue({ code: "custom", path: [x], message: `${x} must ascend` });
  });
}

/** Where the dataset's stated values come from (content files and the place in them); everything else is derived. */
const provenance = z.array(z.strictObject({ value: z.string().min(1), from: z.string().min(1) })).min(1);

const fosterPair = z.strictObject({ r: z.number().positive(), tau: z.number().positive() });

const thermal = z.strictObject({
  /** "case": junction to case; "fluid": junction to coolant of a pin-fin module. */
  reference: z.enum(["case", "fluid"]),
  /** R_th(j-c) or R_th(j-f) of the datasheet (K/W): the sum of the Foster r_i. */
  rth: z.number().positive(),
  foster: z.array(fosterPair).min(1).max(8),
  /** Single-pulse Z_th(j-c) against pulse duration (s, K/W). */
  zth: columns("t", ["z"]),
});

/**
 * Safe operating area at T_C = `tc`, single pulses: for each pulse duration (s; null = DC) the boundary I_D against
 * V_DS, the least of the current rating, the on-resistance line at T_j,max, the power limit (T_j,max − T_C)/Z_th(t_p)
 * and the rated voltage.
 */
const soa = z.strictObject({
  tc: celsius,
  lines: z.array(columns("vds", ["id"], { tp: z.number().positive().nullable() })).min(1),
});

const mosfetCharacterisation = z.strictObject({
  kind: z.literal("mosfet"),
  /** A discrete part, or one switch of a SiC MOSFET module. */
  module: z.boolean(),
  partNumber: z.string().min(1),
  provenance,
  /** The datasheet's conditions the curves are measured at. */
  conditions: z.strictObject({
    vRating: z.number().positive(),
    tjMax: celsius,
    vgsOn: finite,
    vgsOff: finite,
    /** R_DS(on)'s test current (A). */
    idRef: z.number().positive(),
    /** V_GS(th)'s test current (mA, at V_DS = V_GS). */
    idTh: z.number().positive(),
    /** The double-pulse reference: V_DD (V), I_D (A), R_G(ext) (Ω), T_j (°C). */
    switching: z.strictObject({ vdd: z.number().positive(), id: z.number().positive(), rg: z.number().positive(), tj: celsius }),
    /** Gate-charge test: V_DS (V) and I_D (A). */
    gateCharge: z.strictObject({ vds: z.number().positive(), id: z.number().positive() }),
    /** The continuous current rating (A) at the case (coolant) temperature `idContTc` (°C): the SOA's DC limit. */
    idCont: z.number().positive(),
    idContTc: celsius,
    idPulse: z.number().positive(),
  }),
  /** The datasheet table's values, each read off the curves below (the tests check it). */
  keyValues: z.strictObject({
    rdsOn25: z.number().positive(),
    rdsOnHot: z.number().positive(),
    vgsTh: z.number().positive(),
    qg: z.number().positive(),
    qgs: z.number().positive(),
    qgd: z.number().positive(),
    /** At the switching reference's V_DD, V_GS = 0 (pF, nC, µJ). */
    ciss: z.number().positive(),
    coss: z.number().positive(),
    crss: z.number().positive(),
    qoss: z.number().positive(),
    eoss: z.number().positive(),
    rth: z.number().positive(),
  }),
  /** Output characteristics I_D(V_DS) per T_j and V_GS. */
  output: z.array(columns("vds", ["id"], { tj: celsius, vgs: finite })).min(2),
  /** Transfer characteristics I_D(V_GS) at V_DS = `vds` per T_j. */
  transfer: z.array(columns("vgs", ["id"], { tj: celsius, vds: finite })).min(2),
  /** C_iss, C_oss, C_rss (pF) against V_DS at V_GS = 0, with Q_oss (nC) and E_oss (µJ), their integrals from 0 V. */
  capacitance: columns("vds", ["ciss", "coss", "crss", "qoss", "eoss"]),
  /** V_GS against gate charge (nC) at the gate-charge test, T_j = 25 °C: the plateau is two points at one V_GS. */
  gateCharge: z.strictObject({ qg: z.array(finite).min(3), vgs: z.array(finite).min(3) }),
  /** Body-diode V_SD(I_SD) at V_GS(off) per T_j. */
  bodyDiode: z.array(columns("isd", ["vsd"], { tj: celsius, vgs: finite })).min(2),
  /** The body diode's recovery charge at the switching reference, per T_j (nC). */
  reverseRecovery: columns("tj", ["qrr"]),
  /** Switching energies (mJ) at the switching reference's V_DD, R_G and V_GS. */
  switching: z.strictObject({
    /** Against current at 25 °C and hot: rows per `tj`, one value per `i`. */
    byCurrent: z.strictObject({
      tj: z.array(celsius).length(2),
      i: z.array(finite).min(2),
      eOn: z.array(z.array(finite)).length(2),
      eOff: z.array(z.array(finite)).length(2),
    }),
    /** Against R_G(ext) at the reference current and T_j. */
    byGate: columns("rg", ["eOn", "eOff"]),
    /** Against V_DD at the reference current and T_j. */
    byVoltage: columns("vdd", ["eOn", "eOff"]),
    /** Against T_j at the reference current. */
    byTemperature: columns("tj", ["eOn", "eOff"]),
  }),
  thermal,
  soa,
});
export type MosfetCharacterisation = z.infer<typeof mosfetCharacterisation>;

const diodeCharacterisation = z.strictObject({
  kind: z.literal("diode"),
  partNumber: z.string().min(1),
  provenance,
  conditions: z.strictObject({
    vRating: z.number().positive(),
    tjMax: celsius,
    /** V_F's test current (A). */
    ifRef: z.number().positive(),
    /** Q_C's reverse voltage (V). */
    vrQc: z.number().positive(),
  }),
  keyValues: z.strictObject({
    vf25: z.number().positive(),
    vfHot: z.number().positive(),
    /** At `vrQc`: Q_C (nC), E_C (µJ), C_j (pF). */
    qc: z.number().positive(),
    ec: z.number().positive(),
    cj: z.number().positive(),
    rth: z.number().positive(),
  }),
  /** Forward characteristics I_F(V_F) per T_j. */
  forward: z.array(columns("vf", ["if"], { tj: celsius })).min(2),
  /** Junction capacitance C_j (pF) against V_R, with Q_C (nC) and E_C (µJ), its integrals from 0 V. */
  capacitance: columns("vr", ["cj", "qc", "ec"]),
  thermal,
});
export type DiodeCharacterisation = z.infer<typeof diodeCharacterisation>;

/**
 * One IGBT and its freewheeling diode of an IGBT module, in the IGBT's names: V_CE, I_C, V_GE. The curves' hot
 * temperature is the loss data's (150 °C, the IGBT datasheets' switching temperature).
 */
const igbtCharacterisation = z.strictObject({
  kind: z.literal("igbt"),
  partNumber: z.string().min(1),
  provenance,
  conditions: z.strictObject({
    vRating: z.number().positive(),
    /** The hot temperature of the curves (°C). */
    tjHot: celsius,
    vgeOn: finite,
    vgeOff: finite,
    /** V_CE(sat)'s and V_F's test current (A). */
    icRef: z.number().positive(),
    /** V_GE(th)'s test current (mA, at V_CE = V_GE): not stated by the datasheet, our stand-in (decision 055). */
    icTh: z.number().positive(),
    switching: z.strictObject({ vcc: z.number().positive(), ic: z.number().positive(), rg: z.number().positive(), tj: celsius }),
    gateCharge: z.strictObject({ vce: z.number().positive(), ic: z.number().positive() }),
    icNom: z.number().positive(),
    icPulse: z.number().positive(),
  }),
  keyValues: z.strictObject({
    vceSat25: z.number().positive(),
    vceSatHot: z.number().positive(),
    vgeTh: z.number().positive(),
    qg: z.number().positive(),
    qge: z.number().positive(),
    qgc: z.number().positive(),
    /** At the switching reference's V_CC, V_GE = 0 (pF, nC, µJ). */
    cies: z.number().positive(),
    coes: z.number().positive(),
    cres: z.number().positive(),
    qoes: z.number().positive(),
    eoes: z.number().positive(),
    vf25: z.number().positive(),
    vfHot: z.number().positive(),
    rth: z.number().positive(),
    rthDiode: z.number().positive(),
  }),
  output: z.array(columns("vce", ["ic"], { tj: celsius, vge: finite })).min(2),
  transfer: z.array(columns("vge", ["ic"], { tj: celsius, vce: finite })).min(2),
  capacitance: columns("vce", ["cies", "coes", "cres", "qoes", "eoes"]),
  gateCharge: z.strictObject({ qg: z.array(finite).min(3), vge: z.array(finite).min(3) }),
  /** The freewheeling diode's V_F(I_F) per T_j. */
  diode: z.array(columns("if", ["vf"], { tj: celsius })).min(2),
  /** Switching energies (mJ) at the switching reference's V_CC, R_G and V_GE, the diode's recovery energy E_rec with them. */
  switching: z.strictObject({
    byCurrent: z.strictObject({
      tj: z.array(celsius).length(2),
      i: z.array(finite).min(2),
      eOn: z.array(z.array(finite)).length(2),
      eOff: z.array(z.array(finite)).length(2),
      eRec: z.array(z.array(finite)).length(2),
    }),
    byGate: columns("rg", ["eOn", "eOff", "eRec"]),
    byVoltage: columns("vcc", ["eOn", "eOff", "eRec"]),
    byTemperature: columns("tj", ["eOn", "eOff", "eRec"]),
  }),
  thermal,
  thermalDiode: thermal,
  soa,
});

export const characterisation = z.discriminatedUnion("kind", [mosfetCharacterisation, diodeCharacterisation, igbtCharacterisation]);
export type IgbtCharacterisation = z.infer<typeof igbtCharacterisation>;
