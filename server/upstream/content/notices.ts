// Change and discontinuation notices (notices.json): checked against the catalogue and the documents, then
// stored per language (migration 051) in the one content transaction of load.ts.
import { languages } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import type { DocumentFile, NoticeFile, ProductFile } from "./schema.ts";

/** Throws, naming the notice, on a duplicate number or a part, replacement or qualification document that does not exist. */
export function checkNotices(notices: NoticeFile[], products: ProductFile[], documents: DocumentFile[]): void {
  const parts = new Set(products.map((product) => product.partNumber));
  const documentIds = new Set(documents.map((document) => document.id));
  const numbers = new Set<string>();
  for (const notice of notices) {
    const fail = (message: string): never => {
      throw new Error(`Content file notices.json: ${notice.number}: ${message}`);
    };
    if (numbers.has(notice.number)) fail("the number is used twice");
    numbers.add(notice.number);
    for (const part of [...notice.parts, ...(notice.replacements ?? [])]) if (!parts.has(part)) fail(`${part} is not a part of catalog/products.json`);
    if (notice.qualification !== undefined && !documentIds.has(notice.qualification)) fail(`${notice.qualification} is not a document of documents.json`);
  }
}

export function storeNotices(db: Database, notices: NoticeFile[], products: ProductFile[]): void {
  db.exec("DELETE FROM notices; DELETE FROM notice_parts;");
  const idOf = new Map(products.map((product) => [product.partNumber, product.id]));
  const insert = db.prepare("INSERT INTO notices (number, language, type, issued, year, data) VALUES (?, ?, ?, ?, ?, ?)");
  const link = db.prepare("INSERT INTO notice_parts (number, product_id) VALUES (?, ?)");
  for (const notice of notices) {
    for (const language of languages) {
      const data = {
        title: notice.title[language],
        summary: notice.summary[language],
        changes: notice.changes[language],
        reason: notice.reason[language],
        changeClass: notice.changeClass ?? null,
        effective: notice.effective ?? null,
        lastOrder: notice.lastOrder ?? null,
        lastDelivery: notice.lastDelivery ?? null,
        responseDays: notice.responseDays,
        qualification: notice.qualification ?? null,
        // Product ids, so the notice's page reads its replacements by primary key.
        replacements: (notice.replacements ?? []).map((part) => idOf.get(part)!),
      };
      insert.run(notice.number, language, notice.type, notice.issued, Number(notice.issued.slice(0, 4)), JSON.stringify(data));
    }
    for (const part of notice.parts) link.run(notice.number, idOf.get(part)!);
  }
}
