// `npm run notices -- publish …` as a real process on the store a test's upstream keeps its watches in: the SQLite
// file in its DATA_DIR, or its PostgreSQL by DATABASE_URL (docs/decisions/044-store-interface-and-postgresql.md).
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PublishAnswer {
  dryRun: boolean;
  number: string;
  recipients: Array<{ watcherId: number; email: string; language: string; parts: string[] }>;
  alreadyMailed: number;
}

/** Runs the command with `--json` and returns its answer; rejects with the process's error (its code and stderr). */
export async function noticesCli(upstream: { dataDir: string; databaseUrl: string | undefined }, secret: string, args: string[]): Promise<PublishAnswer> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: upstream.dataDir, NOTICE_MAIL_SECRET: secret };
  if (upstream.databaseUrl) env.DATABASE_URL = upstream.databaseUrl;
  else delete env.DATABASE_URL;
  const { stdout } = await run(process.execPath, ["server/upstream/cli/notices.ts", ...args, "--json"], { env });
  return JSON.parse(stdout) as PublishAnswer;
}
