// The model pack: which files each discrete part gets (its ngspice netlist and, translated from it, its LTspice file;
// the PLECS thermal description, the machine-readable datasheet, the curves), generated from the content (inputs.ts), and where the
// published versions live: content/models/{part}/{version}/{file}, one folder per version, never rewritten
// once published, so a version's URL serves the same bytes for good (docs/decisions/027-model-topology.md).
// `npx node scripts/models.ts` writes the current version; test/upstream/models-pack.test.ts regenerates it
// and compares, so the files cannot drift from the loss data and the datasheets.
import type { ModelFileKind } from "../../../shared/contract/models.ts";
import { lifecycleOn, type ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { readModelInputs, type ModelInput } from "./inputs.ts";
import { readModuleInputs, type ModuleModelInput } from "./module-inputs.ts";
import { moduleCurvesCsv, moduleNgspiceModel, modulePlecsModel } from "./module.ts";
import { ngspiceModel } from "./ngspice.ts";
import { ltspiceModel } from "./ltspice.ts";
import { plecsModel } from "./plecs.ts";
import { tdbLifecycle, tdbModel, type TdbLifecycle } from "./tdb.ts";
import { tdbIgbtModel } from "./tdb-igbt.ts";
import { curvesCsv } from "./curves.ts";
import { generateCharacterisation } from "./characterisation.ts";
import type { DiodeCharacterisation, IgbtCharacterisation, MosfetCharacterisation } from "../../../shared/contract/characterisation.ts";

/** The version the generators write now, and the day it was published. */
export const MODEL_VERSION = "1.4";
export const MODEL_DATE = "2026-11-29";

export interface GeneratedModelFile {
  kind: ModelFileKind;
  fileName: string;
  text: string;
}

/** Reads a file already written at the current version ({part}/{version}/{file}), or null where there is none. */
export type PublishedFile = (part: string, fileName: string) => string | null;

/**
 * The lifecycle a machine-readable datasheet records: the state on the version's day (tdb.ts). Once the part has
 * left that state the content keeps only its day, so the dates and replacement the file published are kept as
 * published, after its state and day are checked against the content's history: a lifecycle change never
 * rewrites a published file nor calls for a new model version (docs/decisions/040-document-revisions.md).
 */
function recordedLifecycle(input: { partNumber: string; lifecycle: ProductLifecycle }, date: string, published: PublishedFile): TdbLifecycle | null {
  const generated = tdbLifecycle(input.partNumber, input.lifecycle, date);
  if (!generated || lifecycleOn(input.lifecycle, date)?.current) return generated;
  const text = published(input.partNumber, `${input.partNumber}.tdb.json`);
  const kept = text === null ? undefined : (JSON.parse(text) as { lifecycle?: TdbLifecycle }).lifecycle;
  if (!kept) return generated;
  if (kept.state !== generated.state || kept.since !== generated.since || kept.as_of !== date)
    throw new Error(`${input.partNumber}: the published lifecycle (${kept.state} since ${kept.since}) is not the content's on ${date}`);
  return kept;
}

/**
 * Beside every ngspice netlist, its LTspice file: translated from the netlist's text (ltspice.ts), so the model's
 * equations are written once, in the ngspice generators, whatever netlists they write
 * (docs/decisions/052-ltspice-models.md).
 */
const withLtspice = (files: GeneratedModelFile[]): GeneratedModelFile[] =>
  files.flatMap((file) => {
    if (file.kind !== "ngspice") return [file];
    const fileName = file.fileName.replace(/\.lib$/, ".ltspice.lib");
    return [file, { kind: "ltspice" as const, fileName, text: ltspiceModel(file.text, fileName) }];
  });

/** A MOSFET's dataset: its machine-readable datasheet is written from it, so a MOSFET without one is an error. */
function mosfetDataset(part: string, dataset: MosfetCharacterisation | DiodeCharacterisation | undefined): MosfetCharacterisation {
  if (dataset?.kind !== "mosfet") throw new Error(`${part}: no MOSFET characterisation dataset`);
  return dataset;
}

function modelFiles(
  input: ModelInput,
  published: PublishedFile,
  dataset: MosfetCharacterisation | DiodeCharacterisation | undefined,
  version = MODEL_VERSION,
  date = MODEL_DATE,
): GeneratedModelFile[] {
  return withLtspice([
    { kind: "ngspice", fileName: `${input.partNumber}.lib`, text: ngspiceModel(input, version) },
    { kind: "plecs", fileName: `${input.partNumber}.plecs.xml`, text: plecsModel(input, version) },
    ...(input.kind === "mosfet"
      ? [
          {
            kind: "tdb" as const,
            fileName: `${input.partNumber}.tdb.json`,
            text: tdbModel(input, mosfetDataset(input.partNumber, dataset), version, input.datasheet, recordedLifecycle(input, date, published)),
          },
        ]
      : []),
    { kind: "csv", fileName: `${input.partNumber}.curves.csv`, text: curvesCsv(input, dataset) },
  ]);
}

/** An IGBT module's dataset: its machine-readable datasheet is written from it, so a module without one is an error. */
function igbtDataset(part: string, dataset: MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation | undefined): IgbtCharacterisation {
  if (dataset?.kind !== "igbt") throw new Error(`${part}: no IGBT characterisation dataset`);
  return dataset;
}

/**
 * A module's files (module.ts, docs/decisions/053-module-models.md) with its machine-readable datasheet from pack 1.4:
 * an IGBT module's one IGBT and its diode (tdb-igbt.ts), a SiC module's one switch with its body diode, written as a
 * discrete SiC MOSFET's from the switch's dataset (tdb.ts; all the module's switches are alike).
 */
function moduleFiles(
  input: ModuleModelInput,
  published: PublishedFile,
  dataset: MosfetCharacterisation | DiodeCharacterisation | IgbtCharacterisation | undefined,
  version = MODEL_VERSION,
  date = MODEL_DATE,
): GeneratedModelFile[] {
  return withLtspice([
    { kind: "ngspice", fileName: `${input.partNumber}.lib`, text: moduleNgspiceModel(input, version) },
    { kind: "plecs", fileName: `${input.partNumber}.plecs.xml`, text: modulePlecsModel(input, version) },
    ...(input.kind === "igbtModule"
      ? [
          {
            kind: "tdb" as const,
            fileName: `${input.partNumber}.tdb.json`,
            text: tdbIgbtModel(input, igbtDataset(input.partNumber, dataset), version, recordedLifecycle(input, date, published)),
          },
        ]
      : [
          {
            kind: "tdb" as const,
            fileName: `${input.partNumber}.tdb.json`,
            text: tdbModel(
              { ...input.switch, partNumber: input.partNumber },
              mosfetDataset(input.partNumber, dataset?.kind === "igbt" ? undefined : dataset),
              version,
              input.switch.datasheet,
              recordedLifecycle({ partNumber: input.partNumber, lifecycle: input.switch.lifecycle }, date, published),
              `one switch and its body diode of the ${input.topologyName.toLowerCase()} module (all its switches are alike)`,
            ),
          },
        ]),
    { kind: "csv", fileName: `${input.partNumber}.curves.csv`, text: moduleCurvesCsv(input) },
  ]);
}

/** Every part's files at the current version; `published` reads what is already written there (the committed pack). */
export function generateModelPack(contentDir?: string, published: PublishedFile = () => null): Map<string, GeneratedModelFile[]> {
  // The curves CSV adds the characterisation dataset's curves (docs/decisions/055-characterisation-dataset.md).
  const datasets = generateCharacterisation(contentDir);
  return new Map([
    ...readModelInputs(contentDir).map((input): [string, GeneratedModelFile[]] => {
      const dataset = datasets.get(input.partNumber);
      return [input.partNumber, modelFiles(input, published, dataset?.kind === "igbt" ? undefined : dataset)];
    }),
    ...readModuleInputs(contentDir).map((input): [string, GeneratedModelFile[]] => [input.partNumber, moduleFiles(input, published, datasets.get(input.partNumber))]),
  ]);
}
