// A part's model files (ngspice netlist, PLECS thermal description, transistordatabase JSON): what the product detail lists and the
// permanent, versioned GET path each file is served at (docs/decisions/027-model-topology.md).
import { z } from "zod";
import { defineCall } from "./define.ts";
import { productLifecycle } from "./lifecycle.ts";
import { partModelsPath } from "./model-links.ts";

export { currentStateUrl } from "./model-links.ts";

const modelFileKinds = ["ngspice", "plecs", "tdb"] as const;
export type ModelFileKind = (typeof modelFileKinds)[number];

/** The segments of a model file's path: part number, version (digits and dots, "1.0"), file name (the part number, then the kind's extension). */
export const modelPathSegments = {
  part: /^[A-Z0-9][A-Z0-9-]{0,63}$/,
  version: /^\d{1,3}(\.\d{1,3}){1,2}$/,
  file: /^[A-Z0-9][A-Z0-9-]{0,63}\.(lib|plecs\.xml|tdb\.json)$/,
};
export const modelPartNumber = z.string().regex(modelPathSegments.part, "a part number");
export const modelVersion = z.string().regex(modelPathSegments.version, "a model version (1.0)");
export const modelFileName = z.string().regex(modelPathSegments.file, "a model file name");

/** GET path of a model file on the upstream (relative to the API base, e.g. /api in the browser): never changes. */
export const modelFilePathPattern = "/front/models/{part}/{version}/{file}";
/** GET path of the JSON Schema of the transistordatabase files (relative to the API base): never changes. */
export const tdbSchemaPath = "/front/models/schema/transistordatabase-1.json";
export function modelFilePath(part: string, version: string, file: string): string {
  return modelFilePathPattern.replace("{part}", encodeURIComponent(part)).replace("{version}", encodeURIComponent(version)).replace("{file}", encodeURIComponent(file));
}

export const modelFile = z.object({
  kind: z.enum(modelFileKinds),
  fileName: modelFileName,
  version: modelVersion,
  /** YYYY-MM-DD: the day this version was published. */
  date: z.string(),
  fileSize: z.number().int().positive(),
  /** Lowercase hex SHA-256 of the file's bytes. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  downloadPath: z.string(),
});
export type ModelFile = z.infer<typeof modelFile>;

/** One published version of a part's model files. */
const partModelVersion = z.object({
  version: modelVersion,
  /** YYYY-MM-DD: the day this version was published. */
  date: z.string(),
  files: z.array(modelFile),
});

/**
 * A part's model listing by a plain GET: every published version's files, newest first, and the part's lifecycle
 * state now. A machine-readable datasheet records the state on its version's day only (its bytes never change);
 * this answer is where the current state is always read, and the file's `lifecycle.current_state_url` names it
 * (docs/decisions/040-document-revisions.md, "The lifecycle in the model files").
 */
export const queryPartModels = defineCall({
  name: "queryPartModels",
  method: "GET",
  path: partModelsPath,
  summary:
    "A part's model files at every published version (newest first) and its lifecycle state now (with its dates and replacement); a part without model files, unknown or not shown is 404 E40030027.",
  query: z.strictObject({ partNumber: modelPartNumber }),
  data: z.object({
    partNumber: z.string(),
    lifecycle: productLifecycle,
    newestVersion: modelVersion,
    versions: z.array(partModelVersion).min(1),
  }),
});
export type PartModels = z.infer<typeof queryPartModels.data>;

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
});
export type ValidationConditions = z.infer<typeof validationConditions>;

const validationCheckIds = ["rdsOn25", "rdsOnHot", "vf25", "vfHot", "qg", "qoss", "qc", "firstPulse", "secondPulse", "selfHeating"] as const;
const validationGroups = ["conduction", "charge", "robustness"] as const;

/** One check of a part's ngspice model: the reference value, what ngspice gave, and whether it is within tolerance. */
const validationCheck = z.strictObject({
  id: z.enum(validationCheckIds),
  group: z.enum(validationGroups),
  /** The quantity's symbol (R_DS(on), V_F, Q_G …) and unit, as the tables print them in either language. */
  symbol: z.string(),
  unit: z.enum(["mΩ", "V", "nC", "A", "°C"]),
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
  id: z.enum(["output", "forward", "gateCharge"]),
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
  kind: z.enum(["mosfet", "diode"]),
  checks: z.array(validationCheck).min(1),
  /** The double-pulse leg's E_on and E_off beside the datasheet's (mJ): reported, not checked (decision 027). */
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
export const modelValidationPath = "/front/queryModelValidation";

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
