// The staff console as it runs in production: the built site (server/main.ts) with STAFF_PORT, its own
// listener on localhost, accounts made with `npm run staff`, and Chromium's virtual authenticator (CDP
// WebAuthn) standing in for a person's passkey.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { BrowserContext, Page } from "playwright-core";
import { freePort, root, startSiteProcess, type SiteProcess } from "../support/site-process.ts";

const run = promisify(execFile);

export interface ConsoleProcess {
  site: SiteProcess;
  origin: string;
  dataDir: string;
  /** `npm run staff -- …` on the same database; returns its output. */
  staff: (...args: string[]) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startConsoleProcess(env: Record<string, string> = {}): Promise<ConsoleProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "qy-staff-e2e-"));
  const origin = `http://localhost:${port}`;
  const site = await startSiteProcess({ STAFF_PORT: String(port), DATA_DIR: dataDir, ...env });
  // The console starts just after the site reports ready.
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${origin}/zh/sign-in`)).ok) break;
    } catch {
      if (tries > 100) throw new Error("the staff console did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const staff = async (...args: string[]) =>
    (
      await run(process.execPath, [path.join(root, "server", "staff", "cli.ts"), ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, STAFF_PORT: String(port) },
      })
    ).stdout;
  return {
    site,
    origin,
    dataDir,
    staff,
    stop: async () => {
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The enrolment link printed by `npm run staff -- add|link`. */
export function linkIn(output: string): string {
  const link = /https?:\/\/\S+\/enrol\?token=[\w-]+/.exec(output)?.[0];
  if (!link) throw new Error(`no enrolment link in: ${output}`);
  return link;
}

/** A platform authenticator with user verification that answers at once, like a person touching it. */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<string> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return authenticatorId;
}
