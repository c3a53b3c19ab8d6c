// `npm run notices -- publish …` on the store a test's upstream keeps its watches in: the real CLI process on the
// SQLite file, and on PostgreSQL the same command in this process with the upstream's database URL (the CLI's
// environment refuses DATABASE_URL until every domain is there: docs/decisions/044-store-interface-and-postgresql.md).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { publishCommand } from "../../server/upstream/notices/publish-command.ts";

const run = promisify(execFile);

export interface PublishAnswer {
  dryRun: boolean;
  number: string;
  recipients: Array<{ watcherId: number; email: string; language: string; parts: string[] }>;
  alreadyMailed: number;
}

/** Runs the command with `--json` and returns its answer; rejects with the process's (or command's) error. */
export async function noticesCli(upstream: { dataDir: string; databaseUrl: string | undefined }, secret: string, args: string[]): Promise<PublishAnswer> {
  if (!upstream.databaseUrl) {
    const { stdout } = await run(process.execPath, ["server/upstream/cli/notices.ts", ...args, "--json"], {
      env: { ...process.env, DATA_DIR: upstream.dataDir, NOTICE_MAIL_SECRET: secret },
    });
    return JSON.parse(stdout) as PublishAnswer;
  }
  const lines: string[] = [];
  await publishCommand(
    [...args, "--json"],
    () => ({ dataDir: upstream.dataDir, databaseUrl: upstream.databaseUrl, secret }),
    (line) => lines.push(line),
  );
  return JSON.parse(lines.join("\n")) as PublishAnswer;
}
