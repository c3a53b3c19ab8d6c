// A product family's model pack: every shown part's model files of one published version in one ZIP archive, with a
// README that says what each file is and a SHA256SUMS that `sha256sum -c` checks. An engineer who evaluates a
// family brings its parts into a simulator at once instead of downloading three files per part. The archive is
// written file by file as it is sent (zip.ts), so its size never sits in memory; the same version and parts give
// the same bytes (docs/decisions/027-model-topology.md, "Family packs").
import { createHash } from "node:crypto";
import { modelFamilyPackPath, tdbSchemaPath, type ModelFamilyPack } from "../../../shared/contract/models.ts";
import { modelValidationPagePath } from "../../../shared/model-validation-path.ts";
import { localizePath, type Language } from "../../../shared/languages.ts";
import { compareVersions, type ModelStore, type StoredModelFile } from "./store.ts";
import type { ZipEntry } from "./zip.ts";

/** The family a shown part belongs to (its top product-tree node), or null when the part is not shown. */
export type FamilyOfPart = (partNumber: string) => { id: number; name: Record<Language, string> } | null;

export interface FamilyPack {
  /** The archive's file name, e.g. qingyun_sic-mosfets_models_v1.2.zip. */
  fileName: string;
  date: string;
  /** The newest version of the family's pack, to say that a newer one exists. */
  newest: string;
  /** Same version and files, same tag: the archive's bytes follow from them. */
  etag: string;
  entries(): Generator<ZipEntry>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const kindNames: Record<StoredModelFile["kind"], string> = {
  ngspice: "ngspice netlist (SPICE) / ngspice 网表",
  ltspice: "LTspice netlist (SPICE; .lib it in LTspice) / LTspice 网表（在 LTspice 中以 .lib 引用）",
  plecs: "PLECS thermal description / PLECS 热描述",
  tdb: "machine-readable datasheet, transistordatabase format / 机读数据手册（transistordatabase 格式）",
  csv: "every curve, one point per row / 全部曲线数据，每行一个点",
};

export function createFamilyPacks(store: ModelStore, familyOf: FamilyOfPart, publicOrigin: string) {
  /** Each shown family's parts with model files, by family id. */
  function families() {
    const found = new Map<number, { id: number; name: Record<Language, string>; parts: string[] }>();
    for (const part of store.parts()) {
      const family = familyOf(part);
      if (!family) continue;
      const entry = found.get(family.id) ?? { ...family, parts: [] };
      entry.parts.push(part);
      found.set(family.id, entry);
    }
    return [...found.values()].sort((a, b) => a.id - b.id);
  }

  /** The parts of the family with files at the version, and the newest version any of them has. The families are
   * read once by the caller: each reading asks every part's family (at 10,000 parts, the list read them once per
   * family and took 4 s, past the page's upstream timeout). */
  function membersAt(family: ReturnType<typeof families>[number] | undefined, version: string) {
    if (!family) return null;
    const parts = family.parts.filter((part) => store.storedFiles(part, version).length > 0);
    const newest = family.parts
      .map((part) => store.newestVersion(part)!)
      .sort(compareVersions)
      .at(-1)!;
    return parts.length ? { family, parts, newest } : null;
  }

  return {
    /** Every shown family's pack at its newest version (queryModelFamilyPacks). */
    list(language: Language): ModelFamilyPack[] {
      return families().flatMap((family) => {
        const version = family.parts
          .map((part) => store.newestVersion(part)!)
          .sort(compareVersions)
          .at(-1)!;
        const members = membersAt(family, version);
        if (!members) return [];
        const files = members.parts.reduce((sum, part) => sum + store.storedFiles(part, version).length, 0);
        return [
          {
            familyId: family.id,
            name: family.name[language],
            version,
            date: store.dateOf(version)!,
            parts: members.parts,
            files,
            downloadPath: modelFamilyPackPath(family.id, version),
          },
        ];
      });
    },

    /** The family's pack at a published version, or null (no such family, version, or no part with files at it). */
    pack(familyId: number, version: string): FamilyPack | null {
      const date = store.dateOf(version);
      const members = date
        ? membersAt(
            families().find((entry) => entry.id === familyId),
            version,
          )
        : null;
      if (!date || !members) return null;
      const { family, parts, newest } = members;
      const folder = `qingyun_${slug(family.name.en)}_models_v${version}`;
      const files = parts.flatMap((part) => store.storedFiles(part, version));
      const etag = createHash("sha256")
        .update([folder, version, ...files.map((file) => `${file.part}/${file.fileName}:${file.sha256}`)].join("\n"))
        .digest("hex");
      const readme = (): string => {
        const lines = [
          `Qingyun Power Semiconductor Co., Ltd. / 青云功率半导体有限公司`,
          `Model pack ${version} (${date}) of the family / 产品系列模型包：${family.name.en} / ${family.name.zh}`,
          "",
          "Files of each part / 每个型号的文件:",
          ...(["ngspice", "ltspice", "plecs", "tdb", "csv"] as const).flatMap((kind) => {
            const example = files.find((file) => file.kind === kind);
            return example ? [`  {part}${example.fileName.slice(example.part.length)}  ${kindNames[kind]}`] : [];
          }),
          "",
          ...(files.some((file) => file.kind === "tdb")
            ? [`Machine-readable datasheet schema / 机读数据手册的 JSON Schema: ${new URL(`/api${tdbSchemaPath}`, publicOrigin).href}`]
            : []),
          "Check the files / 校验文件: sha256sum -c SHA256SUMS",
          "",
          "Parts, and the validation report of each part's newest models / 型号及其最新模型的验证报告:",
          ...parts.map((part) =>
            store.hasValidation(part) ? `  ${part}  ${new URL(localizePath(modelValidationPagePath(part), "en"), publicOrigin).href}` : `  ${part}`,
          ),
          "",
          "Each file's header states its pins, parameters and validity range. Switching energies are not validated in simulation:",
          "use the energy tables of the PLECS file (the datasheet's values) for switching losses.",
          "每个文件的文件头写明引脚、参数与适用范围。开关能量尚未经仿真验证：计算开关损耗请使用 PLECS 文件中的能量表（即数据手册数值）。",
          "",
        ];
        return lines.join("\n");
      };
      return {
        fileName: `${folder}.zip`,
        date,
        newest,
        etag: `W/"${etag}"`,
        *entries() {
          yield { name: `${folder}/README.txt`, bytes: Buffer.from(readme(), "utf8") };
          const sums = files.map((file) => `${file.sha256}  ${file.part}/${file.fileName}\n`).join("");
          yield { name: `${folder}/SHA256SUMS`, bytes: Buffer.from(sums, "ascii") };
          // Each file read when its turn comes: the generator is pulled one entry at a time (zip.ts), so one file is in memory.
          for (const file of files) yield { name: `${folder}/${file.part}/${file.fileName}`, bytes: file.read() };
        },
      };
    },
  };
}
export type FamilyPacks = ReturnType<typeof createFamilyPacks>;
