// The embedded upstream runs in a worker thread of the site's process (server/upstream/thread.ts): it serves
// over loopback HTTP, its log lines reach the site's log, it closes cleanly, and a start that fails says why.
import { Writable } from "node:stream";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { startEmbeddedUpstream } from "../../server/serve.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function setup(dataDir: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
  return { config, logger: createLogger("info", destination), lines };
}

describe("the embedded upstream's thread", () => {
  it("serves the contract over loopback, logs through the site and closes", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "qy-thread-"));
    dirs.push(dataDir);
    const { config, logger, lines } = setup(dataDir);
    const upstream = await startEmbeddedUpstream(config, logger);
    try {
      const response = await fetch(`${upstream.url}/healthz`);
      expect(await response.json()).toEqual({ status: "ok" });
      // A sign-in code from the console sender is a log line of the upstream's own, written by the site's logger.
      const send = await fetch(`${upstream.url}/open/message/sendSmsVerifyCode`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone: "13800138000", language: "en", websiteCode: "qingyun", sitePageDataType: 1 }),
      });
      expect(send.status).toBe(200);
      await expect.poll(() => lines.some((line) => String(line.msg).includes("[sign-in code]"))).toBe(true);
    } finally {
      await upstream.close();
    }
    await expect(fetch(`${upstream.url}/healthz`)).rejects.toThrow();
  });

  it("rejects with the reason when the upstream cannot start", async () => {
    const notADir = path.join(mkdtempSync(path.join(tmpdir(), "qy-thread-")), "file");
    dirs.push(path.dirname(notADir));
    writeFileSync(notADir, "");
    const { config, logger } = setup(notADir);
    await expect(startEmbeddedUpstream(config, logger)).rejects.toThrow(/ENOTDIR|EEXIST|not a directory/i);
  });
});
