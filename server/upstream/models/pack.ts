// The model pack: which files each discrete part gets, generated from the content (inputs.ts), and where the
// published versions live: content/models/{part}/{version}/{file}, one folder per version, never rewritten
// once published, so a version's URL serves the same bytes for good (docs/decisions/027-model-topology.md).
// `npx node scripts/models.ts` writes the current version; test/upstream/models-pack.test.ts regenerates it
// and compares, so the files cannot drift from the loss data and the datasheets.
import type { ModelFileKind } from "../../../shared/contract/models.ts";
import { readModelInputs, type ModelInput } from "./inputs.ts";
import { ngspiceModel } from "./ngspice.ts";
import { plecsModel } from "./plecs.ts";
import { tdbLifecycle, tdbModel } from "./tdb.ts";

/** The version the generators write now, and the day it was published. */
export const MODEL_VERSION = "1.2";
export const MODEL_DATE = "2026-11-29";

export interface GeneratedModelFile {
  kind: ModelFileKind;
  fileName: string;
  text: string;
}

function modelFiles(input: ModelInput, version = MODEL_VERSION, date = MODEL_DATE): GeneratedModelFile[] {
  return [
    { kind: "ngspice", fileName: `${input.partNumber}.lib`, text: ngspiceModel(input, version) },
    { kind: "plecs", fileName: `${input.partNumber}.plecs.xml`, text: plecsModel(input, version) },
    ...(input.kind === "mosfet"
      ? [
          {
            kind: "tdb" as const,
            fileName: `${input.partNumber}.tdb.json`,
            // The lifecycle on the version's day, not today's: a published file never changes (tdb.ts).
            text: tdbModel(input, version, input.datasheet, tdbLifecycle(input.partNumber, input.lifecycle, date)),
          },
        ]
      : []),
  ];
}

/** Every part's files at the current version. */
export function generateModelPack(contentDir?: string): Map<string, GeneratedModelFile[]> {
  return new Map(readModelInputs(contentDir).map((input) => [input.partNumber, modelFiles(input)]));
}
