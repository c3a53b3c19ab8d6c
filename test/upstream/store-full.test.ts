// A store that cannot write is the operator's problem, answered as one: a size-limited database
// (`max_page_count`, what a full file system looks like to SQLite) and a write lock held past the busy
// timeout answer 503 with Retry-After and the envelope, never a 500; the log keeps SQLite's own words once
// (not "cannot rollback – no transaction is active"); and /readyz, through the site, says not ready.
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../helpers/site.ts";
import { freshIp, freshPhone, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";

const SEND = "/open/message/sendSmsVerifyCode";
let u: AccountUpstream;
const logged: string[] = [];

beforeAll(async () => {
  u = await startAccountUpstream({}, undefined, (message, detail) => logged.push(`${message} ${detail instanceof Error ? detail.message : String(detail ?? "")}`));
});
afterAll(() => u.cleanup());

const pragma = (name: string) => Number(Object.values(u.db.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
const write = (language: "zh" | "en" = "en") => u.call(SEND, { phone: freshPhone() }, { ip: freshIp(), language });

describe("a full store", () => {
  it("answers writes 503 with Retry-After, logs 'database or disk is full' once each, and /readyz is not ready", async () => {
    const site = await createTestApp({ UPSTREAM_URL: u.url });
    expect((await request(site).get("/readyz")).status).toBe(200);
    expect((await write()).status).toBe(200);
    // The limit is per connection: set on the upstream's own after VACUUM (no free pages left), it leaves no
    // room beyond the pages in use.
    u.db.exec("VACUUM");
    u.db.exec(`PRAGMA max_page_count = ${pragma("page_count")}`);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof write>> | undefined;
    for (let i = 0; i < 300 && !refused; i++) {
      const answer = await write(i % 2 ? "zh" : "en");
      statuses.push(answer.status);
      if (answer.status !== 200) refused = answer;
    }
    expect(refused, `statuses: ${statuses.join(",")}`).toBeDefined();
    expect(refused!.status).toBe(503);
    expect(refused!.headers.get("retry-after")).toBe("60");
    expect(refused!.json).toMatchObject({ success: false, code: "E50300001", data: null });
    const failures = logged.filter((line) => line.includes("database or disk is full"));
    expect(failures).toHaveLength(1);
    expect(logged.join("\n")).not.toContain("cannot rollback");
    // Every later write is refused the same way, never as a bug.
    const again = await write("zh");
    expect(again.status).toBe(503);
    expect(again.json.message).toBe("服务暂不可用");

    expect((await u.get("/healthz")).status).toBe(503);
    expect((await request(site).get("/readyz")).status).toBe(503);
    // Through the site's /api the same answer and its Retry-After reach the browser.
    const viaSite = await request(site).post(`/api${SEND}`).set("Origin", "http://localhost:3000").send({ language: "en", websiteCode: "qingyun", phone: freshPhone() });
    expect(viaSite.status).toBe(503);
    expect(viaSite.headers["retry-after"]).toBe("60");
    expect(viaSite.body.code).toBe("E50300001");

    // Room again (the operator freed space): writes and readiness come back.
    u.db.exec("PRAGMA max_page_count = 1073741823");
    expect((await write()).status).toBe(200);
    expect((await request(site).get("/readyz")).status).toBe(200);
  });
});

describe("a write lock held past the busy timeout", () => {
  it("answers 503 with a short Retry-After, not a 500", async () => {
    const other = new DatabaseSync(path.join(u.dataDir, "upstream.sqlite"));
    u.db.exec("PRAGMA busy_timeout = 100");
    other.exec("BEGIN IMMEDIATE");
    try {
      const answer = await write();
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.json.code).toBe("E50300001");
    } finally {
      other.exec("ROLLBACK");
      other.close();
      u.db.exec("PRAGMA busy_timeout = 5000");
    }
    expect((await write()).status).toBe(200);
  });
});
