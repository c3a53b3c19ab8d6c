// Loads services, documents (with their generated PDFs), news and jobs, and the products' parameter
// values, into the database; part of the one content transaction of load.ts.
import type { StatementSync } from "node:sqlite";
import type { z } from "zod";
import { createHash } from "node:crypto";
import { languages } from "../../../shared/languages.ts";
import { serviceTemplateCode } from "../../../shared/contract/services.ts";
import { servicePath } from "../../../shared/paths.ts";
import type { Database } from "../db.ts";
import { printRevision } from "../documents/print.ts";
import { pdfFileName } from "../documents/meta.ts";
import { localize } from "./localize.ts";
import { lossDataParagraphs } from "./loss-data.ts";
import type { LossData } from "../../../shared/contract/loss-data.ts";
import {
  documentFile,
  jobFile,
  newsFile,
  serviceFile,
  type CategoryFile,
  type DocumentFile,
  type JobFile,
  type NewsFile,
  type ProductFile,
  type ServiceFile,
} from "./schema.ts";

export interface LibraryFiles {
  services: ServiceFile[];
  documents: DocumentFile[];
  news: NewsFile[];
  jobs: JobFile[];
}

/** Reads the library files with load.ts's validating reader (passed in, so the modules do not import each other). */
export function readLibraryFiles(readContent: <S extends z.ZodType>(relativePath: string, schema: S) => z.output<S>): LibraryFiles {
  return {
    services: readContent("catalog/services.json", serviceFile.array()),
    documents: readContent("documents.json", documentFile.array()),
    news: readContent("news.json", newsFile.array()),
    jobs: readContent("jobs.json", jobFile.array()),
  };
}

export interface Catalog {
  categories: CategoryFile[];
  products: ProductFile[];
  /** Product id → the estimator's loss data, printed into the product's datasheet. */
  losses?: Map<number, LossData>;
}

/** Stores the library; `insertPage` is load.ts's site_pages insert (template, language, type, url, data). */
export function storeLibrary(db: Database, files: LibraryFiles, catalog: Catalog, insertPage: StatementSync) {
  db.exec(`DELETE FROM product_params; DELETE FROM documents; DELETE FROM document_files; DELETE FROM document_products;
    DELETE FROM document_revisions; DELETE FROM document_moves; DELETE FROM news; DELETE FROM news_tags; DELETE FROM jobs;`);
  storeServicePages(files.services, insertPage);
  storeProductParams(db, catalog);
  storeDocuments(db, files.documents, catalog.products, catalog.losses);
  storeNews(db, files.news);
  storeJobs(db, files.jobs);
}

/** Services are content pages (templateCode service-<name>) in both versions, published and draft. */
function storeServicePages(services: ServiceFile[], insertPage: StatementSync) {
  for (const service of services) {
    for (const language of languages) {
      const localized = localize<{ title: string; summary: string; image: string; sections: unknown[] }>(service, language);
      const page = {
        kind: "page",
        templateCode: serviceTemplateCode(service.name),
        url: servicePath(service.name),
        title: localized.title,
        description: localized.summary,
        banner: { image: localized.image, title: localized.title, subtitle: localized.summary },
        sections: localized.sections,
      };
      for (const pageType of [1, 2]) {
        insertPage.run(page.templateCode, language, pageType, page.url, JSON.stringify(page));
      }
    }
  }
}

/** One row per product, field and language, so filters and numeric sorts run in SQL. */
function storeProductParams(db: Database, { categories, products }: Catalog) {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const familyOf = (id: number): CategoryFile | undefined => {
    let node = byId.get(id);
    while (node && node.parentId !== null) node = byId.get(node.parentId);
    return node;
  };
  const insert = db.prepare(
    "INSERT INTO product_params (product_id, field_id, language, text_value, num_value) VALUES (?, ?, ?, ?, ?)",
  );
  for (const product of products) {
    const fields = new Set((familyOf(product.parentId)?.paramTable ?? []).map((column) => column.fieldId));
    for (const [fieldId, value] of Object.entries(product.params)) {
      if (!fields.has(fieldId)) {
        throw new Error(`Content file catalog/products.json: product ${product.partNumber} has parameter "${fieldId}" that its family's paramTable lacks`);
      }
      for (const language of languages) {
        const local = localize<string | number>(value, language);
        insert.run(product.id, fieldId, language, String(local), typeof local === "number" ? local : null);
      }
    }
  }
}

