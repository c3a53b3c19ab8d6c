// Document metadata queries shared by the document calls and the product detail.
import type { SQLInputValue } from "node:sqlite";
import { attachDownloadPath, documentTypes, type DocumentMeta, type DocumentType } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { likePattern, placeholders } from "../sql.ts";

interface DocumentRow {
  id: string;
  type: DocumentType;
  title: string;
  summary: string;
  version: string;
  date: string;
  fileName: string;
  fileSize: number;
  pageCount: number;
}

export interface DocumentFilter {
  type?: DocumentType;
  productId?: number;
  /** A family or series: documents of any visible product below it. */
  categoryId?: number | undefined;
  partNumber?: string;
  keyword?: string;
}

const selectMeta = `SELECT d.id, d.type, d.title, d.summary, d.version, d.date, f.file_name AS fileName,
  length(f.pdf) AS fileSize, f.page_count AS pageCount FROM documents d JOIN document_files f ON f.id = d.id`;

export function createDocumentStore(db: Database) {
  const byId = db.prepare(`${selectMeta} WHERE d.id = ? AND d.language = ?`);
  // CROSS JOIN keeps the product's links as the outer loop: left to itself SQLite walks every document.
  const forProduct = db.prepare(
    `SELECT d.id, d.type, d.title, d.summary, d.version, d.date, f.file_name AS fileName, length(f.pdf) AS fileSize,
     f.page_count AS pageCount FROM document_products dp CROSS JOIN documents d ON d.id = dp.document_id JOIN document_files f ON f.id = d.id
     WHERE dp.product_id = ? AND d.language = ? ORDER BY d.type, d.date DESC, d.id`,
  );
  const file = db.prepare("SELECT file_name AS fileName, sha256, pdf FROM document_files WHERE id = ?");

  /** A document as a product's own answer has it (its detail, a list row's datasheet): naming that product
   * alone. A family's application note names thousands of parts, which no product's page shows. */
  function ownMeta(row: DocumentRow, product: { id: number; partNumber: string }): DocumentMeta {
    return { ...row, downloadPath: attachDownloadPath(row.id), products: [{ id: product.id, partNumber: product.partNumber }] };
  }

  /** The metadata of some documents, with the products each names, in one query for all of them. */
  function toMetas(rows: DocumentRow[]): DocumentMeta[] {
    const ids = [...new Set(rows.map((row) => row.id))];
    const products = new Map<string, DocumentMeta["products"]>(ids.map((id) => [id, []]));
    if (ids.length) {
      // Only products the site shows are named beside a document.
      const linked = db
        .prepare(
          `SELECT dp.document_id AS documentId, s.id, s.part_number AS partNumber FROM document_products dp
           JOIN site_list s ON s.id = dp.product_id JOIN site_visible v ON v.id = s.id
           WHERE dp.document_id IN (${placeholders(ids.length)}) AND s.part_number IS NOT NULL ORDER BY s.sort, s.id`,
        )
        .all(...ids) as Array<{ documentId: string; id: number; partNumber: string }>;
      for (const { documentId, id, partNumber } of linked) products.get(documentId)!.push({ id, partNumber });
    }
    return rows.map((row) => ({ ...row, downloadPath: attachDownloadPath(row.id), products: products.get(row.id)! }));
  }

  function where(filter: DocumentFilter, language: Language, withType: boolean) {
    const clauses = ["d.language = ?"];
    const args: SQLInputValue[] = [language];
    if (withType && filter.type) {
      clauses.push("d.type = ?");
      args.push(filter.type);
    }
    if (filter.productId !== undefined) {
      clauses.push("d.id IN (SELECT document_id FROM document_products WHERE product_id = ?)");
      args.push(filter.productId);
    }
    if (filter.categoryId !== undefined) {
      clauses.push("d.id IN (SELECT dp.document_id FROM site_tree t JOIN document_products dp ON dp.product_id = t.node_id WHERE t.ancestor_id = ?)");
      args.push(filter.categoryId);
    }
    if (filter.partNumber) {
      clauses.push("d.id IN (SELECT dp.document_id FROM document_products dp JOIN site_list s ON s.id = dp.product_id WHERE s.part_number = ? COLLATE NOCASE)");
      args.push(filter.partNumber);
    }
    if (filter.keyword) {
      // A part number finds every document of that part (application notes and models name no part in their title).
      clauses.push(
        `(d.title LIKE ? ESCAPE '\\' OR d.summary LIKE ? ESCAPE '\\' OR d.id LIKE ? ESCAPE '\\' OR d.id IN (
          SELECT dp.document_id FROM document_products dp JOIN site_list s ON s.id = dp.product_id
          WHERE s.status = 'on' AND s.part_number LIKE ? ESCAPE '\\'))`,
      );
      const pattern = likePattern(filter.keyword);
      args.push(pattern, pattern, pattern, pattern);
    }
    return { sql: clauses.join(" AND "), args };
  }

  return {
    byId(id: string, language: Language): DocumentMeta | null {
      const row = byId.get(id, language) as DocumentRow | undefined;
      return row ? toMetas([row])[0]! : null;
    },
    forProduct(product: { id: number; partNumber: string }, language: Language): DocumentMeta[] {
      return (forProduct.all(product.id, language) as unknown as DocumentRow[]).map((row) => ownMeta(row, product));
    },
    page(filter: DocumentFilter, language: Language, pageIndex: number, pageSize: number) {
      const listWhere = where(filter, language, true);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM documents d WHERE ${listWhere.sql}`).get(...listWhere.args) as { n: number }).n;
      const rows = db
        .prepare(`${selectMeta} WHERE ${listWhere.sql} ORDER BY d.date DESC, d.id LIMIT ? OFFSET ?`)
        .all(...listWhere.args, pageSize, (pageIndex - 1) * pageSize) as unknown as DocumentRow[];
      const countWhere = where(filter, language, false);
      const typeCounts = Object.fromEntries(documentTypes.map((type) => [type, 0])) as Record<DocumentType, number>;
      const counted = db.prepare(`SELECT d.type, COUNT(*) AS n FROM documents d WHERE ${countWhere.sql} GROUP BY d.type`).all(...countWhere.args) as Array<{
        type: DocumentType;
        n: number;
      }>;
      for (const { type, n } of counted) typeCounts[type] = n;
      return { list: toMetas(rows), total, pageIndex, pageSize, typeCounts };
    },
    /** The current datasheet of each product (newest first wins), naming that product alone, in one query for a
     * whole page of rows. */
    datasheets(productIds: number[], language: Language): Map<number, DocumentMeta> {
      const result = new Map<number, DocumentMeta>();
      if (!productIds.length) return result;
      // CROSS JOIN keeps the page's products as the outer loop: left to itself SQLite walks every datasheet.
      const rows = db
        .prepare(
          `SELECT dp.product_id AS productId, s.part_number AS partNumber, d.id, d.type, d.title, d.summary, d.version, d.date,
           f.file_name AS fileName, length(f.pdf) AS fileSize, f.page_count AS pageCount
           FROM document_products dp CROSS JOIN documents d ON d.id = dp.document_id
           JOIN document_files f ON f.id = d.id JOIN site_list s ON s.id = dp.product_id
           WHERE d.type = 'datasheet' AND d.language = ? AND dp.product_id IN (${placeholders(productIds.length)}) ORDER BY d.date DESC, d.id`,
        )
        .all(language, ...productIds) as unknown as Array<DocumentRow & { productId: number; partNumber: string }>;
      for (const { productId, partNumber, ...row } of rows) if (!result.has(productId)) result.set(productId, ownMeta(row, { id: productId, partNumber }));
      return result;
    },
    file(id: string) {
      return file.get(id) as { fileName: string; sha256: string; pdf: Uint8Array } | undefined;
    },
  };
}
