// Reading the product tree: a node with its ancestor chain, visibility (a node shows only when it and
// every ancestor are on), the family's parameter table, and the materialised tree the calls read (site_tree).
import type { ParamColumn } from "../../../shared/contract/index.ts";
import { languages, type Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { localize } from "../content/localize.ts";

export interface TreeRow {
  id: number;
  parentId: number | null;
  level: number;
  status: "on" | "off";
  partNumber: string | null;
  nameZh: string;
  nameEn: string;
  data: string;
}

/**
 * Materialises the tree's reachability, visibility and per-node filter values (migration 020) from site_list and
 * product_params; part of the content load's transaction, so every call reads them instead of walking the tree.
 */
export function materialiseProductTree(db: Database): void {
  derived.delete(db);
  db.exec(`DELETE FROM site_tree; DELETE FROM site_visible; DELETE FROM site_param_values;
    INSERT INTO site_tree (ancestor_id, node_id, position, product)
    WITH RECURSIVE paths(ancestor_id, node_id) AS (
      SELECT id, id FROM site_list
      UNION ALL SELECT p.ancestor_id, c.id FROM paths p JOIN site_list c ON c.parent_id = p.node_id WHERE c.status = 'on'
    ),
    ordered(id, position, product) AS (
      SELECT s.id, ROW_NUMBER() OVER (ORDER BY p.sort, s.parent_id, s.sort, s.id), s.part_number IS NOT NULL
      FROM site_list s LEFT JOIN site_list p ON p.id = s.parent_id
    )
    SELECT paths.ancestor_id, paths.node_id, o.position, o.product FROM paths JOIN ordered o ON o.id = paths.node_id;
    INSERT INTO site_visible (id)
    SELECT t.node_id FROM site_list r JOIN site_tree t ON t.ancestor_id = r.id
    WHERE r.parent_id IS NULL AND r.status = 'on' AND r.type = 1;
    INSERT INTO site_param_values (ancestor_id, language, field_id, text_value, num_value, count)
    SELECT t.ancestor_id, f.language, f.field_id, f.text_value, f.num_value, COUNT(*)
    FROM site_tree t JOIN product_params f ON f.product_id = t.node_id
    WHERE t.product = 1 GROUP BY t.ancestor_id, f.language, f.field_id, f.text_value;`);
}

/** The visible nodes as a CTE named `visible(id)`, read from the materialised set (no walk of the tree). */
export const visibleCte = "visible(id) AS (SELECT id FROM site_visible)";

/** A family's products with their numeric parameters, in catalogue order: what related products weigh. */
export interface FamilyMember {
  id: number;
  parentId: number;
  params: Record<string, number>;
}

/** What is derived from the catalog tables, per database and key: built on first use, dropped with every content load. */
const derived = new WeakMap<Database, Map<string, unknown>>();

/**
 * `build()`'s result, kept until the next content load. The catalog tables (site_list, product_params and what
 * materialiseProductTree derives from them) are written only by the content load, which ends in
 * materialiseProductTree; a reading of thousands of parts is then made once per load instead of once per call.
 * `key` names what is built (and its arguments); the value must not be changed by its callers.
 */
export function perContentLoad<T>(db: Database, key: string, build: () => T): T {
  let byKey = derived.get(db);
  if (!byKey) {
    byKey = new Map();
    derived.set(db, byKey);
  }
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = build();
  byKey.set(key, value);
  return value;
}

/** The visible products of a family with their numbers (thousands of parts: read once per content load, not per page). */
export function familyMembers(db: Database, familyId: number, language: Language): FamilyMember[] {
  return perContentLoad(db, `family-members:${familyId}:${language}`, () => readFamilyMembers(db, familyId, language));
}

/** Reads every shown family's members in both languages now, after the content load at start: the first product
 * page of each family read them on its request (20-30 ms a family at 10,000 parts, a family's first page twice as slow
 * as its next). */
export function warmFamilyMembers(db: Database): void {
  const families = db.prepare("SELECT id FROM site_list WHERE parent_id IS NULL AND type = 1 AND status = 'on'").all() as Array<{ id: number }>;
  for (const { id } of families) for (const language of languages) familyMembers(db, id, language);
}

function readFamilyMembers(db: Database, familyId: number, language: Language): FamilyMember[] {
  const members = new Map<number, FamilyMember>();
  const rows = db
    .prepare(
      `SELECT t.node_id AS id, s.parent_id AS parentId, f.field_id AS fieldId, f.num_value AS num
       FROM site_tree t JOIN site_list s ON s.id = t.node_id
       LEFT JOIN product_params f ON f.product_id = t.node_id AND f.language = ? AND f.num_value IS NOT NULL
       WHERE t.ancestor_id = ? AND t.product = 1 ORDER BY t.position`,
    )
    // Row by row (a family of 2,761 parts is about 25,000 rows): kept in one array they outlived the young generation.
    .iterate(language, familyId) as Iterable<{ id: number; parentId: number; fieldId: string | null; num: number | null }>;
  for (const row of rows) {
    let member = members.get(row.id);
    if (!member) {
      member = { id: row.id, parentId: row.parentId, params: {} };
      members.set(row.id, member);
    }
    if (row.fieldId !== null && row.num !== null) member.params[row.fieldId] = row.num;
  }
  return [...members.values()];
}

/** Each shown part's family (its top node), by part number in upper case (part numbers match without case). */
function readFamilyOfParts(db: Database) {
  const rows = db
    .prepare(
      `WITH ${visibleCte}
       SELECT s.part_number AS partNumber, top.id, top.name_zh AS nameZh, top.name_en AS nameEn
       FROM visible v JOIN site_list s ON s.id = v.id JOIN site_tree t ON t.node_id = s.id JOIN site_list top ON top.id = t.ancestor_id
       WHERE s.part_number IS NOT NULL AND top.parent_id IS NULL`,
    )
    .all() as Array<{ partNumber: string; id: number; nameZh: string; nameEn: string }>;
  const families = new Map<number, { id: number; name: Record<Language, string> }>();
  return new Map(
    rows.map((row) => {
      const family = families.get(row.id) ?? { id: row.id, name: { zh: row.nameZh, en: row.nameEn } };
      families.set(row.id, family);
      return [row.partNumber.toUpperCase(), family];
    }),
  );
}

export function createTreeReader(db: Database) {
  const byId = db.prepare(
    "SELECT id, parent_id AS parentId, level, status, part_number AS partNumber, name_zh AS nameZh, name_en AS nameEn, data FROM site_list WHERE id = ? AND type = 1",
  );
  const byPartNumber = db.prepare("SELECT id FROM site_list WHERE type = 1 AND part_number = ? COLLATE NOCASE");

  /** The chain from the family (level 1) down to the node, or null when the node is missing or hidden. */
  function visibleChain(id: number): TreeRow[] | null {
    const chain: TreeRow[] = [];
    let current = byId.get(id) as TreeRow | undefined;
    while (current) {
      if (current.status !== "on") return null;
      chain.unshift(current);
      if (current.parentId === null) return chain;
      // A cycle in content would loop forever; the tree is at most a few levels deep.
      if (chain.length > 10) return null;
      current = byId.get(current.parentId) as TreeRow | undefined;
    }
    return null;
  }

  function idOfPartNumber(partNumber: string): number | null {
    return (byPartNumber.get(partNumber) as { id: number } | undefined)?.id ?? null;
  }

  /** The family (top node) of a shown part, or null when the part is unknown or not shown. Every shown part's, read
   * in one pass per content load: a family's model pack asks it of every part with models (10,000 walks up the
   * tree, each row with its stored data, took 0.7 s a reading at 10,000 parts). */
  function familyOfPart(partNumber: string): { id: number; name: Record<Language, string> } | null {
    return perContentLoad(db, "family-of-part", () => readFamilyOfParts(db)).get(partNumber.toUpperCase()) ?? null;
  }

  return { visibleChain, idOfPartNumber, familyOfPart };
}

export function nodeName(row: TreeRow, language: Language): string {
  return language === "zh" ? row.nameZh : row.nameEn;
}

/** The parameter table of a family row (level 1), in one language. */
export function paramTableOf(family: TreeRow, language: Language): ParamColumn[] {
  const data = JSON.parse(family.data) as { paramTable?: unknown[] };
  return localize<Array<Omit<ParamColumn, "unit"> & { unit?: string }>>(data.paramTable ?? [], language).map((column) => ({
    fieldId: column.fieldId,
    paramName: column.paramName,
    screenName: column.screenName ?? null,
    sortable: column.sortable,
    unit: column.unit ?? null,
  }));
}
