// Schema tests of document revisions (FORMAT.md, documents.json): the shipped histories validate, and a history
// that is out of order, repeats a revision, disagrees with the current version or has unequal languages is refused.
import { describe, expect, it } from "vitest";
import { readContent, shippedContentDir } from "../../server/upstream/content/load.ts";
import { documentFile } from "../../server/upstream/content/schema.ts";

const documents = readContent("documents.json", documentFile.array(), shippedContentDir);

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
  it("ship with histories whose last entry is the current revision", () => {
    const withHistory = documents.filter((document) => document.revisions !== undefined);
    expect(withHistory.length).toBeGreaterThanOrEqual(4);
    for (const document of withHistory) {
      const last = document.revisions!.at(-1)!;
      expect([last.revision, last.date]).toEqual([document.version, document.date]);
    }
  });

  it("accepts a well-formed history", () => {
    expect(documentFile.safeParse({ ...base, revisions: [first, current] }).success).toBe(true);
  });

  it.each([
    ["out of order", [current, first]],
    ["a repeated revision", [first, { ...current, revision: "1.0" }]],
    ["a last entry that is not the current version", [first]],
    ["unequal languages", [first, { ...current, changes: { zh: ["更正。", "补充。"], en: ["Correction."] } }]],
    ["an empty history", []],
  ])("refuses %s", (_name, revisions) => {
    expect(documentFile.safeParse({ ...base, revisions }).success).toBe(false);
  });
});
