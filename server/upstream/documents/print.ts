// What a document's PDF prints: its title block, text and footer for one revision, and for a revision that is
// no longer the current one the notice on its first page that a newer one exists (decision 040).
import { documentLabels } from "./meta.ts";
import { renderPdf, type PdfFile } from "./pdf.ts";
import type { DocumentType } from "../../../shared/contract/index.ts";

export interface PrintedDocument {
  id: string;
  type: DocumentType;
  /** English: the PDF's text is English (content FORMAT.md). */
  title: string;
  /** The document's text, as the current revision prints it. */
  paragraphs: readonly string[];
}

export interface PrintedRevision {
  revision: string;
  date: string;
}

/** The newer revision a superseded one names, with what changed since (English). */
export interface Supersession extends PrintedRevision {
  changesSince: readonly string[];
}

/** The PDF of one revision; `supersededBy` puts the notice that a newer revision exists before the text. */
export function printRevision(document: PrintedDocument, revision: PrintedRevision, supersededBy?: Supersession): PdfFile {
  const notice = supersededBy
    ? [
        "## Superseded revision",
        `This is revision ${revision.revision} of ${revision.date}. A newer revision exists: revision ${supersededBy.revision} of ${supersededBy.date}, on the document's page /en/support/documents/${document.id} of the Qingyun website. Changes since this revision:`,
        ...supersededBy.changesSince.map((change) => `- ${change}`),
      ]
    : [];
  return renderPdf({
    title: document.title,
    subtitle: `${documentLabels[document.type]} | Version ${revision.revision} | ${revision.date} | Qingyun Power Semiconductor Co., Ltd.`,
    author: "Qingyun Power Semiconductor Co., Ltd.",
    paragraphs: [...notice, ...document.paragraphs],
    footer: `Qingyun Power Semiconductor Co., Ltd. | ${document.title} | v${revision.revision}${supersededBy ? " | superseded" : ""}`,
    date: new Date(`${revision.date}T00:00:00Z`),
  });
}
