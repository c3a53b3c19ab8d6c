// Reading the notices (migration 051): a page of them with filters, one by number, and a part's own, each
// with its shown parts in catalogue order, in one query per page (never one per row).
import type { SQLInputValue } from "node:sqlite";
import type { ChangeClass, NoticeDetail, NoticeListItem, NoticeType } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { createDocumentStore } from "../documents/store.ts";
import { placeholders } from "../sql.ts";

interface NoticeRow {
  number: string;
  type: NoticeType;
  issued: string;
  data: string;
}

interface NoticeData {
  title: string;
  summary: string;
  changes: string[];
  reason: string[];
  changeClass: ChangeClass | null;
  effective: string | null;
  lastOrder: string | null;
  lastDelivery: string | null;
  responseDays: number;
  qualification: string | null;
  /** Product ids (content/notices.ts). */
  replacements: number[];
}

export interface NoticeFilter {
  productId?: number;
  familyId?: number;
  type?: NoticeType;
  year?: number;
}

type Part = { id: number; partNumber: string };

export function createNoticeStore(db: Database) {
  const documents = createDocumentStore(db);
  const byNumber = db.prepare("SELECT number, type, issued, data FROM notices WHERE number = ? AND language = ?");
  const years = db.prepare("SELECT DISTINCT year FROM notices WHERE language = ? ORDER BY year DESC");
  // A part's own notices: its links, then the notices by primary key.
  const ofProduct = db.prepare(
    `SELECT n.number, n.type, n.issued, n.data FROM notice_parts p CROSS JOIN notices n ON n.number = p.number AND n.language = ?
     WHERE p.product_id = ? ORDER BY n.issued DESC, n.number DESC`,
  );
  /** Some shown products by id, in catalogue order. */
  function partsById(ids: number[]): Part[] {
    if (!ids.length) return [];
    return db
      .prepare(
        `SELECT s.id, s.part_number AS partNumber FROM site_list s JOIN site_visible v ON v.id = s.id
         JOIN site_tree t ON t.ancestor_id = s.id AND t.node_id = s.id WHERE s.id IN (${placeholders(ids.length)}) ORDER BY t.position`,
      )
      .all(...ids) as Part[];
  }

  /** The shown parts of some notices, in catalogue order: number → parts. */
  function partsOf(numbers: string[]): Map<string, Part[]> {
    const result = new Map<string, Part[]>(numbers.map((number) => [number, []]));
    if (!numbers.length) return result;
    const rows = db
      .prepare(
        `SELECT p.number, s.id, s.part_number AS partNumber FROM notice_parts p JOIN site_list s ON s.id = p.product_id
         JOIN site_visible v ON v.id = s.id JOIN site_tree t ON t.ancestor_id = s.id AND t.node_id = s.id
         WHERE p.number IN (${placeholders(numbers.length)}) ORDER BY t.position`,
      )
      .all(...numbers) as Array<Part & { number: string }>;
    for (const { number, ...part } of rows) result.get(number)!.push(part);
    return result;
  }

  function toItem(row: NoticeRow, parts: Part[]): NoticeListItem {
    const data = JSON.parse(row.data) as NoticeData;
    return {
      number: row.number,
      type: row.type,
      issued: row.issued,
      title: data.title,
      summary: data.summary,
      parts,
      changeClass: data.changeClass,
      effective: data.effective,
      lastOrder: data.lastOrder,
      lastDelivery: data.lastDelivery,
    };
  }

  function items(rows: NoticeRow[]): NoticeListItem[] {
    const parts = partsOf(rows.map((row) => row.number));
    return rows.map((row) => toItem(row, parts.get(row.number)!));
  }

  return {
    page(filter: NoticeFilter, language: Language, pageIndex: number, pageSize: number) {
      const where = ["n.language = ?"];
      const args: SQLInputValue[] = [language];
      if (filter.type) {
        where.push("n.type = ?");
        args.push(filter.type);
      }
      if (filter.year) {
        where.push("n.year = ?");
        args.push(filter.year);
      }
      if (filter.productId !== undefined) {
        where.push("n.number IN (SELECT number FROM notice_parts WHERE product_id = ?)");
        args.push(filter.productId);
      }
      if (filter.familyId !== undefined) {
        // The family's visible parts from the materialised tree (catalog/product-tree.ts), then their links.
        where.push("n.number IN (SELECT p.number FROM site_tree t JOIN notice_parts p ON p.product_id = t.node_id WHERE t.ancestor_id = ? AND t.product = 1)");
        args.push(filter.familyId);
      }
      const clause = where.join(" AND ");
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM notices n WHERE ${clause}`).get(...args) as { n: number }).n;
      const rows = db
        .prepare(`SELECT n.number, n.type, n.issued, n.data FROM notices n WHERE ${clause} ORDER BY n.issued DESC, n.number DESC LIMIT ? OFFSET ?`)
        .all(...args, pageSize, (pageIndex - 1) * pageSize) as unknown as NoticeRow[];
      return {
        list: items(rows),
        total,
        pageIndex,
        pageSize,
        years: (years.all(language) as Array<{ year: number }>).map((row) => row.year),
      };
    },
    byNumber(number: string, language: Language): NoticeDetail | null {
      const row = byNumber.get(number, language) as NoticeRow | undefined;
      if (!row) return null;
      const data = JSON.parse(row.data) as NoticeData;
      const respondBy = new Date(Date.parse(`${row.issued}T00:00:00Z`) + data.responseDays * 86_400_000).toISOString().slice(0, 10);
      return {
        ...items([row])[0]!,
        changes: data.changes,
        reason: data.reason,
        responseDays: data.responseDays,
        respondBy,
        qualification: data.qualification ? documents.byId(data.qualification, language) : null,
        replacements: partsById(data.replacements),
      };
    },
    forProduct(productId: number, language: Language): NoticeListItem[] {
      return items(ofProduct.all(language, productId) as unknown as NoticeRow[]);
    },
  };
}
