// On PostgreSQL, every lookup the visitor's records make per request is answered from an index, never by walking a
// whole table: a form's hourly count, a lead by id, the inbox's first page (the two tables' index orders merged)
// and its status and date filters, the export's batches, retention, the outbox's claim of the sales inbox's
// notices, the visitor's export and erasure, and the news view counter. Sequential scans are priced out, as in
// test/upstream/order-query-plans.test.ts: a plan without one proves an index can answer the query at any table
// size (docs/decisions/044-store-interface-and-postgresql.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "../../server/upstream/postgres.ts";
import { postgresLeadBatch, postgresLeadPage, postgresLeadQueries, postgresLeadUnion } from "../../server/upstream/leads/store-postgres.ts";
import { leadFilter } from "../../server/upstream/leads/store.ts";
import { dueLeadMails } from "../../server/upstream/samples/mail-outbox-postgres.ts";
import { postgresErasure, postgresMyDataQueries } from "../../server/upstream/accounts/my-data-postgres.ts";
import { postgresNewsViewQueries } from "../../server/upstream/news/views-postgres.ts";
import type { LeadsState } from "../../shared/query/staff-leads.ts";
import { testPostgres } from "./stores.ts";
import { expectIndexPlan, planReader, type PlanReader } from "../helpers/postgres-plans.ts";

let reader: PlanReader;
beforeAll(async () => {
  const url = await (await testPostgres()).database();
  await migratePostgres(url);
  reader = await planReader(url);
});
afterAll(() => reader?.end());
const pgPlan = (sql: string, params: unknown[]) => reader.plan(sql, params);
const expectIndex = expectIndexPlan;

const state = (change: Partial<LeadsState>): LeadsState => ({
  kind: null,
  status: null,
  from: null,
  to: null,
  product: null,
  language: null,
  company: null,
  page: 1,
  ...change,
});

describe("the leads on PostgreSQL", () => {
  const params: Record<keyof typeof postgresLeadQueries, unknown[]> = {
    messagesLastHour: ["client-hash", 0],
    downloadsLastHour: ["client-hash", 0],
    message: [7],
    download: [7],
    expiredMessages: [0],
    expiredDownloads: [0],
    downloadedDocuments: [0, 10],
  };
  const indexes: Record<keyof typeof postgresLeadQueries, string> = {
    messagesLastHour: "leave_words_ip",
    downloadsLastHour: "download_records_ip",
    message: "leave_words_pkey",
    download: "download_records_pkey",
    expiredMessages: "leave_words_created",
    expiredDownloads: "download_records_created",
    downloadedDocuments: "download_records_created",
  };
  it.each(Object.keys(postgresLeadQueries) as Array<keyof typeof postgresLeadQueries>)("%s reads its index", async (name) => {
    expectIndex(await pgPlan(postgresLeadQueries[name], params[name]), indexes[name]);
  });

  it("the inbox's first page merges the two tables' newest rows by index, sorting nothing", async () => {
    const { sql, params: values, next } = postgresLeadUnion(leadFilter(state({})), () => []);
    const plan = await pgPlan(postgresLeadPage(sql, next(50), next(0)), values);
    expect(plan).toContain("Merge Append");
    expect(plan).toContain("Index Scan Backward using leave_words_created");
    expect(plan).toContain("Index Scan Backward using download_records_created");
    expect(plan).not.toContain("Seq Scan");
    // No Sort node anywhere (the Merge Append's "Sort Key" is the order it keeps, not a sort).
    expect(plan).not.toMatch(/^\s*(->\s+)?Sort\s+\(/m);
  });

  it.each([
    ["a status", state({ status: "new" }), "_status"],
    ["a date range", state({ from: "2026-11-01", to: "2026-11-20" }), "_created"],
  ] as const)("the page and count under %s read each table's index", async (_name, filter, suffix) => {
    const { sql, params: values, next } = postgresLeadUnion(leadFilter(filter), () => []);
    for (const plan of [await pgPlan(`SELECT COUNT(*) AS n FROM (${sql}) v`, values), await pgPlan(postgresLeadPage(sql, next(50), next(0)), [...values])]) {
      expectIndex(plan, `leave_words${suffix}`);
      expect(plan).toContain(`download_records${suffix}`);
    }
  });

  it("an export batch after the first starts from the last row's key in the table's index", async () => {
    for (const kind of ["message", "download"] as const) {
      const { sql, params: values, next } = postgresLeadUnion({ ...leadFilter(state({})), kinds: [kind] }, () => []);
      const plan = await pgPlan(postgresLeadBatch(sql, { createdAt: next(1_800_000_000_000), id: next(500) }, next(500)), values);
      expectIndex(plan, kind === "message" ? "leave_words_created" : "download_records_created");
      expect(plan).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW\(/);
    }
  });

  it("the claim of due notices of contact messages reads the due rows by index", async () => {
    const plan = await pgPlan(dueLeadMails, [0, 20]);
    expectIndex(plan, "order_mail_outbox_due");
  });
});

describe("the visitor's export and erasure on PostgreSQL", () => {
  const params: Record<keyof typeof postgresMyDataQueries, unknown[]> = {
    account: [42],
    orders: [42],
    records: [[7, 8]],
    downloads: [42],
    messages: [42],
  };
  it.each(Object.keys(postgresMyDataQueries) as Array<keyof typeof postgresMyDataQueries>)("the export's %s reads an index", async (name) => {
    expectIndex(await pgPlan(postgresMyDataQueries[name], params[name]));
  });
  /** A statement named by what it changes ("DELETE FROM sessions"). */
  const named = (statements: string[]) => statements.map((sql) => [/^(DELETE FROM|UPDATE) \w+/.exec(sql)![0], sql] as const);
  it.each(named(postgresErasure.byUser))("the erasure's %s (by the user) reads an index", async (_name, sql) => {
    expectIndex(await pgPlan(sql, [42]));
  });
  it.each(named(postgresErasure.byTarget))("the erasure's %s (by the phone and e-mail) reads an index", async (_name, sql) => {
    expectIndex(await pgPlan(sql, ["13800138000", "someone@example.com"]));
  });
});

describe("the news view counter on PostgreSQL", () => {
  it("records a view and counts it on the tables' keys, and prunes past days by index", async () => {
    expect(await pgPlan(postgresNewsViewQueries.record, [1, "c:visitor", "2026-11-20"])).toContain("Conflict Arbiter Indexes: news_page_views_pkey");
    expect(await pgPlan(postgresNewsViewQueries.increment, [1])).toContain("Conflict Arbiter Indexes: news_view_counts_pkey");
    expectIndex(await pgPlan(postgresNewsViewQueries.prune, ["2026-11-20"]), "news_page_views_day");
    expectIndex(await pgPlan(postgresNewsViewQueries.counted, [[1, 2, 3]]), "news_view_counts_pkey");
  });
});
