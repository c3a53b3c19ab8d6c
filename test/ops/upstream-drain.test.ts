// `npm run upstream` leaving a rolling release (SIGTERM, README "Several hosts"): it takes no new connection, answers
// the call in flight, and exits. A call cut off instead would reach the visitor as a 502 that cannot be told from a
// lost order.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, root } from "../support/site-process.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("an upstream host stopped with SIGTERM", () => {
  it("answers the call in flight, refuses new connections meanwhile, and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "qy-drain-"));
    dirs.push(dataDir);
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, "server", "upstream", "main.ts")], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, UPSTREAM_HOST: "127.0.0.1", UPSTREAM_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      for (let tries = 0; !output.includes("listening on"); tries++) {
        if (tries > 300 || child.exitCode !== null) throw new Error(`the upstream did not start: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      // A call whose body is still on its way when the signal comes.
      const body = JSON.stringify({ language: "en", websiteCode: "qingyun" });
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.write(
        `POST /open/user/auth/isLogin HTTP/1.1\r\nHost: upstream\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      child.kill("SIGTERM");
      const signalled = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));

      // No new connection meanwhile: nginx sends the next call to another host.
      const refused = await new Promise<boolean>((resolve) => {
        const probe = net.connect(port, "127.0.0.1");
        probe.once("connect", () => {
          probe.destroy();
          resolve(false);
        });
        probe.once("error", () => resolve(true));
      });
      expect(refused).toBe(true);

      socket.write(body.slice(10));
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('"success":true');
      expect(await exited).toBe(0);
      // Gone once its call is answered, not at the drain's 8 s bound.
      expect(Date.now() - signalled).toBeLessThan(5_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  }, 30_000);
});
