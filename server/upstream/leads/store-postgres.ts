// The leads' store on PostgreSQL: several upstream hosts, one database. A form's write counts the client's
// forms of the last hour and inserts in one transaction that first takes a transaction-scoped advisory lock on
// the client and the table, so two hosts taking one client's forms at once take turns and the hourly limit
// holds across hosts; a contact message's notice e-mail is queued in that transaction, into the outbox every
// host polls (samples/mail-outbox-postgres.ts). The content a filter or the activity table names (a document's
// parts and title) is read from the host's SQLite content, which every host of a release has alike
// (docs/decisions/044-store-interface-and-postgresql.md).
import type pg from "pg";
import type { LeadKind } from "../../../shared/staff/staff-paths.ts";
import type { Database } from "../db.ts";
import { inTransaction } from "../postgres.ts";
import { newOutboxMessageId } from "../samples/mail-outbox.ts";
import { hourAgo, hourlyRefusal } from "../site/forms.ts";
import { activitySince, DAY_MS, leadFilter, leadLimits, type LeadFilter, type LeadRow, type LeadStore } from "./store.ts";

// The advisory locks' key space (kind, key), beside the accounts' kinds 1 and 2 and the samples' 3: a client's
// forms of one table. One per transaction, so no cycle.
const formClientLock = 4;

/** What the inbox reads from the content (the host's SQLite file): the documents covering a part whose number
 * matches a prefix pattern, and documents' titles. */
export interface LeadContent {
  documentsOfParts(partPrefix: string): string[];
  titles(documentIds: string[], language: string): Map<string, string>;
}

export function createLeadContent(db: Database): LeadContent {
  const ofParts = db.prepare(
    "SELECT DISTINCT dp.document_id AS id FROM document_products dp JOIN site_list s ON s.id = dp.product_id WHERE s.part_number LIKE ? ESCAPE '\\'",
  );
  return {
    documentsOfParts: (partPrefix) => (ofParts.all(partPrefix) as Array<{ id: string }>).map((row) => row.id),
    titles(documentIds, language) {
      if (documentIds.length === 0) return new Map();
      const rows = db
        .prepare(`SELECT id, title FROM documents WHERE language = ? AND id IN (${documentIds.map(() => "?").join(", ")})`)
        .all(language, ...documentIds) as Array<{ id: string; title: string }>;
      return new Map(rows.map((row) => [row.id, row.title]));
    },
  };
}

const columns: Record<LeadKind, string> = {
  message: `'message' AS kind, l.content AS text, NULL::text AS "documentId", NULL::text AS position`,
  download: `'download' AS kind, l.product_demand AS text, l.document_id AS "documentId", l.position`,
};
const tables: Record<LeadKind, string> = { message: "leave_words", download: "download_records" };

function select(kind: LeadKind): string {
  return `SELECT ${columns[kind]}, l.id, l.name, l.phone, l.email, l.company, l.language, l.status, l.assigned_to AS "assignedTo", l.note,
    l.created_at AS "createdAt" FROM ${tables[kind]} l`;
}

/** The assignee's e-mail beside a lead's row (`u`), joined after the union: each branch stays a plain read of its
 * table, so PostgreSQL merges the two tables' index orders rather than sorting every lead. */
const withAssignee = (from: string) => `SELECT u.*, m.email AS assignee FROM ${from} LEFT JOIN staff_members m ON m.id = u."assignedTo"`;

/** The lookups the store makes per form or inbox page, named: test/upstream/lead-query-plans.test.ts checks each
 * is answered from an index. */
export const postgresLeadQueries = {
  messagesLastHour: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM leave_words WHERE ip_hash = $1 AND created_at > $2",
  downloadsLastHour: "SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM download_records WHERE ip_hash = $1 AND created_at > $2",
  message: withAssignee(`(${select("message")} WHERE l.id = $1) u`),
  download: withAssignee(`(${select("download")} WHERE l.id = $1) u`),
  expiredMessages: "DELETE FROM leave_words WHERE created_at < $1",
  expiredDownloads: "DELETE FROM download_records WHERE created_at < $1",
  downloadedDocuments:
    'SELECT document_id AS "documentId", COUNT(*) AS count FROM download_records WHERE created_at >= $1 GROUP BY document_id ORDER BY count DESC, document_id LIMIT $2',
};

/**
 * The inbox's rows under a filter as one UNION ALL of the two tables, with its parameters; `next` numbers the
 * statement's further parameters. ILIKE where SQLite's LIKE ignores the case of ASCII letters.
 */
