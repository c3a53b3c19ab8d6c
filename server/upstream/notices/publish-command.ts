// What `npm run notices -- publish …` does (cli/notices.ts parses the environment and calls it): resolve what is
// published from the content index in DATA_DIR, then list or queue its e-mails on the store the upstream keeps
// the watches in: the SQLite file, or PostgreSQL when DATABASE_URL names it (the running hosts send them). docs/decisions/034-part-watches-and-notice-mail.md, 040-document-revisions.md,
// 044-store-interface-and-postgresql.md ("Watches and notices (step 5)").
import { parseArgs } from "node:util";
import { openDatabase } from "../db.ts";
import { createPool, migratePostgres } from "../postgres.ts";
import { createPublicationResolver, isPublicationName } from "./publications.ts";
import type { PublishResult } from "./publish.ts";
import { createPostgresWatchStore } from "./watch-store-postgres.ts";
import { createSqliteWatchStore } from "./watch-store-sqlite.ts";
import { createWatchedParts } from "./watches.ts";

export const usage = `Usage: npm run notices -- publish <notice | document@revision | lifecycle:PART> [--dry-run] [--json]

  publish PCN-2026-001             queues one e-mail to every confirmed watcher of the notice's parts
                                   not mailed for it yet (publishing twice mails nobody twice)
  publish ds-qcm040120k4@1.1       the same for a new revision of a document, to the watchers of its parts
  publish lifecycle:QCD05120T2     the same for the part's current lifecycle state (once per state and date)
  publish PCN-2026-001 --dry-run   lists who would be mailed; writes nothing

What is published must be in the loaded content (notices.json, documents.json, catalog/lifecycle.json),
reviewed and deployed like any content change.
Environment: DATABASE_URL (the upstream's PostgreSQL; unset: the SQLite file), DATA_DIR (database folder with the
loaded content, default "data"), NOTICE_MAIL_SECRET (signs the unsubscribe links)`;

export class UsageError extends Error {}

export interface PublishCommandEnv {
  dataDir: string;
  /** The upstream's PostgreSQL (its options' databaseUrl); unset: the SQLite file. */
  databaseUrl?: string | undefined;
  secret: string | undefined;
}

/** `readEnv` is called once the arguments are known good, so help and usage errors never depend on the environment. */
export async function publishCommand(argv: string[], readEnv: () => PublishCommandEnv, out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { "dry-run": { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [command, number] = positionals;
  if (!command || values.help || command === "help") {
    for (const line of usage.split("\n")) out(line);
    return;
  }
  if (command !== "publish") throw new UsageError(`Unknown command "${command}"`);
  if (!number || !isPublicationName(number)) {
    throw new UsageError("publish needs a notice number (PCN-2026-001), a document revision (ds-qcm040120k4@1.1) or lifecycle:PART (lifecycle:QCD05120T2)");
  }
  const env = readEnv();
  if (!values["dry-run"] && !env.secret) throw new UsageError("NOTICE_MAIL_SECRET is not set (at least 32 characters): it signs every e-mail's unsubscribe link");
  // Migrated first, as the upstream and `npm run orders` do: once across hosts, a newer schema refused.
  if (env.databaseUrl) await migratePostgres(env.databaseUrl);
  const db = openDatabase(env.dataDir);
  const pool = env.databaseUrl ? createPool(env.databaseUrl, (message, detail) => console.error(message, detail), 1) : undefined;
  try {
    const store = pool ? createPostgresWatchStore(pool, Date.now, createWatchedParts(db)) : createSqliteWatchStore(db, Date.now);
    const publication = createPublicationResolver(db)(number);
    const result: PublishResult = values["dry-run"] ? await store.dryRun(publication) : await store.publish(publication, env.secret!);
    if (values.json) {
      out(JSON.stringify({ dryRun: Boolean(values["dry-run"]), ...result }));
      return;
    }
    const verb = values["dry-run"] ? "would be mailed" : "queued (the running server sends them)";
    out(`${result.number}: ${result.recipients.length} ${verb}; ${result.alreadyMailed} already mailed for it`);
    for (const r of result.recipients) out(`  ${r.email} (${r.language}): ${r.parts.join(", ")}`);
  } finally {
    await pool?.end();
    db.close();
  }
}
