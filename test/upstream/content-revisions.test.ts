// Schema tests of document revisions (FORMAT.md, documents.json): every document carries a history that agrees with
// its parts' lifecycle and the change notices, and a history that is out of order, repeats a revision, disagrees
// with the current version or has unequal languages is refused. The model pack's history is held to the same.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { documentFile, lifecycleFile, noticeFile, productFile } from "../../server/upstream/content/schema.ts";
import { modelVersionsFile } from "../../server/upstream/models/store.ts";

const documents = readContent("documents.json", documentFile.array(), shippedContentDir);
const products = readContent("catalog/products.json", productFile.array(), shippedContentDir);
const lifecycle = readContent("catalog/lifecycle.json", lifecycleFile.array(), shippedContentDir);
const notices = readContent("notices.json", noticeFile.array(), shippedContentDir);

/** A part's introduction: the first day of its earliest lifecycle state. */
function introduction(productId: number): string | undefined {
  const part = products.find((product) => product.id === productId)?.partNumber;
  const entry = lifecycle.find((candidate) => candidate.partNumber === part);
  return entry ? [...(entry.history ?? []), entry].map((step) => step.since).sort()[0] : undefined;
}

const base = {
  id: "ds-test",
  type: "datasheet",
  title: { zh: "测试", en: "Test" },
  summary: { zh: "测试", en: "Test" },
  version: "1.1",
  date: "2026-01-15",
  productIds: [10001],
  pages: { en: ["Test"] },
};
const first = { revision: "1.0", date: "2024-06-03", changes: { zh: ["首次发布。"], en: ["First release."] } };
const current = { revision: "1.1", date: "2026-01-15", changes: { zh: ["更正。"], en: ["Correction."] } };

describe("document revisions", () => {
  it("ship with every document, the last entry the current revision", () => {
    expect(documents.length).toBeGreaterThanOrEqual(70);
    for (const document of documents) {
      const last = document.revisions.at(-1)!;
      expect([document.id, last.revision, last.date]).toEqual([document.id, document.version, document.date]);
      const dates = document.revisions.map((revision) => revision.date);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it("release no datasheet before its part, and no note or model before the first of its parts", () => {
    for (const document of documents.filter((candidate) => ["datasheet", "applicationNote", "simulationModel"].includes(candidate.type))) {
      const introductions = document.productIds.map(introduction).filter((day) => day !== undefined);
      const earliest = introductions.sort()[0];
      if (earliest === undefined) continue;
      expect(`${document.id} ${document.revisions[0]!.date >= earliest}`).toBe(`${document.id} true`);
    }
  });

  it("republish a datasheet that a change notice corrects, the day the notice is issued", () => {
    const corrections = notices.filter((notice) => documents.find((document) => document.id === notice.qualification)?.type === "datasheet");
    expect(corrections.length).toBeGreaterThan(0);
    for (const notice of corrections) {
      for (const part of notice.parts) {
        const productId = products.find((product) => product.partNumber === part)!.id;
        const datasheet = documents.find((document) => document.type === "datasheet" && document.productIds.includes(productId))!;
        const revision = datasheet.revisions.find((entry) => entry.date === notice.issued);
        expect(revision?.changes.en.join(" "), `${datasheet.id} on ${notice.issued}`).toContain(notice.number);
      }
    }
  });

  it("keep the model pack's history in both languages, oldest first", () => {
    const versions = modelVersionsFile.parse(JSON.parse(readFileSync(path.join(shippedContentDir, "models", "versions.json"), "utf8")));
    expect(versions.length).toBeGreaterThan(0);
    const reversed = [...versions].reverse();
    expect(modelVersionsFile.safeParse(reversed).success).toBe(versions.length < 2);
  });

  it("accepts a well-formed history", () => {
    expect(documentFile.safeParse({ ...base, revisions: [first, current] }).success).toBe(true);
  });

  it("accepts a second revision on the day of the one before it (a same-day correction)", () => {
    const again = { revision: "1.2", date: current.date, changes: { zh: ["再次更正。"], en: ["Corrected again."] } };
    expect(documentFile.safeParse({ ...base, version: "1.2", revisions: [first, current, again] }).success).toBe(true);
  });

  it.each([
    ["out of order", [current, first]],
    ["a repeated revision", [first, { ...current, revision: "1.0" }]],
    ["a last entry that is not the current version", [first]],
    ["unequal languages", [first, { ...current, changes: { zh: ["更正。", "补充。"], en: ["Correction."] } }]],
    ["an empty history", []],
    ["no history", undefined],
  ])("refuses %s", (_name, revisions) => {
    expect(documentFile.safeParse({ ...base, revisions }).success).toBe(false);
  });
});
