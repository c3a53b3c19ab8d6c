// What `npm run notices -- publish X` can publish (docs/decisions/040-document-revisions.md): a change notice by
// its number, a document revision by its stable id (`ds-qcm040120k4@1.1`), or a part's current lifecycle state
// (`lifecycle:QCD05120T2`). Each resolves, from the loaded content, to the key that makes it one event (mailed
// once per watcher), the parts whose watchers hear of it, and what its e-mail says in each language.
import type { ProductLifecycle } from "../../../shared/contract/lifecycle.ts";
import { noticeNumberPattern } from "../../../shared/contract/notices.ts";
import type { Language } from "../../../shared/languages.ts";
import type { Database } from "../db.ts";

export type PublicationKind = "notice" | "revision" | "lifecycle";

export interface RevisionDetails {
  documentId: string;
  title: string;
  revision: string;
  date: string;
  changes: string[];
}

export interface LifecycleDetails extends Pick<ProductLifecycle, "state" | "since" | "expectedRelease" | "lastOrder" | "lastDelivery" | "replacement"> {
  partNumber: string;
}

export interface Publication {
  kind: PublicationKind;
  /** The event's stable key: a notice's number, a revision's id, a lifecycle state's part, state and first day. */
  key: string;
  productIds: number[];
  /** What the e-mail says in one language; null for a notice (its e-mail reads the loaded notice). */
  details(language: Language): RevisionDetails | LifecycleDetails | null;
}

/** The name is none of the three forms, or names nothing in the loaded content. */
class UnknownPublicationError extends Error {}

const revisionPattern = /^([a-z0-9][a-z0-9-]{0,99})@([0-9A-Za-z.-]{1,20})$/;
const lifecyclePattern = /^lifecycle:([A-Z0-9-]{1,64})$/;

/** Whether a command-line argument has one of the three forms (the content decides whether it exists). */
export const isPublicationName = (name: string) => noticeNumberPattern.test(name) || revisionPattern.test(name) || lifecyclePattern.test(name);

export function createPublicationResolver(db: Database) {
  const noticeParts = db.prepare("SELECT product_id AS id FROM notice_parts WHERE number = ? ORDER BY product_id");
  const document = db.prepare(
    `SELECT d.title, r.date, r.changes_zh AS changesZh, r.changes_en AS changesEn FROM documents d
     JOIN document_revisions r ON r.document_id = d.id WHERE d.id = ? AND d.language = ? AND r.revision = ?`,
  );
  const documentParts = db.prepare("SELECT product_id AS id FROM document_products WHERE document_id = ? ORDER BY product_id");
  const part = db.prepare("SELECT id, part_number AS partNumber, data FROM site_list WHERE part_number = ? AND type = 1 AND part_number IS NOT NULL");
  const ids = (rows: unknown[]) => (rows as Array<{ id: number }>).map((row) => row.id);

  return function resolve(name: string): Publication {
    if (noticeNumberPattern.test(name)) {
      const productIds = ids(noticeParts.all(name));
      if (!productIds.length) throw new UnknownPublicationError(`${name} is not a notice of the loaded content (notices.json)`);
      return { kind: "notice", key: name, productIds, details: () => null };
    }
    const revision = revisionPattern.exec(name);
    if (revision) {
      const [, documentId, number] = revision as unknown as [string, string, string];
      const row = (language: Language) => document.get(documentId, language, number) as { title: string; date: string; changesZh: string; changesEn: string } | undefined;
      if (!row("en")) throw new UnknownPublicationError(`${name} is not a revision of the loaded content (documents.json)`);
      return {
        kind: "revision",
        key: name,
        productIds: ids(documentParts.all(documentId)),
        details: (language) => {
          const found = row(language)!;
          return {
            documentId,
            title: found.title,
            revision: number,
            date: found.date,
            changes: JSON.parse(language === "zh" ? found.changesZh : found.changesEn) as string[],
          };
        },
      };
    }
    const lifecycle = lifecyclePattern.exec(name);
    const found = lifecycle ? (part.get(lifecycle[1]!) as { id: number; partNumber: string; data: string } | undefined) : undefined;
    const state = found ? (JSON.parse(found.data) as { lifecycle?: ProductLifecycle }).lifecycle : undefined;
    if (!found || !state?.since) {
      throw new UnknownPublicationError(
        `${name} is none of: a notice number (PCN-2026-001), a document revision (ds-qcm040120k4@1.1), a part's lifecycle with a dated state (lifecycle:QCD05120T2)`,
      );
    }
    const { since, expectedRelease, lastOrder, lastDelivery, replacement } = state;
    const details: LifecycleDetails = { partNumber: found.partNumber, state: state.state, since, expectedRelease, lastOrder, lastDelivery, replacement };
    return { kind: "lifecycle", key: `lifecycle:${found.partNumber}@${state.state}@${since}`, productIds: [found.id], details: () => details };
  };
}
