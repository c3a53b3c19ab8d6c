// Preview mode on the site: only a valid signed token enters it; the cookie lasts at most 3 h and never
// past the token; the banner shows the end time; /preview/exit leaves it; a token staff revoke (the CLI,
// the staff API) stops working, and the cookie it set with it.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import type { Express } from "express";
import { signPreviewToken } from "../../shared/http/preview-token.ts";
import { startSite } from "../helpers/site.ts";
import { previewRevocationCheck } from "../../server/http/preview.ts";
import type { Logger } from "../../server/metrics/logger.ts";
import type { TestUpstream } from "../upstream/helpers.ts";

const secret = "preview-secret-for-tests-0123456789abcdef";
let upstream: TestUpstream;
let app: Express;
beforeAll(async () => {
  ({ app, upstream } = await startSite({ PREVIEW_SECRET: secret }));
});
afterAll(() => upstream.cleanup());

function cookieOf(response: request.Response): string {
  return ([] as string[]).concat(response.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("qingyun=")) ?? "";
}

describe("preview mode", () => {
  it("enters with a valid token: an HttpOnly cookie named by the website code, at most 3 h, and the token leaves the URL", async () => {
    const token = await signPreviewToken(secret, Date.now() + 24 * 3600_000);
    const response = await request(app).get(`/en/about/us?x=1&preview=${encodeURIComponent(token)}`);
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/en/about/us?x=1");
    const cookie = cookieOf(response);
    expect(cookie).toMatch(/HttpOnly/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(10_790);
    expect(maxAge).toBeLessThanOrEqual(10_800);

    const page = await request(app).get("/en/about/us").set("Cookie", cookie.split(";")[0]!);
    expect(page.status).toBe(200);
    // The time is Beijing time on server and browser alike (no hydration mismatch), and says so.
    expect(page.text).toMatch(/class="preview-banner"[^>]*><span>Preview mode: ends automatically at \d{2}:\d{2}:\d{2} Beijing time \(UTC\+8\)</);
    const zh = await request(app).get("/zh/about/us").set("Cookie", cookie.split(";")[0]!);
    expect(zh.text).toMatch(/class="preview-banner"[^>]*><span>预览模式：将于北京时间（UTC\+8）\d{2}:\d{2}:\d{2} 自动退出</);
    expect(page.text).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(page.text).toContain('href="/preview/exit"');
  });

  it("never outlives the token", async () => {
    const token = await signPreviewToken(secret, Date.now() + 10 * 60_000);
    const cookie = cookieOf(await request(app).get(`/zh?preview=${token}`));
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(600);
  });

  it("ignores a forged, expired or foreign token and a forged cookie", async () => {
    const expired = await signPreviewToken(secret, Date.now() - 1000);
    const foreign = await signPreviewToken("another-secret-0123456789abcdef-xyz", Date.now() + 3600_000);
    for (const token of [expired, foreign, "p1.99999999999999.AAAA", "nonsense"]) {
      const response = await request(app).get(`/zh?preview=${encodeURIComponent(token)}`);
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/zh");
      expect(cookieOf(response)).toBe("");
    }
    const forged = await request(app)
      .get("/zh")
      .set("Cookie", `qingyun=${Date.now() + 3600_000}.${foreign}`);
    expect(forged.text).not.toContain("preview-banner");
    const plain = await request(app).get("/zh");
    expect(plain.text).not.toContain("preview-banner");
  });

  it("exits at /preview/exit: the cookie is removed and the visitor returns to /", async () => {
    const response = await request(app).get("/preview/exit");
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/");
    expect(cookieOf(response)).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});

describe("revoking a preview token before it expires", () => {
  const run = promisify(execFile);
  const revoke = (...args: string[]) =>
    run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), "preview-revoke", ...args], {
      env: { ...process.env, DATA_DIR: upstream.dataDir, PREVIEW_SECRET: secret },
      timeout: 15_000,
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it("a revoked token enters no preview, and a cookie whose token is revoked grants none and is dropped", async () => {
    const unused = await signPreviewToken(secret, Date.now() + 3600_000);
    const revoked = await revoke(unused);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/^revoked \(it would have expired \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\)/);
    const entered = await request(app).get(`/zh?preview=${encodeURIComponent(unused)}`);
    expect(entered.status).toBe(302);
    expect(cookieOf(entered)).toBe("");

    // A preview already under way: its cookie carries the token, which staff now revoke.
    const token = await signPreviewToken(secret, Date.now() + 3600_000);
    const cookie = `qingyun=${Date.now() + 1800_000}.${token}`;
    expect((await revoke(token)).code).toBe(0);
    const page = await request(app).get("/en/about/us").set("Cookie", cookie);
    expect(page.text).not.toContain("preview-banner");
    expect(cookieOf(page)).toMatch(/^qingyun=;/);
  });

  it("refuses to revoke what is not a live token of this site, saying why", async () => {
    const foreign = await signPreviewToken("another-secret-0123456789abcdef-xyz", Date.now() + 3600_000);
    for (const token of ["nonsense", foreign, await signPreviewToken(secret, Date.now() - 1000)]) {
      const answer = await revoke(token);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain("Not a preview token of this site that is still valid");
    }
  });

  it("is known to the site within 10 s (one question per token and 10 s), and an upstream that cannot answer ends the preview", async () => {
    let now = Date.now();
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
    const check = previewRevocationCheck({ upstreamUrl: upstream.url, provider: "qingyun", websiteCode: "qingyun", timeoutMs: 2000, logger, now: () => now });
    const token = await signPreviewToken(secret, Date.now() + 3600_000);
    expect(await check(token)).toBe(false);
    expect((await upstream.post("/staff/preview-tokens/revoke", { token }, { authorization: "Bearer nobody" })).status).toBe(404);
    expect((await revoke(token)).code).toBe(0);
    expect(await check(token)).toBe(false);
    now += 10_001;
    expect(await check(token)).toBe(true);
    expect(warnings).toEqual([]);

    const unreachable = previewRevocationCheck({ upstreamUrl: "http://127.0.0.1:9", provider: "qingyun", websiteCode: "qingyun", timeoutMs: 500, logger });
    expect(await unreachable(await signPreviewToken(secret, Date.now() + 3600_000))).toBe(true);
    expect(warnings).toHaveLength(1);
  });
});
