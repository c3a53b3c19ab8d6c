// Leads are personal data kept for a purpose: contact messages and download requests older than
// LEAD_RETENTION_DAYS are deleted by a daily job (their outbox rows go with them, migration 040). Runs in the
// upstream that owns the database; deleting by created_at uses no per-row work beyond the delete itself.
import type { Database } from "../db.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes every lead older than `days`; returns how many of each kind went. */
export function deleteExpiredLeads(db: Database, now: number, days: number): { messages: number; downloads: number } {
  const cutoff = now - days * DAY_MS;
  const messages = Number(db.prepare("DELETE FROM leave_words WHERE created_at < ?").run(cutoff).changes);
  const downloads = Number(db.prepare("DELETE FROM download_records WHERE created_at < ?").run(cutoff).changes);
  return { messages, downloads };
}

/** Runs the deletion now and then once a day; the timer never keeps the process alive. */
export function startLeadRetention(db: Database, now: () => number, days: number, log: (message: string) => void): () => void {
  const run = () => {
    if (!db.isOpen) return;
    const { messages, downloads } = deleteExpiredLeads(db, now(), days);
    if (messages + downloads > 0) log(`lead retention: deleted ${messages} contact messages and ${downloads} download requests older than ${days} days`);
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
