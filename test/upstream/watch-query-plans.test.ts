import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratePostgres } from "../../server/upstream/postgres.ts";
import { dueWatchMails } from "../../server/upstream/notices/mail-outbox-postgres.ts";
import { postgresWatchQueries } from "../../server/upstream/notices/watch-store-postgres.ts";
import { testPostgres } from "./stores.ts";
import { planReader, type PlanReader } from "../helpers/postgres-plans.ts";

describe("the watches' lookups on PostgreSQL", () => {
  let reader: PlanReader;
  beforeAll(async () => {
    const url = await (await testPostgres()).database();
    await migratePostgres(url);
    reader = await planReader(url);
  });
  afterAll(() => reader?.end());

  const pgPlan = (sql: string, params: unknown[]) => reader.plan(sql, params);

  /**
   * The scans of a plan that read an index whole, with no condition on it (a full index read is a table walk too).
   * The outbox's due index is partial (pending rows only): read whole it is the unsent backlog, never the history,
   * which is what an unsubscribe's drop of unsent e-mails reads on an empty table's estimates.
   */
  function unconditionedScans(plan: string): string[] {
    const lines = plan.split("\n");
    return lines.filter((line, i) => /Index (Only )?Scan/.test(line) && !line.includes("watch_mail_outbox_due") && !/^\s*Index Cond:/.test(lines[i + 1] ?? ""));
  }

  /** Example values for each lookup's parameters, in order. */
  const params: Record<keyof typeof postgresWatchQueries, unknown[]> = {
    userEmail: [42],
    ofUser: [42],
    watcher: [7],
    guestOf: ["someone@example.com"],
    watched: [7],
    count: [7],
    request: [7],
    clientCounts: ["ab12", 0],
    addressCounts: ["someone@example.com", 1000, 0],
    dropPending: [7],
    publicationWatchers: ["PCN-2026-003", [11, 12, 13]],
  };
  it.each(Object.keys(postgresWatchQueries) as Array<keyof typeof postgresWatchQueries>)("%s reads an index, never a whole table", async (name) => {
    const plan = await pgPlan(postgresWatchQueries[name], params[name]);
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toContain("Seq Scan");
    expect(unconditionedScans(plan)).toEqual([]);
  });

  it("the publish's check of who was mailed for the event finds a watcher's e-mail and its address's by index", async () => {
    const plan = await pgPlan(postgresWatchQueries.publicationWatchers, params.publicationWatchers);
    // Each by the event and the watcher, or the event and the address, never by the event alone.
    expect(plan).toMatch(/notice_mails_notice_number_watcher_id_key[^\n]*\n\s*Index Cond: \(\(notice_number = [^)]+\) AND \(watcher_id = w\.id\)\)/);
    expect(plan).toMatch(/notice_mails_by_email[^\n]*\n\s*Index Cond: \(\(notice_number = [^)]+\) AND \(lower\(email\) = lower\(w\.email\)\)\)/);
    expect(plan).toContain("part_watches_by_product");
  });

  it("an unsubscribe finds the watcher's e-mails by the watcher, not by reading every event's", async () => {
    // A condition on the second column of (notice_number, watcher_id) would read that whole index: it must be its own.
    expect(await pgPlan(postgresWatchQueries.dropPending, params.dropPending)).toContain("notice_mails_by_watcher");
  });

  it("the claim of due notice and confirmation e-mails reads the due rows by index", async () => {
    const plan = await pgPlan(dueWatchMails, [0, 20]);
    expect(plan).toContain("watch_mail_outbox_due");
    expect(plan).not.toContain("Seq Scan");
    expect(unconditionedScans(plan)).toEqual([]);
  });
});
