// A part's model validation report (docs/decisions/027-model-topology.md, "The validation report is published
// content"): the checks of its ngspice netlist against the datasheet, the unchecked switching energies and the
// curves, and the calls that serve it. A file of its own, apart from models.ts: the product page's first load
// reads constants of models.ts, and a contract file shared with the validation page's chunk let the bundler merge
// the two pages' contract facades into one chunk on the product page's first load.
import { z } from "zod";
import { defineCall } from "./define.ts";
import { modelFile, modelPartNumber, modelPathSegments, modelVersion } from "./models.ts";

/** A part number the validation page may ask for (the models' part segment). */
export const validationPartPattern = modelPathSegments.part;

/**
 * The conditions of a validation check or curve, as symbols and numbers (each page states them in its language):
 * junction and case temperature (°C), gate and drain voltages (V), currents (A), gate resistance (Ω).
 */
const validationConditions = z.strictObject({
  tj: z.number().optional(),
  tc: z.number().optional(),
  vgs: z.number().optional(),
  vgsOff: z.number().optional(),
  vgsOn: z.number().optional(),
  vds: z.number().optional(),
  vdd: z.number().optional(),
  vr: z.number().optional(),
  id: z.number().optional(),
  if: z.number().optional(),
  rg: z.number().optional(),
  /** An IGBT's gate–emitter voltage, its off/on swing, its collector current and the DC link V_CC (V, A). */
  vge: z.number().optional(),
  vgeOff: z.number().optional(),
  vgeOn: z.number().optional(),
  ic: z.number().optional(),
  vcc: z.number().optional(),
});
export type ValidationConditions = z.infer<typeof validationConditions>;

// vceSat…, vfDiode…: an IGBT module's switch and its freewheeling diode; moduleLeg: a module's own half-bridge leg
// (docs/decisions/053-module-models.md); eOn, eOff: a MOSFET's double-pulse energies (docs/decisions/051-switching-energies.md).
const validationCheckIds = [
  "rdsOn25",
  "rdsOnHot",
  "vf25",
  "vfHot",
  "vceSat25",
  "vceSatHot",
  "vfDiode25",
  "vfDiodeHot",
  "qg",
  "qoss",
  "qc",
  "firstPulse",
  "secondPulse",
  "moduleLeg",
  "selfHeating",
  "eOn",
  "eOff",
] as const;
const validationGroups = ["conduction", "charge", "robustness", "switching"] as const;

/** One check of a part's ngspice model: the reference value, what ngspice gave, and whether it is within tolerance. */
const validationCheck = z.strictObject({
  id: z.enum(validationCheckIds),
  group: z.enum(validationGroups),
  /** The quantity's symbol (R_DS(on), V_F, Q_G …) and unit, as the tables print them in either language. */
  symbol: z.string(),
  unit: z.enum(["mΩ", "V", "nC", "A", "°C", "mJ"]),
  conditions: validationConditions,
  /** Where the reference value comes from: the datasheet, the loss data, or a closed-form expectation (V_DD·t/L, I²·R·R_th). */
  reference: z.enum(["datasheet", "lossData", "calculated"]),
  expected: z.number(),
  simulated: z.number(),
  /** simulated / expected − 1. */
  deviation: z.number(),
  /** The limit on |deviation| (0.05 = 5 %). */
  tolerance: z.number().positive(),
  pass: z.boolean(),
});
export type ValidationCheck = z.infer<typeof validationCheck>;

const curvePoints = z.array(z.tuple([z.number(), z.number()])).min(2);
/** A chart's data: simulated curves and the reference each is read against, per temperature, and the datasheet's points. */
const validationCurve = z.strictObject({
  id: z.enum(["output", "forward", "gateCharge", "igbtOutput", "diodeForward", "igbtGateCharge"]),
  /** The axes' quantities: x then y (symbol and unit). */
  x: z.strictObject({ symbol: z.string(), unit: z.string() }),
  y: z.strictObject({ symbol: z.string(), unit: z.string() }),
  conditions: validationConditions,
  series: z.array(
    z.strictObject({
      /** Simulated by ngspice, or the reference line (the datasheet's R_DS(on) line, the loss data's forward curve). */
      source: z.enum(["simulated", "datasheet", "lossData"]),
      tj: z.number(),
      points: curvePoints,
    }),
  ),
  /** The datasheet's stated values, drawn as points. */
  marks: z.array(z.strictObject({ tj: z.number(), x: z.number(), y: z.number() })),
});
export type ValidationCurve = z.infer<typeof validationCurve>;

/** A part's validation: its checks, the switching energies reported unchecked (MOSFETs), the curves. */
export const partValidation = z.strictObject({
  partNumber: modelPartNumber,
  /** A module's checks are of one switch (its per-switch subcircuit) and of the module's own leg. */
  kind: z.enum(["mosfet", "diode", "igbtModule", "sicModule"]),
  checks: z.array(validationCheck).min(1),
  /**
   * The double-pulse leg's E_on and E_off beside the datasheet's (mJ), reported unchecked: reports up to model
   * version 1.3 (decision 027). From 1.4 they are checks of the "switching" group (decision 051) and this is null.
   */
  switching: z
    .strictObject({
      conditions: validationConditions,
      eOn: z.strictObject({ expected: z.number(), simulated: z.number() }),
      eOff: z.strictObject({ expected: z.number(), simulated: z.number() }),
    })
    .nullable(),
  curves: z.array(validationCurve),
});
export type PartValidation = z.infer<typeof partValidation>;

/** The upstream path of queryModelValidation, relative to the API base. */
const modelValidationPath = "/front/queryModelValidation";

/**
 * A part's model validation report at the newest model version: what ngspice gave for each check of the part's
 * netlist against its datasheet (scripts/models-validation.ts writes it; test/upstream/models-ngspice.test.ts
 * reruns the circuits and compares). A part without a report is 404 E40030027, a malformed part number 400.
 */
export const queryModelValidation = defineCall({
  name: "queryModelValidation",
  method: "GET",
  path: modelValidationPath,
  summary:
    "A part's model validation report at the newest model version (each ngspice check against the datasheet, the unchecked switching energies, the curves); a part without a report (unknown, not shown, or no model) is 404 E40027001, a malformed part number 400 E40000002.",
  query: z.strictObject({ partNumber: modelPartNumber }),
  data: partValidation.extend({
    version: modelVersion,
    /** YYYY-MM-DD: the day the version was published. */
    date: z.string(),
    /** The ngspice that produced the figures (its banner's version). */
    simulator: z.string(),
    files: z.array(modelFile),
  }),
});
export type ModelValidation = z.infer<typeof queryModelValidation.data>;

/**
 * Every shown part that has a validation report at its newest model version, with that version and its date: what
 * the sitemap lists the validation pages from, without asking for every part's report.
 */
export const queryModelValidations = defineCall({
  name: "queryModelValidations",
  method: "GET",
  path: "/front/queryModelValidations",
  summary: "Every shown part with a model validation report at its newest model version (part number, version, date), sorted by part number.",
  query: z.strictObject({}),
  data: z.array(z.strictObject({ partNumber: modelPartNumber, version: modelVersion, date: z.string() })),
});
