// The published model files of content/models/{part}/{version}/{file}: each file's size and SHA-256, read once at
// start so the product detail lists them; its bytes are read from the disk when they are sent (a file, a family's
// pack one file at a time), not kept: at 10,000 parts they would be hundreds of megabytes held for good
// (docs/decisions/054-html-datasheet.md, "Family packs at 10,000 parts"). Versions are the ones content/models/versions.json names, with their publication dates; a folder
// of another version is not served (test/upstream/models-pack.test.ts checks there is none).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { modelFilePath, modelPathSegments, modelVersion, type ModelFile, type ModelFileKind } from "../../../shared/contract/models.ts";
import type { ModelValidation, PartValidation } from "../../../shared/contract/model-validation.ts";
import { shippedContentDir } from "../content/load.ts";
import { modelValidationFile } from "../content/schema.ts";
import { readCurvesCsv } from "./curves-read.ts";

export interface StoredModelFile extends ModelFile {
  part: string;
  /** The file's bytes, read from the disk on each call (a published version's file never changes). */
  read: () => Buffer;
  contentType: string;
}

const extensions: Record<ModelFileKind, string> = { ngspice: ".lib", ltspice: ".ltspice.lib", plecs: ".plecs.xml", tdb: ".tdb.json", csv: ".curves.csv" };
/** A file's kind by the longest extension it ends with: PART.ltspice.lib also ends with the ngspice file's ".lib". */
const kindOf = (fileName: string): ModelFileKind | null =>
  (Object.keys(extensions) as ModelFileKind[]).filter((kind) => fileName.endsWith(extensions[kind])).sort((a, b) => extensions[b].length - extensions[a].length)[0] ??
  null;
// RFC 4180 registers text/csv; header=present says the first line names the columns.
const contentTypes: Record<ModelFileKind, string> = {
  ngspice: "text/plain; charset=us-ascii",
  ltspice: "text/plain; charset=us-ascii",
  plecs: "application/xml",
  tdb: "application/json",
  csv: "text/csv; charset=us-ascii; header=present",
};

/** Compares versions numerically ("1.10" after "1.9"). */
export const compareVersions = (a: string, b: string) => {
  const left = a.split(".").map(Number);
  const right = b.split(".").map(Number);
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference) return difference;
  }
  return 0;
};

/** The model pack's revision history (FORMAT.md, models/): oldest first, each version with what changed in both languages. */
export const modelVersionsFile = z
  .array(
    z.strictObject({
      version: modelVersion,
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      notes: z.strictObject({ zh: z.string().min(1), en: z.string().min(1) }),
    }),
  )
  .min(1)
  .refine(
    // Two versions may share a day (a fix published the day of its release); never an earlier one after a later.
    (versions) =>
      versions.every((entry, index) => index === 0 || (compareVersions(entry.version, versions[index - 1]!.version) > 0 && entry.date >= versions[index - 1]!.date)),
    "versions are listed oldest first",
  );

