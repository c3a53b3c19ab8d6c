// `npm run notices -- publish <notice | revision | lifecycle:PART> [--dry-run] [--json]`: queues the e-mails of a
// published notice, document revision or lifecycle change to the watchers of its parts, straight on the upstream's
// database (DATA_DIR) like `npm run orders`; the running server's outbox sends them.
// docs/decisions/034-part-watches-and-notice-mail.md, 040-document-revisions.md.
import { parseArgs } from "node:util";
import { parseUpstreamEnv } from "../config.ts";
import { openDatabase } from "../db.ts";
import { createNoticePublisher, type PublishResult } from "../notices/publish.ts";
import { isPublicationName } from "../notices/publications.ts";

const usage = `Usage: npm run notices -- publish <notice | document@revision | lifecycle:PART> [--dry-run] [--json]

  publish PCN-2026-001             queues one e-mail to every confirmed watcher of the notice's parts
                                   not mailed for it yet (publishing twice mails nobody twice)
  publish ds-qcm040120k4@1.1       the same for a new revision of a document, to the watchers of its parts
  publish lifecycle:QCD05120T2     the same for the part's current lifecycle state (once per state and date)
  publish PCN-2026-001 --dry-run   lists who would be mailed; writes nothing

What is published must be in the loaded content (notices.json, documents.json, catalog/lifecycle.json),
reviewed and deployed like any content change.
Environment: DATA_DIR (database folder, default "data"), NOTICE_MAIL_SECRET (signs the unsubscribe links)`;

class UsageError extends Error {}

function main(argv: string[], out: (line: string) => void): void {
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
  const env = parseUpstreamEnv(process.env);
  if (!values["dry-run"] && !env.NOTICE_MAIL_SECRET)
    throw new UsageError("NOTICE_MAIL_SECRET is not set (at least 32 characters): it signs every e-mail's unsubscribe link");
  const db = openDatabase(env.DATA_DIR);
  try {
    const publisher = createNoticePublisher(db, Date.now);
    const result: PublishResult = values["dry-run"] ? publisher.dryRun(number) : publisher.publish(number, env.NOTICE_MAIL_SECRET!);
    if (values.json) {
      out(JSON.stringify({ dryRun: Boolean(values["dry-run"]), ...result }));
      return;
    }
    const verb = values["dry-run"] ? "would be mailed" : "queued (the running server sends them)";
    out(`${result.number}: ${result.recipients.length} ${verb}; ${result.alreadyMailed} already mailed for it`);
    for (const r of result.recipients) out(`  ${r.email} (${r.language}): ${r.parts.join(", ")}`);
  } finally {
    db.close();
  }
}

try {
  // Addresses are stored text: printed as JSON strings' escapes would print them, never raw control characters.
  main(process.argv.slice(2), (line) =>
    process.stdout.write(`${line.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`)}\n`),
  );
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
