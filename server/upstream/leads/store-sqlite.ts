// The leads' store on the embedded SQLite file: each write done whole in one BEGIN IMMEDIATE (the client's hourly
// count, the row and the sales notice's outbox row) before its promise settles; the inbox reads the content's
// documents and parts in the same file. Each filter has an index or bounds the scan to a date range
// (docs/decisions/044-store-interface-and-postgresql.md).
import type { SQLInputValue } from "node:sqlite";
import type { LeadKind } from "../../../shared/staff/staff-paths.ts";
import { transaction, type Database } from "../db.ts";
import { leadMailQueue } from "../samples/mail-outbox.ts";
import { hourAgo, hourlyRefusal } from "../site/forms.ts";
import { activitySince, DAY_MS, leadFilter, leadLimits, type LeadFilter, type LeadRow, type LeadStore } from "./store.ts";

const table: Record<LeadKind, string> = { message: "leave_words", download: "download_records" };

function select(kind: LeadKind): string {
  const t = table[kind];
  const specific = kind === "message" ? "l.content AS text, NULL AS documentId, NULL AS position" : "l.product_demand AS text, l.document_id AS documentId, l.position";
  return `SELECT '${kind}' AS kind, l.id, l.name, l.phone, l.email, l.company, l.language, l.status, l.assigned_to AS assignedTo, m.email AS assignee,
    l.note, l.created_at AS createdAt, ${specific} FROM ${t} l LEFT JOIN staff_members m ON m.id = l.assigned_to`;
}

/** The WHERE clause of one table under the filter (parameters in order). */
function where(kind: LeadKind, filter: LeadFilter): { clause: string; params: SQLInputValue[] } {
  const parts: string[] = [];
  const params: SQLInputValue[] = [];
  const add = (sql: string, ...values: SQLInputValue[]) => {
    parts.push(sql);
    params.push(...values);
  };
  if (filter.status) add("l.status = ?", filter.status);
  if (filter.from !== null) add("l.created_at >= ?", filter.from);
  if (filter.before !== null) add("l.created_at < ?", filter.before);
  if (filter.language) add("l.language = ?", filter.language);
  // SQLite's LIKE ignores the case of ASCII letters.
  if (filter.company) add("l.company LIKE ? ESCAPE '\\'", filter.company);
  if (filter.product) {
    if (kind === "message") add("l.content LIKE ? ESCAPE '\\'", filter.product.mentioned);
    else
      add(
        "(l.product_demand LIKE ? ESCAPE '\\' OR l.document_id IN (SELECT dp.document_id FROM document_products dp JOIN site_list s ON s.id = dp.product_id WHERE s.part_number LIKE ? ESCAPE '\\'))",
        filter.product.mentioned,
        filter.product.partPrefix,
      );
  }
  return { clause: parts.length ? `WHERE ${parts.join(" AND ")}` : "", params };
}

function union(filter: LeadFilter): { sql: string; params: SQLInputValue[] } {
  const parts = filter.kinds.map((kind) => {
    const w = where(kind, filter);
    return { sql: `${select(kind)} ${w.clause}`, params: w.params };
  });
  return { sql: parts.map((part) => part.sql).join(" UNION ALL "), params: parts.flatMap((part) => part.params) };
}

export function createSqliteLeadStore(db: Database, now: () => number): LeadStore {
  const byId = {
    message: db.prepare(`${select("message")} WHERE l.id = ?`),
    download: db.prepare(`${select("download")} WHERE l.id = ?`),
  };
  const update = {
    message: db.prepare("UPDATE leave_words SET status = ?, assigned_to = ?, note = ? WHERE id = ?"),
    download: db.prepare("UPDATE download_records SET status = ?, assigned_to = ?, note = ? WHERE id = ?"),
  };
  const lastHour = {
    message: db.prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM leave_words WHERE ip_hash = ? AND created_at > ?"),
    download: db.prepare("SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM download_records WHERE ip_hash = ? AND created_at > ?"),
  };
  const insertMessage = db.prepare(
    "INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at, user_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertDownload = db.prepare(
    `INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at,
       consent_text, policy_version, consented_at, user_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const queueSalesMail = leadMailQueue(db);
  const expired = {
    messages: db.prepare("DELETE FROM leave_words WHERE created_at < ?"),
    downloads: db.prepare("DELETE FROM download_records WHERE created_at < ?"),
  };

  /** Refuses the write when the client is past its hourly limit (inside the write's transaction). */
  const checkHourly = (kind: LeadKind, ipHash: string, t: number, limit: number) => {
    const refusal = hourlyRefusal(lastHour[kind].get(ipHash, hourAgo(t)) as { n: number; oldest: number | null }, t, limit);
    if (refusal) throw refusal;
  };

  return {
    async addMessage(m) {
      return transaction(db, () => {
        const t = now();
        checkHourly("message", m.ipHash, t, leadLimits.messagesPerHour);
        const id = Number(insertMessage.run(m.name, m.phone, m.email, m.company, m.content, m.language, m.ipHash, t, m.userId).lastInsertRowid);
        // In the same transaction: a stored message is never left untold to the sales inbox.
        if (m.salesMailTo) queueSalesMail(id, m.salesMailTo, t);
        return id;
      });
    },

    async addDownload(d) {
      return transaction(db, () => {
        const t = now();
        checkHourly("download", d.ipHash, t, leadLimits.downloadsPerHour);
        const consent = d.consent ? [d.consent.text, d.consent.policyVersion, t] : [null, null, null];
        return Number(
          insertDownload.run(d.documentId, d.name, d.phone, d.email, d.company, d.position, d.productDemand, d.language, d.ipHash, t, ...consent, d.userId)
            .lastInsertRowid,
        );
      });
    },

    async page(state, pageSize) {
      const { sql, params } = union(leadFilter(state));
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM (${sql})`).get(...params) as { n: number }).n;
      const list = db
        .prepare(`SELECT * FROM (${sql}) ORDER BY createdAt DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (state.page - 1) * pageSize) as unknown as LeadRow[];
      return { list, total };
    },

    async *rows(state) {
      const { sql, params } = union(leadFilter(state));
      for (const row of db.prepare(`SELECT * FROM (${sql}) ORDER BY createdAt DESC, id DESC`).iterate(...params)) yield row as unknown as LeadRow;
    },

    find: async (kind, id) => (byId[kind].get(id) as LeadRow | undefined) ?? null,

    async save(kind, id, change) {
      return Number(update[kind].run(change.status, change.assignedTo, change.note, id).changes) === 1;
    },

    async activity(language, limit = 10) {
      const since = activitySince(now());
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

    async deleteExpired(t, days) {
      const cutoff = t - days * DAY_MS;
      return { messages: Number(expired.messages.run(cutoff).changes), downloads: Number(expired.downloads.run(cutoff).changes) };
    },
  };
}
