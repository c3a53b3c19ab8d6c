// `npm run notices -- publish <notice | revision | lifecycle:PART> [--dry-run] [--json]`: queues the e-mails of a
// published notice, document revision or lifecycle change to the watchers of its parts, straight on the upstream's
// store (its PostgreSQL when DATABASE_URL is set, else the database in DATA_DIR) like `npm run orders`; the running
// server's outbox sends them. notices/publish-command.ts does the work; docs/decisions/034-part-watches-and-notice-mail.md,
// 040-document-revisions.md, 044-store-interface-and-postgresql.md.
import { parseEnvironment } from "../../../shared/env/parse.ts";
import { upstreamEnv } from "../../../shared/env/upstream-env.ts";
import { publishCommand, usage, UsageError } from "../notices/publish-command.ts";

// Addresses are stored text: printed as JSON strings' escapes would print them, never raw control characters.
const out = (line: string) =>
  process.stdout.write(`${line.replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`)}\n`);

try {
  await publishCommand(
    process.argv.slice(2),
    () => {
      // The upstream's own schema, so DATABASE_URL is refused here exactly when it is malformed there; not the
      // upstream's start-time refusal of any DATABASE_URL (checkTogether): the watches and their e-mails this
      // command writes are whole on PostgreSQL, and it must reach them where a PostgreSQL upstream keeps them
      // (as `npm run orders` does).
      const env = parseEnvironment(upstreamEnv, process.env);
      return { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, secret: env.NOTICE_MAIL_SECRET };
    },
    out,
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
