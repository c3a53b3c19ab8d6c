// Names a document's PDF: its English type label (printed in the file) and a download file name.
import type { DocumentType } from "../../../shared/contract/index.ts";

export const documentLabels: Record<DocumentType, string> = {
  datasheet: "Datasheet",
  applicationNote: "Application Note",
  simulationModel: "Simulation Model",
  certificate: "Certificate",
  brochure: "Brochure",
};

/** "QCM040120K4 Datasheet", "1.2" → "Qingyun-QCM040120K4-Datasheet-v1.2.pdf": ASCII only, safe in any header. */
export function pdfFileName(englishTitle: string, version: string): string {
  const slug = englishTitle
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  const safeVersion = version.replace(/[^A-Za-z0-9.]+/g, "");
  return `Qingyun-${slug || "document"}-v${safeVersion}.pdf`;
}
