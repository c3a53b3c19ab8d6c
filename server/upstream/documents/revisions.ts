// A document's revisions and the ids it moved from (docs/decisions/040-document-revisions.md): its history for
// the document page, and the PDF of any revision at its permanent URL. An earlier revision's PDF is printed on
// first request, with the notice that a newer one exists, and kept: content is fixed while the upstream runs.
import { createHash } from "node:crypto";
import { attachRevisionPath, type DocumentHistory, type DocumentRevision, type DocumentType } from "../../../shared/contract/index.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";
import { pdfFileName } from "./meta.ts";
import { printRevision } from "./print.ts";
import type { createDocumentStore } from "./store.ts";

interface RevisionRow {
  revision: string;
  date: string;
  changesZh: string;
  changesEn: string;
}

export interface RevisionFile {
  fileName: string;
  sha256: string;
  pdf: Uint8Array;
  /** The current revision, when this one is older (its URL and number), so the answer can say a newer one exists. */
  supersededBy: { revision: string; downloadPath: string } | null;
}

export function createRevisionStore(db: Database, documents: ReturnType<typeof createDocumentStore>) {
  const moved = db.prepare("SELECT document_id AS id FROM document_moves WHERE former_id = ?");
  const revisions = db.prepare(
    "SELECT revision, date, changes_zh AS changesZh, changes_en AS changesEn FROM document_revisions WHERE document_id = ? ORDER BY position DESC",
  );
  const source = db.prepare("SELECT d.type, d.title, f.paragraphs, f.sha256 FROM documents d JOIN document_files f ON f.id = d.id WHERE d.id = ? AND d.language = 'en'");
  const printed = new Map<string, RevisionFile>();

  const rowsOf = (id: string) => revisions.all(id) as unknown as RevisionRow[];

  return {
    /** The id a document moved to from this one, if it did. */
    movedTo(id: string): string | undefined {
      return (moved.get(id) as { id: string } | undefined)?.id;
    },

    /** The document with its revisions newest first, or null for an unknown id (a moved id answers its new one). */
    history(id: string, language: Language): DocumentHistory | null {
      const documentId = documents.byId(id, language) ? id : this.movedTo(id);
      const document = documentId ? documents.byId(documentId, language) : null;
      if (!document) return null;
      const list: DocumentRevision[] = rowsOf(document.id).map((row) => ({
        revision: row.revision,
        date: row.date,
        changes: JSON.parse(language === "zh" ? row.changesZh : row.changesEn) as string[],
        downloadPath: attachRevisionPath(document.id, row.revision),
      }));
      return { document, revisions: list };
    },

    /** One revision's PDF, or undefined when the document or the revision is unknown. */
    file(id: string, revision: string): RevisionFile | undefined {
      const rows = rowsOf(id);
      const index = rows.findIndex((row) => row.revision === revision);
      if (index < 0) return undefined;
      if (index === 0) {
        const current = documents.file(id);
        return current ? { ...current, supersededBy: null } : undefined;
      }
      const document = source.get(id) as { type: DocumentType; title: string; paragraphs: string; sha256: string } | undefined;
      if (!document) return undefined;
      // Keyed by the current file's hash too, so a test's reloaded content never meets an older print.
      const key = `${document.sha256}@${revision}`;
      const cached = printed.get(key);
      if (cached) return cached;
      const [newest, wanted] = [rows[0]!, rows[index]!];
      const pdf = printRevision({ id, type: document.type, title: document.title, paragraphs: JSON.parse(document.paragraphs) as string[] }, wanted, {
        revision: newest.revision,
        date: newest.date,
        changesSince: rows
          .slice(0, index)
          .reverse()
          .flatMap((row) => JSON.parse(row.changesEn) as string[]),
      });
      const file: RevisionFile = {
        fileName: pdfFileName(document.title, revision),
        sha256: createHash("sha256").update(pdf.bytes).digest("hex"),
        pdf: pdf.bytes,
        supersededBy: { revision: newest.revision, downloadPath: attachRevisionPath(id, newest.revision) },
      };
      printed.set(key, file);
      return file;
    },
  };
}