export function createModelStore(contentDir = shippedContentDir) {
  const root = path.join(contentDir, "models");
  const files = new Map<string, StoredModelFile>();
  // Each part's files: a family's pack and a part's listing look them up per part, never by a walk over every file.
  const byPart = new Map<string, StoredModelFile[]>();
  const newest = new Map<string, string>();
  const dates = new Map<string, string>();
  if (existsSync(path.join(root, "versions.json"))) {
    const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(root, "versions.json"), "utf8")));
    for (const entry of versions) dates.set(entry.version, entry.date);
    // A part's folder is named by its part number; validation/ holds the reports (validation.ts), not files.
    for (const part of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory() && modelPathSegments.part.test(entry.name))) {
      for (const version of readdirSync(path.join(root, part.name))) {
        const date = dates.get(version);
        if (!date) continue;
        for (const fileName of readdirSync(path.join(root, part.name, version))) {
          const kind = kindOf(fileName);
          if (!kind) continue;
          const file = path.join(root, part.name, version, fileName);
          const bytes = readFileSync(file);
          const stored: StoredModelFile = {
            part: part.name,
            kind,
            fileName,
            version,
            date,
            fileSize: bytes.length,
            sha256: createHash("sha256").update(bytes).digest("hex"),
            downloadPath: modelFilePath(part.name, version, fileName),
            read: () => readFileSync(file),
            contentType: contentTypes[kind],
          };
          files.set(`${part.name}/${version}/${fileName}`, stored);
          byPart.set(part.name, [...(byPart.get(part.name) ?? []), stored]);
        }
        if (compareVersions(version, newest.get(part.name) ?? "0.0") > 0) newest.set(part.name, version);
      }
    }
  }
  // Each version's validation report (validation/{version}.json), checked against its schema at start like every content file.
  const reports = new Map<string, { simulator: string; part: PartValidation }>();
  for (const [version] of dates) {
    const file = path.join(root, "validation", `${version}.json`);
    if (!existsSync(file)) continue;
    const report = modelValidationFile.parse(JSON.parse(readFileSync(file, "utf8")));
    if (report.version !== version) throw new Error(`${file}: the report is of version ${report.version}`);
    for (const part of report.parts) reports.set(`${part.partNumber}/${version}`, { simulator: report.simulator, part });
  }
  const meta = ({ read: _read, contentType: _type, part: _part, ...file }: StoredModelFile): ModelFile => file;
  const kindOrder: ModelFileKind[] = ["ngspice", "ltspice", "plecs", "tdb", "csv"];
  const storedOf = (part: string, version: string): StoredModelFile[] =>
    (byPart.get(part) ?? []).filter((file) => file.version === version).sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind));
  const filesOf = (part: string, version: string): ModelFile[] => storedOf(part, version).map(meta);
  return {
    /** The part's files of one version with their readers, in the fixed order (a family's pack, family-packs.ts). */
    storedFiles: storedOf,
    /** Every part that has model files, by part number. */
    parts: () => [...newest.keys()].sort(),
    /** The day a version was published; undefined for a version versions.json does not name. */
    dateOf: (version: string) => dates.get(version),
    file: (part: string, version: string, fileName: string) => files.get(`${part}/${version}/${fileName}`),
    /** The part's files at its newest version, in a fixed order (netlists, thermal description, machine-readable datasheet, curves). */
    forPart(part: string): ModelFile[] {
      const version = newest.get(part);
      return version ? filesOf(part, version) : [];
    },
    /** Every published version of the part's files, newest first (queryPartModels). */
    versionsOf(part: string): Array<{ version: string; date: string; files: ModelFile[] }> {
      const versions = [...new Set((byPart.get(part) ?? []).map((file) => file.version))].sort(compareVersions).reverse();
      return versions.map((version) => ({ version, date: dates.get(version)!, files: filesOf(part, version) }));
    },
    /** The part's validation report at its newest version, with that version's files; undefined where there is none. */
    validation(part: string): ModelValidation | undefined {
      const version = newest.get(part);
      const report = version ? reports.get(`${part}/${version}`) : undefined;
      if (!version || !report) return undefined;
      return { ...report.part, version, date: dates.get(version)!, simulator: report.simulator, files: filesOf(part, version) };
    },
    /** Every part whose newest version has a validation report, with that version and its date, by part number. */
    validations: () =>
      [...newest]
        .filter(([part, version]) => reports.has(`${part}/${version}`))
        .map(([partNumber, version]) => ({ partNumber, version, date: dates.get(version)! }))
        .sort((a, b) => a.partNumber.localeCompare(b.partNumber)),
    /** Whether the part's newest version has a validation report (the product detail links the page then). */
    hasValidation: (part: string) => reports.has(`${part}/${newest.get(part)}`),
    /**
     * The part's curves at its newest version, read from that version's curves CSV on each call (a page's render is
     * cached; keeping every part's parsed curves would double what the store holds); undefined where there is none.
     */
    curves(part: string) {
      const version = newest.get(part);
      const file = version ? storedOf(part, version).find((stored) => stored.kind === "csv") : undefined;
      if (!version || !file) return undefined;
      return { partNumber: part, version, date: dates.get(version)!, file: meta(file), curves: readCurvesCsv(file.read().toString("utf8")) };
    },
    /** The part's newest version, so an older file can say that a newer one exists. */
    newestVersion: (part: string) => newest.get(part) ?? null,
  };
}
export type ModelStore = ReturnType<typeof createModelStore>;
