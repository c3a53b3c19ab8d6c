// The leads export: CSV (shared/text/csv.ts: quoting and the spreadsheet-formula guard) written row by row as the
// store reads them, waiting for the socket to drain, so an export of every lead never sits in memory.
import { once } from "node:events";
import type { Response } from "express";
import { csvCell } from "../../shared/text/csv.ts";
import type { LeadRow } from "../upstream/leads/store.ts";
import type { StaffT } from "./i18n.ts";

const columns = ["kind", "id", "date", "name", "phone", "email", "company", "position", "language", "status", "assignee", "document", "text", "note"] as const;

const chinaTime = (at: number) => new Date(at + 8 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

export async function streamLeadsCsv(res: Response, rows: AsyncIterable<LeadRow>, t: StaffT, fileName: string): Promise<void> {
  res.status(200).type("text/csv; charset=utf-8").setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
  const line = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(",")}\r\n`;
  res.write(`\uFEFF${line(columns.map((column) => t(`leads.csv.${column}`)))}`);
  for await (const lead of rows) {
    const ok = res.write(
      line([
        t(`leads.kinds.${lead.kind}`),
        lead.id,
        chinaTime(lead.createdAt),
        lead.name,
        lead.phone,
        lead.email,
        lead.company,
        lead.position,
        lead.language,
        t(`leads.statuses.${lead.status}`),
        lead.assignee,
        lead.documentId,
        lead.text,
        lead.note,
      ]),
    );
    // A client that goes away ends the export (close), as a slow one pauses it (drain).
    if (!ok) await Promise.race([once(res, "drain"), once(res, "close")]);
    if (res.destroyed) return;
  }
  res.end();
}
