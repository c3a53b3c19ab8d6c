// Builds the site when needed and starts the production server (embedded upstream, temporary data) once.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildIfNeeded, root } from "../../scripts/build-if-needed.ts";
import { freePort } from "../support/site-process.ts";

let child: ChildProcess | undefined;
let dataDir = "";
let closeMailbox: (() => Promise<void>) | undefined;
/** Signs the preview tokens of the browser tests (never a real secret). */
export const previewSecret = "e2e-preview-secret-0123456789abcdef";
/** Signs the unsubscribe links of the notice e-mails (never a real secret). */
const noticeMailSecret = "e2e-notice-mail-secret-0123456789abcdef";

/** Every message the server sends is written as a file of the mailbox folder, for the tests to read. */
async function startMailbox(dir: string): Promise<number> {
  let count = 0;
  const sink = await startSmtpSink(({ to, raw }) => {
    writeFileSync(path.join(dir, `${String(++count).padStart(4, "0")}.eml`), `X-Envelope-To: ${to.join(",")}\r\n${raw}`);
  });
  closeMailbox = sink.close;
  return sink.port;
}

export async function setup(project: TestProject) {
  buildIfNeeded();
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "qy-e2e-"));
  const origin = `http://127.0.0.1:${port}`;
  const mailbox = path.join(dataDir, "mailbox");
  const serverLog = path.join(dataDir, "server.log");
  mkdirSync(mailbox);
  const smtpPort = await startMailbox(mailbox);
  child = spawn(process.execPath, [path.join(root, "server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: origin,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PREVIEW_SECRET: previewSecret,
      NOTICE_MAIL_SECRET: noticeMailSecret,
    },
    // The server's log lines go to a file: the console SMS sender's code line is read from it (as a developer
    // reads it from the terminal), and the test output is not flooded with one line per request.
    stdio: ["ignore", openSync(serverLog, "a"), "inherit"],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not become ready within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide("origin", origin);
  project.provide("mailbox", mailbox);
  project.provide("previewSecret", previewSecret);
  project.provide("noticeMailSecret", noticeMailSecret);
  // The staff CLI (npm run orders) works on the server's database directly.
  project.provide("dataDir", dataDir);
  project.provide("serverLog", serverLog);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await closeMailbox?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    origin: string;
    /** Folder where the SMTP sink writes every message the server sends. */
    mailbox: string;
    previewSecret: string;
    /** NOTICE_MAIL_SECRET of the running server (`npm run notices -- publish` needs the same). */
    noticeMailSecret: string;
    /** DATA_DIR of the running server (its upstream's database). */
    dataDir: string;
    /** The server's log (pino JSON lines at info). */
    serverLog: string;
  }
}
