// Leads are personal data kept for a purpose: contact messages and download requests older than
// LEAD_RETENTION_DAYS are deleted by a daily job (their outbox rows go with them: SQLite's migration 040,
// PostgreSQL's 005). Runs in every upstream host; on PostgreSQL several hosts running it delete the same rows,
// which is harmless (a delete of what is gone deletes nothing). Deleting by created_at uses no per-row work
// beyond the delete itself.
import type { LeadStore } from "./store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs the deletion now (settled when it returns: a host starts without expired leads) and then once a day; the
 * timer never keeps the process alive. Returns the stop, after which a run under way logs nothing (the store may
 * be closing). A failed run is logged, never thrown: the next day's runs again. */
export async function startLeadRetention(
  leads: Pick<LeadStore, "deleteExpired">,
  now: () => number,
  days: number,
  log: (message: string, detail?: unknown) => void,
): Promise<() => void> {
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    try {
      const { messages, downloads } = await leads.deleteExpired(now(), days);
      if (messages + downloads > 0) log(`lead retention: deleted ${messages} contact messages and ${downloads} download requests older than ${days} days`);
    } catch (error) {
      if (!stopped) log("lead retention failed (retried tomorrow)", error);
    }
  };
  await run();
  const timer = setInterval(() => void run(), DAY_MS);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
