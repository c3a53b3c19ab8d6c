// The staff console and the orders CLI on several hosts sharing one PostgreSQL (decision 044, "Staff and the
// orders CLI"): a console session started on one host is honoured by the other and ended there for both; a
// passkey ceremony begun on one host ends on the other, once; an
// enrolment link used at once through two hosts enrols one passkey; a passkey's counter moves forward once when
// two hosts record one assertion; two admins disabling each other at once on two hosts leave one admin; an order
// moved through one host's console is seen moved on the other's, and two hosts moving it at once move it once;
// the orders CLI's preview-token revocation reaches every upstream host.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPath, queryPreviewRevoked } from "../../shared/contract/index.ts";
import { previewTokenId, signPreviewToken } from "../../shared/http/preview-token.ts";
import request from "supertest";
import { STAFF_ORIGIN, startConsole, type ConsoleUnderTest } from "../routes/staff-helpers.ts";
import { startAccountUpstream } from "./account-helpers.ts";
import { testPostgres } from "./stores.ts";
import { startStaffConsole } from "../../server/staff/listener.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { createPool } from "../../server/upstream/postgres.ts";
import { createPostgresStaffStore } from "../../server/upstream/staff/store-postgres.ts";

const run = promisify(execFile);

describe("two console hosts on one PostgreSQL", () => {
  let a: ConsoleUnderTest;
  let b: ConsoleUnderTest;
  beforeAll(async () => {
    const databaseUrl = await (await testPostgres()).database();
    // One clock for both hosts, as two machines' synchronised clocks.
    const clock = { now: Date.parse("2026-11-20T02:00:00Z") };
    a = await startConsole({ store: "postgres", databaseUrl, clock });
    b = await startConsole({ store: "postgres", databaseUrl, clock });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("honours a session started on one host at the other, and a sign-out on either ends it for both", async () => {
    const admin = await a.signedIn("admin@qingyun-power.com", "admin");
    expect((await b.get("/en", admin.cookie)).status).toBe(200);
    expect((await b.get("/en/staff", admin.cookie)).text).toContain("admin@qingyun-power.com");
    expect((await b.post("/en/sign-out", {}, admin.cookie)).status).toBe(303);
    expect((await a.get("/en", admin.cookie)).status).toBe(303);
    // The audit log is one: the sign-out on host b is read on host a.
    const again = await b.store.startSession(admin.id);
    expect((await a.get("/en/audit?action=signOut", `qy_staff=${again.token}`)).text).toContain("1 entry");
  });

  it("ends a passkey ceremony begun on one host at the other, once", async () => {
    const host = new URL(STAFF_ORIGIN).host;
    const options = await request(a.app).post("/webauthn/sign-in/options").set("Host", host).set("Origin", STAFF_ORIGIN).send({ language: "en" });
    expect(options.status).toBe(200);
    const ceremony = String(options.headers["set-cookie"]).split(";")[0]!;
    const verify = (console: ConsoleUnderTest) =>
      request(console.app)
        .post("/webauthn/sign-in/verify")
        .set("Host", host)
        .set("Origin", STAFF_ORIGIN)
        .set("Cookie", ceremony)
        .send({ language: "en", response: { id: "nobody", rawId: "nobody", type: "public-key", response: {} } });
    // Host b finds the challenge host a gave (the passkey is then unknown); a second use finds none, on either host.
    expect((await verify(b)).status).toBe(401);
    expect((await verify(a)).status).toBe(401);
    const reasons = await a.rows<{ detail: string }>("SELECT detail FROM staff_audit WHERE action = 'signInRefused' ORDER BY id");
    expect(reasons.map((row) => row.detail)).toEqual(["unknown passkey", "no challenge"]);
  });

  it("enrols one passkey when one link is used at once through two hosts", async () => {
    for (let round = 0; round < 10; round++) {
      const { member, token } = await a.store.addMember(`enrol-${round}@qingyun-power.com`, "sales");
      const passkey = (host: string) => ({ id: `${host}-${round}`, publicKey: new Uint8Array([1, 2, 3]), counter: 0, transports: ["internal"] });
      const results = await Promise.all([a.store.enrol(token, passkey("a")), b.store.enrol(token, passkey("b"))]);
      expect(results.filter((result) => result !== null).map((result) => result!.id)).toEqual([member.id]);
      expect(await a.store.passkeysOf(member.id)).toHaveLength(1);
      expect(await b.store.enrolmentMember(token)).toBeNull();
    }
  });

  it("moves a passkey's counter forward once when two hosts record one assertion, and never back", async () => {
    const { member, token } = await a.store.addMember("counter@qingyun-power.com", "sales");
    await a.store.enrol(token, { id: "counted", publicKey: new Uint8Array([9]), counter: 5, transports: [] });
    for (let next = 6; next < 16; next++) {
      const recorded = await Promise.all([a.store.recordPasskeyUse("counted", next), b.store.recordPasskeyUse("counted", next)]);
      expect(recorded.filter(Boolean)).toHaveLength(1);
    }
    expect(await b.store.recordPasskeyUse("counted", 3)).toBe(false);
    expect((await a.store.passkey("counted"))?.counter).toBe(15);
    expect(member.id).toBeGreaterThan(0);
  });

  it("keeps one enabled admin when two admins disable each other at once on two hosts", async () => {
    for (let round = 0; round < 5; round++) {
      const x = await a.signedIn(`x-${round}@qingyun-power.com`, "admin");
      const y = await b.signedIn(`y-${round}@qingyun-power.com`, "admin");
      // These two are the only enabled admins (the earlier cases' and rounds' set aside).
      await a.rows("UPDATE staff_members SET disabled_at = 1 WHERE role = 'admin' AND id NOT IN (?, ?)", [x.id, y.id]);
      const answers = await Promise.all([
        a.post("/en/staff/change", { id: String(y.id), change: "disable" }, x.cookie),
        b.post("/en/staff/change", { id: String(x.id), change: "disable" }, y.cookie),
      ]);
      // One disables the other; the other's request is refused: by the last-admin rule (409), or, when the first
      // has already committed, as a disabled member's whose session is gone (401).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(303);
      expect([401, 409]).toContain(statuses[1]);
      const admins = (await b.store.list()).filter((member) => member.role === "admin" && member.disabledAt === null);
      expect(admins).toHaveLength(1);
    }
  });

  it("shows an order moved through one host's console on the other's, and two hosts' moves at once move it once", async () => {
    await a.rows("INSERT INTO users (id, phone, created_at) VALUES (1, '13800138000', 0)");
    const sales = await a.signedIn("sales@qingyun-power.com", "sales");
    const insert = async (number: string) => {
      const [row] = await a.rows<{ id: number }>(
        `INSERT INTO sample_orders (order_number, user_id, status, list_key, applicant_name, applicant_phone, applicant_email, company_name, position, sample_use,
          language, created_at, updated_at) VALUES (?, 1, 'pending', 'k', '王芳', '13800131234', 'wang@example.cn', 'Acme', '工程师', '评估', 'zh', ?, ?) RETURNING id`,
        [number, a.clock.now, a.clock.now],
      );
      await a.rows("INSERT INTO sample_order_records (order_id, status, actor, created_at) VALUES (?, 'pending', 'customer', ?)", [row!.id, a.clock.now]);
    };
    await insert("QY20261120-0001");
    expect((await a.post("/en/orders/QY20261120-0001", { move: "advance", note: "Picked" }, sales.cookie)).status).toBe(303);
    const seen = await b.get("/en/orders/QY20261120-0001", sales.cookie);
    expect(seen.text).toContain("Picked");
    expect(seen.text).toContain("<td>sales@qingyun-power.com</td>");
    expect((await b.get("/en/orders?status=inStock", sales.cookie)).text).toContain("QY20261120-0001");

    // Both hosts advance one pending order at once: the row's lock makes them take turns, so it moves to inStock
    // once, and the second, now asked to ship it without a carrier, is refused.
    await insert("QY20261120-0002");
    const path2 = "/en/orders/QY20261120-0002";
    const answers = await Promise.all([a.post(path2, { move: "advance" }, sales.cookie), b.post(path2, { move: "advance" }, sales.cookie)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    const records = await b.rows<{ status: string }>(
      "SELECT status FROM sample_order_records WHERE order_id = (SELECT id FROM sample_orders WHERE order_number = 'QY20261120-0002') ORDER BY id",
    );
    expect(records.map((record) => record.status)).toEqual(["pending", "inStock"]);
  });
});

describe("the console's own thread on PostgreSQL", () => {
  it("starts on the upstream's database URL (migrating it) and honours a session kept there", async () => {
    const databaseUrl = await (await testPostgres()).database();
    // The config as the site would load it once DATABASE_URL is accepted (the environment still refuses it).
    const config = {
      staff: { host: "127.0.0.1", port: 0, origin: "http://localhost:4455" },
      dataDir: ":memory:",
      trustProxy: false,
      upstream: { DATABASE_URL: databaseUrl },
    } as unknown as Parameters<typeof startStaffConsole>[0];
    const running = await startStaffConsole(config, createLogger("silent"));
    expect(running).toBeDefined();
    const pool = createPool(databaseUrl, () => {}, 1);
    try {
      const store = createPostgresStaffStore(pool, Date.now);
      const { member } = await store.addMember("thread@qingyun-power.com", "viewer");
      const { token } = await store.startSession(member.id);
      // Under the console's own Host (fetch would send the listener's address, which the console answers 421).
      const page = await request(running!.url).get("/en").set("Host", "localhost:4455").set("Cookie", `qy_staff=${token}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain("thread@qingyun-power.com");
    } finally {
      await pool.end();
      await running!.close();
    }
  }, 60_000);
});

describe("the orders CLI on PostgreSQL", () => {
  it("revokes a preview token that every upstream host then refuses", async () => {
    const databaseUrl = await (await testPostgres()).database();
    const env = { PREVIEW_SECRET: "preview-secret-for-hosts-tests-0123456789ab" };
    const [one, other] = await Promise.all([startAccountUpstream({ databaseUrl, env }), startAccountUpstream({ databaseUrl, env })]);
    try {
      const token = await signPreviewToken(env.PREVIEW_SECRET, Date.now() + 3600_000);
      const tokenId = await previewTokenId(token);
      const asked = async (host: typeof one) => (await host.call(callPath(queryPreviewRevoked, "qingyun"), { tokenId })).json.data;
      expect([await asked(one), await asked(other)]).toEqual([{ revoked: false }, { revoked: false }]);
      // The CLI's DATA_DIR names no file: what it revokes can only reach the hosts through PostgreSQL.
      const revoked = await run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), "preview-revoke", token], {
        env: { ...process.env, DATA_DIR: path.join(tmpdir(), `qy-no-such-dir-${process.pid}`), DATABASE_URL: databaseUrl, PREVIEW_SECRET: env.PREVIEW_SECRET },
        timeout: 15_000,
      });
      expect(revoked.stdout).toMatch(/^revoked/);
      expect(existsSync(path.join(tmpdir(), `qy-no-such-dir-${process.pid}`))).toBe(false);
      expect([await asked(one), await asked(other)]).toEqual([{ revoked: true }, { revoked: true }]);
      // A malformed URL is refused in one line, as the upstream refuses it.
      const refused = await run(process.execPath, [path.resolve("server/upstream/cli/orders.ts"), "list"], {
        env: { ...process.env, DATABASE_URL: "mysql://nowhere/db" },
        timeout: 15_000,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toMatch(/^Invalid DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/);
    } finally {
      await one.cleanup();
      await other.cleanup();
    }
  }, 60_000);
});
