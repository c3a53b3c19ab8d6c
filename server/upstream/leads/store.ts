// The leads inbox over the two tables visitors fill: contact messages (leave_words) and download requests
// (download_records), read as one list, worked in place (status, assignee, note: migration 041) and exported
// as a stream of rows. Each filter has an index or bounds the scan to a date range.
import type { Language } from "../../../shared/languages.ts";
import type { LeadKind } from "../../../shared/staff/staff-paths.ts";
import type { LeadsState, LeadStatus } from "../../../shared/query/staff-leads.ts";
import type { Database } from "../db.ts";

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LeadRow {
  kind: LeadKind;
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  language: string;
  status: LeadStatus;
  assignedTo: number | null;
  assignee: string | null;
  note: string | null;
  createdAt: number;
  /** A message's text, or a download request's product demand. */
  text: string;
  documentId: string | null;
  position: string | null;
}

const table: Record<LeadKind, string> = { message: "leave_words", download: "download_records" };

function select(kind: LeadKind): string {
  const t = table[kind];
  const specific = kind === "message" ? "l.content AS text, NULL AS documentId, NULL AS position" : "l.product_demand AS text, l.document_id AS documentId, l.position";
  return `SELECT '${kind}' AS kind, l.id, l.name, l.phone, l.email, l.company, l.language, l.status, l.assigned_to AS assignedTo, m.email AS assignee,
    l.note, l.created_at AS createdAt, ${specific} FROM ${t} l LEFT JOIN staff_members m ON m.id = l.assigned_to`;
}

/** The WHERE clause of one table under the filters (parameters in order). */
function where(kind: LeadKind, state: LeadsState): { clause: string; params: Array<string | number> } {
  const parts: string[] = [];
  const params: Array<string | number> = [];
  if (state.status) {
    parts.push("l.status = ?");
    params.push(state.status);
  }
  if (state.from) {
    parts.push("l.created_at >= ?");
    params.push(Date.parse(`${state.from}T00:00:00Z`) - CHINA_OFFSET_MS);
  }
  if (state.to) {
    parts.push("l.created_at < ?");
    params.push(Date.parse(`${state.to}T00:00:00Z`) - CHINA_OFFSET_MS + DAY_MS);
  }
  if (state.language) {
    parts.push("l.language = ?");
    params.push(state.language);
  }
  if (state.company) {
    parts.push("l.company LIKE ? ESCAPE '\\'");
    params.push(`%${like(state.company)}%`);
  }
  if (state.product) {
    // A message that mentions it; a download request that asks for it, or whose document covers a part
    // whose number starts with it (document_products, by the part's indexed number).
    if (kind === "message") {
      parts.push("l.content LIKE ? ESCAPE '\\'");
      params.push(`%${like(state.product)}%`);
    } else {
      parts.push(
        "(l.product_demand LIKE ? ESCAPE '\\' OR l.document_id IN (SELECT dp.document_id FROM document_products dp JOIN site_list s ON s.id = dp.product_id WHERE s.part_number LIKE ? ESCAPE '\\'))",
      );
      params.push(`%${like(state.product)}%`, `${like(state.product.toUpperCase())}%`);
    }
  }
  return { clause: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

const like = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function union(state: LeadsState): { sql: string; params: Array<string | number> } {
  const kinds: LeadKind[] = state.kind ? [state.kind] : ["message", "download"];
  const parts = kinds.map((kind) => {
    const w = where(kind, state);
    return { sql: `${select(kind)} ${w.clause}`, params: w.params };
  });
  return { sql: parts.map((part) => part.sql).join(" UNION ALL "), params: parts.flatMap((part) => part.params) };
}

export function createLeadStore(db: Database, now: () => number) {
  const byId = {
    message: db.prepare(`${select("message")} WHERE l.id = ?`),
    download: db.prepare(`${select("download")} WHERE l.id = ?`),
  };
  const update = {
    message: db.prepare("UPDATE leave_words SET status = ?, assigned_to = ?, note = ? WHERE id = ?"),
    download: db.prepare("UPDATE download_records SET status = ?, assigned_to = ?, note = ? WHERE id = ?"),
  };
  return {
    page(state: LeadsState, pageSize: number): { list: LeadRow[]; total: number } {
      const { sql, params } = union(state);
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get(...params) as { n: number }).n;
      const list = db
        .prepare(`SELECT * FROM (${sql}) ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (state.page - 1) * pageSize) as unknown as LeadRow[];
      return { list, total };
    },
    /** Every matching lead, newest first, one row at a time (the CSV export streams it). */
    *rows(state: LeadsState): Generator<LeadRow> {
      const { sql, params } = union(state);
      for (const row of db.prepare(`SELECT * FROM (${sql}) ORDER BY createdAt DESC, id DESC`).iterate(...params)) yield row as unknown as LeadRow;
    },
    find: (kind: LeadKind, id: number) => (byId[kind].get(id) as LeadRow | undefined) ?? null,
    /** Writes status, assignee and note together (the lead page's form holds all three). */
    save(kind: LeadKind, id: number, change: { status: LeadStatus; assignedTo: number | null; note: string | null }): boolean {
      return Number(update[kind].run(change.status, change.assignedTo, change.note, id).changes) === 1;
    },
    /** The last 30 days: the product documents most downloaded (by their title in the reader's language: a
     * datasheet's names its part) and the most active companies. */
    activity(language: Language, limit = 10): { products: Array<{ name: string; count: number }>; companies: Array<{ name: string; count: number }> } {
      const since = now() - 30 * DAY_MS;
      const products = db
        .prepare(
          `SELECT COALESCE(d.title, r.document_id) AS name, r.count FROM (
             SELECT document_id, COUNT(*) AS count FROM download_records WHERE created_at >= ? GROUP BY document_id ORDER BY count DESC, document_id LIMIT ?) r
           LEFT JOIN documents d ON d.id = r.document_id AND d.language = ? ORDER BY r.count DESC, name`,
        )
        .all(since, limit, language) as Array<{ name: string; count: number }>;
      const companies = db
        .prepare(
          `SELECT company AS name, COUNT(*) AS count FROM (
             SELECT company FROM leave_words WHERE created_at >= ?1 AND company IS NOT NULL
             UNION ALL SELECT company FROM download_records WHERE created_at >= ?1)
           GROUP BY company ORDER BY count DESC, name LIMIT ?2`,
        )
        .all(since, limit) as Array<{ name: string; count: number }>;
      return { products, companies };
    },
  };
}
