// Every shown family's members (what a product page's related products are chosen from) are read at start, after the
// content load, so a family's first product page does not read thousands of parts on its request; a later content load
// (materialiseProductTree) drops them, and the next page reads its family again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyMembers, materialiseProductTree, perContentLoad } from "../../server/upstream/catalog/product-tree.ts";
import { languages } from "../../shared/languages.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream();
});
afterAll(() => upstream.cleanup());

const notRead = () => {
  throw new Error("not read at start");
};

describe("family members at start", () => {
  it("holds every shown family's members in both languages once the upstream has started", () => {
    const families = upstream.db.prepare("SELECT id FROM site_list WHERE parent_id IS NULL AND type = 1 AND status = 'on'").all() as Array<{ id: number }>;
    expect(families.length).toBeGreaterThanOrEqual(4);
    for (const { id } of families) {
      const shown = upstream.db.prepare("SELECT COUNT(*) AS n FROM site_tree WHERE ancestor_id = ? AND product = 1").get(id) as { n: number };
      for (const language of languages) {
        const kept = perContentLoad(upstream.db, `family-members:${id}:${language}`, notRead) as unknown[];
        expect(kept, `family ${id} ${language}`).toHaveLength(shown.n);
        expect(familyMembers(upstream.db, id, language)).toBe(kept);
      }
    }
  });

  it("reads a family again after the next content load", () => {
    const { id } = upstream.db.prepare("SELECT id FROM site_list WHERE parent_id IS NULL AND type = 1 AND status = 'on' ORDER BY id").get() as { id: number };
    const before = familyMembers(upstream.db, id, "zh");
    materialiseProductTree(upstream.db);
    expect(() => perContentLoad(upstream.db, `family-members:${id}:zh`, notRead)).toThrow("not read at start");
    const after = familyMembers(upstream.db, id, "zh");
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});
