// Leads older than LEAD_RETENTION_DAYS are deleted (contact messages, download requests and their outbox
// rows); younger ones stay. The job runs at the upstream's start and daily after; on each store
// (docs/decisions/044-store-interface-and-postgresql.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord } from "../../shared/contract/index.ts";
import { createSqliteLeadStore } from "../../server/upstream/leads/store-sqlite.ts";
import { createLeadContent, createPostgresLeadStore } from "../../server/upstream/leads/store-postgres.ts";
import type { LeadStore } from "../../server/upstream/leads/store.ts";
import { createPool } from "../../server/upstream/postgres.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";
import { storeKinds, storeRows } from "./stores.ts";

const DAY = 24 * 60 * 60 * 1000;

describe.each(storeKinds)("lead retention on %s", (store) => {
  let clock = Date.parse("2026-11-20T02:00:00Z");
  let upstream: TestUpstream;
  /** The store the upstream keeps its leads in, opened beside it on the same database. */
  let leads: LeadStore;
  let close = async () => {};
  beforeAll(async () => {
    upstream = await startTestUpstream({ now: () => clock, store, env: { SALES_MAIL_TO: "sales@qingyun-power.com", LEAD_RETENTION_DAYS: "30" } });
    if (upstream.databaseUrl) {
      const pool = createPool(upstream.databaseUrl, () => {});
      leads = createPostgresLeadStore(pool, () => clock, createLeadContent(upstream.db));
      close = () => pool.end();
    } else {
      leads = createSqliteLeadStore(upstream.db, () => clock);
    }
  });
  afterAll(async () => {
    await close();
    await upstream.cleanup();
  });

  const insertDownload = (at: number) =>
    storeRows(
      upstream,
      "INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at) VALUES ('d1', 'N', '13800138000', 'n@example.org', 'C', 'P', 'D', 'en', 'h', ?)",
      [at],
    );
  const count = async (sql: string, params: number[] = []) => (await storeRows<{ n: number }>(upstream, sql, params))[0]!.n;

  it("deletes messages and download requests older than the retention, with their outbox rows, and keeps the rest", async () => {
    const { data: old } = await callOk(upstream, addLeaveWord, "zh", { name: "李雷", phone: "13800138000", content: "旧留言" });
    await insertDownload(clock);
    clock += 20 * DAY;
    const { data: young } = await callOk(upstream, addLeaveWord, "zh", { name: "韩梅梅", phone: "13900139000", content: "新留言" });
    await insertDownload(clock);
    clock += 11 * DAY;

    expect(await leads.deleteExpired(clock, 30)).toEqual({ messages: 1, downloads: 1 });
    const ids = (await storeRows<{ id: number }>(upstream, "SELECT id FROM leave_words")).map((row) => row.id);
    expect(ids).toEqual([young.id]);
    expect(await count("SELECT COUNT(*) AS n FROM download_records")).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id = ?", [old.id])).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id = ?", [young.id])).toBe(1);
    expect(await leads.deleteExpired(clock, 30)).toEqual({ messages: 0, downloads: 0 });
  });

  it("runs at the upstream's start", async () => {
    const restarted = await startTestUpstream({
      dataDir: upstream.dataDir,
      ...(upstream.databaseUrl ? { databaseUrl: upstream.databaseUrl } : {}),
      now: () => clock + 40 * DAY,
      env: { LEAD_RETENTION_DAYS: "30" },
    });
    try {
      expect(await count("SELECT COUNT(*) AS n FROM leave_words")).toBe(0);
      expect(await count("SELECT COUNT(*) AS n FROM download_records")).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