export function postgresLeadUnion(filter: LeadFilter, documentsOfParts: (partPrefix: string) => string[]) {
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const parts = filter.kinds.map((kind) => {
    const where: string[] = [];
    if (filter.status) where.push(`l.status = ${next(filter.status)}`);
    if (filter.from !== null) where.push(`l.created_at >= ${next(filter.from)}`);
    if (filter.before !== null) where.push(`l.created_at < ${next(filter.before)}`);
    if (filter.language) where.push(`l.language = ${next(filter.language)}`);
    if (filter.company) where.push(`l.company ILIKE ${next(filter.company)} ESCAPE '\\'`);
    if (filter.product) {
      if (kind === "message") where.push(`l.content ILIKE ${next(filter.product.mentioned)} ESCAPE '\\'`);
      else
        where.push(
          `(l.product_demand ILIKE ${next(filter.product.mentioned)} ESCAPE '\\' OR l.document_id = ANY(${next(documentsOfParts(filter.product.partPrefix))}::text[]))`,
        );
    }
    return `${select(kind)}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
  });
  return { sql: parts.join(" UNION ALL "), params, next };
}

/** Rows of the CSV export per query: the export reads batches by key, holding no transaction open while the
 * client reads at its own pace. */
const exportBatch = 500;

/** A page of the inbox's union (`limit` and `offset` its parameters' placeholders): the page's rows by the tables'
 * (created_at, id) order, then their assignees. */
export function postgresLeadPage(union: string, limit: string, offset: string): string {
  return `${withAssignee(`(SELECT * FROM (${union}) v ORDER BY v."createdAt" DESC, v.id DESC LIMIT ${limit} OFFSET ${offset}) u`)} ORDER BY u."createdAt" DESC, u.id DESC`;
}

/** A batch of the export of one kind (its union of one table): the rows older than the last batch's last (the
 * placeholders of its time and id), by the table's (created_at, id) index, then their assignees. */
export function postgresLeadBatch(union: string, after: { createdAt: string; id: string } | null, limit: string): string {
  const key = after ? ` WHERE (v."createdAt", v.id) < (${after.createdAt}::bigint, ${after.id}::integer)` : "";
  return `${withAssignee(`(SELECT * FROM (${union}) v${key} ORDER BY v."createdAt" DESC, v.id DESC LIMIT ${limit}) u`)} ORDER BY u."createdAt" DESC, u.id DESC`;
}

/** Newest first, then the higher id, then a message before a download request: the export's total order. */
const newerLead = (a: LeadRow, b: LeadRow) => a.createdAt > b.createdAt || (a.createdAt === b.createdAt && (a.id > b.id || (a.id === b.id && a.kind > b.kind)));

export function createPostgresLeadStore(pool: pg.Pool, now: () => number, content: LeadContent): LeadStore {
  const one = async <T>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0] as T | undefined;

  /** One kind's leads under the filter, newest first, a batch at a time, each batch found by the last one's key on
   * the table's (created_at, id) index. */
  async function* exportRows(kind: LeadKind, filter: LeadFilter, documents: string[]): AsyncGenerator<LeadRow> {
    let after: LeadRow | undefined;
    for (;;) {
      const { sql, params, next } = postgresLeadUnion({ ...filter, kinds: [kind] }, () => documents);
      const key = after ? { createdAt: next(after.createdAt), id: next(after.id) } : null;
      const batch = (await pool.query<LeadRow>(postgresLeadBatch(sql, key, next(exportBatch)), params)).rows;
      yield* batch;
      if (batch.length < exportBatch) return;
      after = batch.at(-1);
    }
  }

  /** Refuses the write when the client is past its hourly limit: under the client's lock, so hosts take turns. */
  async function checkHourly(client: pg.PoolClient, kind: LeadKind, ipHash: string, t: number, limit: number) {
    await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [formClientLock, `${tables[kind]}\n${ipHash}`]);
    const sql = kind === "message" ? postgresLeadQueries.messagesLastHour : postgresLeadQueries.downloadsLastHour;
    const refusal = hourlyRefusal((await client.query<{ n: number; oldest: number | null }>(sql, [ipHash, hourAgo(t)])).rows[0]!, t, limit);
    if (refusal) throw refusal;
  }

  return {
    async addMessage(m) {
      return inTransaction(pool, async (client) => {
        const t = now();
        await checkHourly(client, "message", m.ipHash, t, leadLimits.messagesPerHour);
        const { id } = (
          await client.query<{ id: number }>(
            "INSERT INTO leave_words (name, phone, email, company, content, language, ip_hash, created_at, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            [m.name, m.phone, m.email, m.company, m.content, m.language, m.ipHash, t, m.userId],
          )
        ).rows[0]!;
        // In the same transaction: a stored message is never left untold to the sales inbox. The Message-ID is
        // fixed here, once, so every try (on any host) sends the same one.
        if (m.salesMailTo) {
          await client.query("INSERT INTO order_mail_outbox (leave_word_id, recipient, next_attempt_at, created_at, message_id) VALUES ($1, $2, $3, $3, $4)", [
            id,
            m.salesMailTo,
            t,
            newOutboxMessageId(),
          ]);
        }
        return id;
      });
    },

    async addDownload(d) {
      return inTransaction(pool, async (client) => {
        const t = now();
        await checkHourly(client, "download", d.ipHash, t, leadLimits.downloadsPerHour);
        const consent = d.consent ? [d.consent.text, d.consent.policyVersion, t] : [null, null, null];
        const inserted = await client.query<{ id: number }>(
          `INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at,
             consent_text, policy_version, consented_at, user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
          [d.documentId, d.name, d.phone, d.email, d.company, d.position, d.productDemand, d.language, d.ipHash, t, ...consent, d.userId],
        );
        return inserted.rows[0]!.id;
      });
    },

    async page(state, pageSize) {
      const { sql, params, next } = postgresLeadUnion(leadFilter(state), content.documentsOfParts);
      const { n } = (await one<{ n: number }>(`SELECT COUNT(*) AS n FROM (${sql}) v`, params))!;
      const rows = await pool.query<LeadRow>(postgresLeadPage(sql, next(pageSize), next((state.page - 1) * pageSize)), params);
      return { list: rows.rows, total: n };
    },

    async *rows(state) {
      const filter = leadFilter(state);
      // The documents a product filter names, read once for the whole export.
      const documents = filter.product ? content.documentsOfParts(filter.product.partPrefix) : [];
      const streams = filter.kinds.map((kind) => exportRows(kind, filter, documents)[Symbol.asyncIterator]());
      // The kinds' streams merged newest first (a message before a request of the same time and id).
      const heads = await Promise.all(streams.map((stream) => stream.next()));
      for (;;) {
        let pick = -1;
        heads.forEach((head, i) => {
          if (!head.done && (pick < 0 || newerLead(head.value, (heads[pick] as IteratorYieldResult<LeadRow>).value))) pick = i;
        });
        if (pick < 0) return;
        yield (heads[pick] as IteratorYieldResult<LeadRow>).value;
        heads[pick] = await streams[pick]!.next();
      }
    },

    async find(kind, id) {
      return (await one<LeadRow>(postgresLeadQueries[kind], [id])) ?? null;
    },

    async save(kind, id, change) {
      const result = await pool.query(`UPDATE ${tables[kind]} SET status = $1, assigned_to = $2, note = $3 WHERE id = $4`, [
        change.status,
        change.assignedTo,
        change.note,
        id,
      ]);
      return result.rowCount === 1;
    },

    async activity(language, limit = 10) {
      const since = activitySince(now());
      const downloaded = (await pool.query<{ documentId: string; count: number }>(postgresLeadQueries.downloadedDocuments, [since, limit])).rows;
      const titles = content.titles(
        downloaded.map((row) => row.documentId),
        language,
      );
      // As SQLite's: by count, then by the name shown (byte order, SQLite's BINARY collation).
      const products = downloaded
        .map((row) => ({ name: titles.get(row.documentId) ?? row.documentId, count: row.count }))
        .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const companies = (
        await pool.query<{ name: string; count: number }>(
          `SELECT company AS name, COUNT(*) AS count FROM (
             SELECT company FROM leave_words WHERE created_at >= $1 AND company IS NOT NULL
             UNION ALL SELECT company FROM download_records WHERE created_at >= $1) c
           GROUP BY company ORDER BY count DESC, company COLLATE "C" LIMIT $2`,
          [since, limit],
        )
      ).rows;
      return { products, companies };
    },

    async deleteExpired(t, days) {
      const cutoff = t - days * DAY_MS;
      const messages = await pool.query(postgresLeadQueries.expiredMessages, [cutoff]);
      const downloads = await pool.query(postgresLeadQueries.expiredDownloads, [cutoff]);
      return { messages: messages.rowCount ?? 0, downloads: downloads.rowCount ?? 0 };
    },
  };
}
