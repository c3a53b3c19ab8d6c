// A part's model files (ngspice netlist, PLECS thermal description, transistordatabase JSON): what the product detail lists and the
// permanent, versioned GET path each file is served at (docs/decisions/027-model-topology.md).
import { z } from "zod";

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