function storeDocuments(db: Database, documents: DocumentFile[], products: ProductFile[], losses?: Map<number, LossData>) {
  const productIds = new Set(products.map((product) => product.id));
  const documentIds = new Set(documents.map((document) => document.id));
  const insertDocument = db.prepare(
    "INSERT INTO documents (id, language, type, date, version, title, summary) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertFile = db.prepare("INSERT INTO document_files (id, file_name, page_count, sha256, pdf, paragraphs) VALUES (?, ?, ?, ?, ?, ?)");
  const insertRevision = db.prepare(
    "INSERT INTO document_revisions (document_id, revision, position, date, changes_zh, changes_en) VALUES (?, ?, ?, ?, ?, ?)",
  );
  // A former id names one document only (the primary key refuses a second).
  const insertMove = db.prepare("INSERT INTO document_moves (former_id, document_id) VALUES (?, ?)");
  const link = db.prepare("INSERT OR IGNORE INTO document_products (document_id, product_id) VALUES (?, ?)");
  for (const document of documents) {
    for (const language of languages) {
      insertDocument.run(document.id, language, document.type, document.date, document.version, document.title[language], document.summary[language]);
    }
    for (const productId of document.productIds) {
      if (!productIds.has(productId)) throw new Error(`Content file documents.json: ${document.id} names unknown product ${productId}`);
      link.run(document.id, productId);
    }
    const paragraphs = [...document.pages.en, ...lossSection(document, losses), "## Notice", noticeText];
    const pdf = printRevision({ id: document.id, type: document.type, title: document.title.en, paragraphs }, { revision: document.version, date: document.date });
    const sha256 = createHash("sha256").update(pdf.bytes).digest("hex");
    insertFile.run(document.id, pdfFileName(document.title.en, document.version), pdf.pageCount, sha256, pdf.bytes, JSON.stringify(paragraphs));
    document.revisions.forEach((entry, position) => {
      insertRevision.run(document.id, entry.revision, position, entry.date, JSON.stringify(entry.changes.zh), JSON.stringify(entry.changes.en));
    });
    for (const formerId of document.formerIds ?? []) {
      if (documentIds.has(formerId)) throw new Error(`Content file documents.json: ${document.id} names ${formerId} as a former id, but it is a document's id`);
      insertMove.run(formerId, document.id);
    }
  }
  for (const product of products) {
    for (const documentId of product.documents) {
      if (!documentIds.has(documentId)) {
        throw new Error(`Content file catalog/products.json: product ${product.partNumber} names unknown document ${documentId}`);
      }
      link.run(documentId, product.id);
    }
  }
}

/** A datasheet of one power device also shows the estimator's data (loss-data.ts). */
function lossSection(document: DocumentFile, losses?: Map<number, LossData>): string[] {
  const data = document.type === "datasheet" && document.productIds.length === 1 ? losses?.get(document.productIds[0]!) : undefined;
  return data ? lossDataParagraphs(data) : [];
}

const noticeText =
  "Information in this document is believed to be accurate at the date of issue. Qingyun Power Semiconductor reserves the right to change specifications without notice. Samples are provided for evaluation only and not for commercial use. Contact sales@qingyun-power.com or 400-880-6600 for the latest revision.";

function storeNews(db: Database, news: NewsFile[]) {
  const insert = db.prepare(
    "INSERT INTO news (id, language, category, date, image, title, summary, base_views, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const tag = db.prepare("INSERT OR IGNORE INTO news_tags (news_id, language, tag) VALUES (?, ?, ?)");
  for (const article of news) {
    for (const language of languages) {
      insert.run(article.id, language, article.category, article.date, article.image, article.title[language], article.summary[language], article.views, JSON.stringify({ body: article.body[language], tags: article.tags[language] }));
      for (const name of article.tags[language]) tag.run(article.id, language, name);
    }
  }
}

function storeJobs(db: Database, jobs: JobFile[]) {
  const insert = db.prepare(
    "INSERT INTO jobs (id, language, type, title, location, department, headcount, date, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (const job of jobs) {
    for (const language of languages) {
      // The closing date lives in data (no column, so no migration): the list filters on json_extract(data, '$.closingDate').
      const data = {
        description: job.description[language],
        duties: job.duties[language],
        requirements: job.requirements[language],
        email: job.email,
        closingDate: job.closingDate ?? null,
      };
      insert.run(job.id, language, job.type, job.title[language], job.location[language], job.department[language], job.headcount, job.date, JSON.stringify(data));
    }
  }
}
