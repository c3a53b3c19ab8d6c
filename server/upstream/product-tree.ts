// Reading the product tree: a node with its ancestor chain, visibility (a node shows only when it and
// every ancestor are on), the family's parameter table, and the SQL of a node's visible subtree.
import type { ParamColumn } from "../../shared/contract/index.ts";
import type { Language } from "../../shared/languages.ts";
import type { Database } from "./db.ts";
import { localize } from "./content/localize.ts";

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

/** SQL of the visible subtree of the node bound to the first parameter (the node itself included). */
export const subtreeCte = `subtree(id) AS (
  SELECT ?
  UNION ALL SELECT c.id FROM site_list c JOIN subtree t ON c.parent_id = t.id WHERE c.status = 'on'
)`;

/** SQL of every visible node of the tree. */
export const visibleCte = `visible(id) AS (
  SELECT id FROM site_list WHERE parent_id IS NULL AND status = 'on' AND type = 1
  UNION ALL SELECT c.id FROM site_list c JOIN visible v ON c.parent_id = v.id WHERE c.status = 'on'
)`;

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

  return { visibleChain, idOfPartNumber };
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
