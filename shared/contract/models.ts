// A part's model files (ngspice and LTspice netlists, PLECS thermal description, transistordatabase JSON, curves as CSV): what the
// product detail lists and the permanent, versioned GET path each file is served at (docs/decisions/027-model-topology.md).
import { z } from "zod";
import { defineCall } from "./define.ts";
import { productLifecycle } from "./lifecycle.ts";
import { partModelsPath } from "./model-links.ts";

export { currentStateUrl } from "./model-links.ts";

const modelFileKinds = ["ngspice", "ltspice", "plecs", "tdb", "csv"] as const;
export type ModelFileKind = (typeof modelFileKinds)[number];

/** The segments of a model file's path: part number, version (digits and dots, "1.0"), file name (the part number, then the kind's extension). */
export const modelPathSegments = {
  part: /^[A-Z0-9][A-Z0-9-]{0,63}$/,
  version: /^\d{1,3}(\.\d{1,3}){1,2}$/,
  file: /^[A-Z0-9][A-Z0-9-]{0,63}\.(lib|ltspice\.lib|plecs\.xml|tdb\.json|curves\.csv)$/,
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

/** GET path of a product family's model pack at a published version (relative to the API base): never changes. */
export const modelFamilyPackPathPattern = "/front/models/families/{family}/{version}";
export function modelFamilyPackPath(family: number, version: string): string {
  return modelFamilyPackPathPattern.replace("{family}", String(family)).replace("{version}", encodeURIComponent(version));
}

/** A family's model pack: every shown part's files of one version in one ZIP archive, with their checksums. */
const modelFamilyPack = z.object({
  /** The family (top product-tree node) id. */
  familyId: z.number().int(),
  name: z.string(),
  version: modelVersion,
  /** YYYY-MM-DD: the day this version was published. */
  date: z.string(),
  /** The parts whose files it holds, by part number. */
  parts: z.array(modelPartNumber).min(1),
  /** How many model files it holds (beside its README and SHA256SUMS). */
  files: z.number().int().positive(),
  downloadPath: z.string(),
});
export type ModelFamilyPack = z.infer<typeof modelFamilyPack>;

export const queryModelFamilyPacks = defineCall({
  name: "queryModelFamilyPacks",
  method: "GET",
  path: "/front/queryModelFamilyPacks",
  summary:
    "Each product family's model pack at the newest published version: one ZIP archive of every shown part's model files with a README and SHA256SUMS, by family order.",
  query: z.strictObject({}),
  data: z.array(modelFamilyPack),
});
