// Leads older than LEAD_RETENTION_DAYS are deleted (contact messages, download requests and their outbox
// rows); younger ones stay. The job runs at the upstream's start and daily after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLeaveWord } from "../../shared/contract/index.ts";
import { deleteExpiredLeads } from "../../server/upstream/leads/retention.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

const DAY = 24 * 60 * 60 * 1000;
let clock = Date.parse("2026-11-20T02:00:00Z");
let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream({ now: () => clock, env: { SALES_MAIL_TO: "sales@qingyun-power.com", LEAD_RETENTION_DAYS: "30" } });
});
afterAll(() => upstream.cleanup());

const insertDownload = (at: number) =>
  upstream.db
    .prepare(
      "INSERT INTO download_records (document_id, name, phone, email, company, position, product_demand, language, ip_hash, created_at) VALUES ('d1', 'N', '13800138000', 'n@example.org', 'C', 'P', 'D', 'en', 'h', ?)",
    )
    .run(at);

describe("lead retention", () => {
  it("deletes messages and download requests older than the retention, with their outbox rows, and keeps the rest", async () => {
    const { data: old } = await callOk(upstream, addLeaveWord, "zh", { name: "李雷", phone: "13800138000", content: "旧留言" });
    insertDownload(clock);
    clock += 20 * DAY;
    const { data: young } = await callOk(upstream, addLeaveWord, "zh", { name: "韩梅梅", phone: "13900139000", content: "新留言" });
    insertDownload(clock);
    clock += 11 * DAY;

    expect(deleteExpiredLeads(upstream.db, clock, 30)).toEqual({ messages: 1, downloads: 1 });
    const ids = (upstream.db.prepare("SELECT id FROM leave_words").all() as Array<{ id: number }>).map((row) => row.id);
    expect(ids).toEqual([young.id]);
    expect(upstream.db.prepare("SELECT COUNT(*) AS n FROM download_records").get()).toEqual({ n: 1 });
    expect(upstream.db.prepare("SELECT COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id = ?").get(old.id)).toEqual({ n: 0 });
    expect(upstream.db.prepare("SELECT COUNT(*) AS n FROM order_mail_outbox WHERE leave_word_id = ?").get(young.id)).toEqual({ n: 1 });
    expect(deleteExpiredLeads(upstream.db, clock, 30)).toEqual({ messages: 0, downloads: 0 });
  });

  it("runs at the upstream's start", async () => {
    const restarted = await startTestUpstream({ dataDir: upstream.dataDir, now: () => clock + 40 * DAY, env: { LEAD_RETENTION_DAYS: "30" } });
    try {
      expect(restarted.db.prepare("SELECT COUNT(*) AS n FROM leave_words").get()).toEqual({ n: 0 });
      expect(restarted.db.prepare("SELECT COUNT(*) AS n FROM download_records").get()).toEqual({ n: 0 });
    } finally {
      await restarted.close();
    }
  });
});
