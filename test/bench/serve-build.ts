// Starts the production build (embedded upstream, temporary data) on a free loopback port for the bench
// and Lighthouse; builds first when dist/ is missing or older than the sources.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfNeeded, root } from "../../scripts/build-if-needed.ts";
import { withServerMemoryEnv } from "../../scripts/server-env.ts";
import { freePort } from "../support/site-process.ts";

export { freePort };

export interface BuiltSite {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** `readyWithinMs`: a generated catalog of 10,000 products renders its PDFs at start (about 15 s, longer on a busy machine). */
export async function serveBuild(env: Record<string, string> = {}, readyWithinMs = 30_000): Promise<BuiltSite> {
  buildIfNeeded();
  const dataDir = mkdtempSync(path.join(tmpdir(), "qy-measure-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server", "main.ts")], {
    cwd: root,
    // As `npm start` and the Docker image run it: the measured process is the shipped one.
    env: withServerMemoryEnv({
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      RATE_LIMIT_PER_MINUTE: "10000000",
      PUBLIC_ORIGIN: origin,
      ...env,
    }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (
      await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i >= readyWithinMs / 200 || child.exitCode !== null) {
      await stop();
      throw new Error("The server did not become ready");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, dataDir, process: child, stop };
}
