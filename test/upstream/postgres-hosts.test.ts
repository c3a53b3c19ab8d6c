// Several upstream hosts on one PostgreSQL (docs/decisions/044-store-interface-and-postgresql.md): a session and
// a code from one host are honoured by the other, a code's attempts and a client's limits are counted once
// whichever host the requests reach, hosts starting at once migrate once, a newer schema is refused, and while
// PostgreSQL is down the answers are 503 with Retry-After, never a 500 or a hang, until the pool reconnects.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyCodeRules } from "../../shared/contract/index.ts";
import { createPool, inTransaction, knownPostgresMigrations, migratePostgres, postgresFailure, statementTimeoutMs } from "../../server/upstream/postgres.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { freshIp, freshPhone, sessionFrom, startAccountUpstream, type AccountUpstream } from "./account-helpers.ts";
import { startTestUpstream } from "./helpers.ts";
import { testPostgres } from "./stores.ts";

const SEND = "/open/message/sendSmsVerifyCode";
const SIGN_IN = "/open/user/auth/authAndRegisterBySms";
const IS_LOGIN = "/open/user/auth/isLogin";
const LOGIN_OUT = "/open/front/loginOut";

/** A wrong code that differs from the real one. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe("two upstream hosts on one PostgreSQL", () => {
  let databaseUrl: string;
  let a: AccountUpstream;
  let b: AccountUpstream;
  /** The last code either host sent to a number. */
  const lastCode = (to: string) => [...a.deliveries, ...b.deliveries].findLast((delivery) => delivery.to === to)!.code;

  beforeAll(async () => {
    databaseUrl = await (await testPostgres()).database();
    // Both hosts start at once on the new database: one of them migrates it.
    [a, b] = await Promise.all([
      startAccountUpstream({ databaseUrl, env: { CODE_REQUESTS_PER_IP_PER_HOUR: "3" } }),
      startAccountUpstream({ databaseUrl, env: { CODE_REQUESTS_PER_IP_PER_HOUR: "3" } }),
    ]);
    // One clock for the two hosts, as on real hosts.
    b.clock = a.clock;
  });
  afterAll(async () => {
    await a?.cleanup();
    await b?.cleanup();
  });

  it("a visitor signed in on one host is signed in on the other, and signed out on both by either", async () => {
    const phone = freshPhone();
    const { session, userId } = await a.signIn(phone);
    const onB = await b.call(IS_LOGIN, {}, { cookie: session });
    expect(onB.status).toBe(200);
    expect(onB.json.data).toEqual({ userId, phone, email: null });

    expect((await b.call(LOGIN_OUT, {}, { cookie: session, method: "GET" })).status).toBe(200);
    expect((await a.call(IS_LOGIN, {}, { cookie: session })).json.data).toBeNull();
    expect((await a.call(LOGIN_OUT, {}, { cookie: session, method: "GET" })).json.code).toBe("E40021009");
  });

  it("a code requested on one host signs in on the other, once", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await a.call(SEND, { phone }, { ip })).status).toBe(200);
    const code = lastCode(phone);
    const signedIn = await b.call(SIGN_IN, { phone, code }, { ip });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.data.phone).toBe(phone);
    const session = sessionFrom(signedIn.headers)!;
    expect((await a.call(IS_LOGIN, {}, { cookie: session })).json.data.phone).toBe(phone);
    // Used on B, so A refuses it.
    expect((await a.call(SIGN_IN, { phone, code }, { ip })).json.code).toBe("E40021004");
  });

  it("the resend interval holds across hosts", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await a.call(SEND, { phone }, { ip })).status).toBe(200);
    const again = await b.call(SEND, { phone }, { ip });
    expect(again.json.code).toBe("E40021007");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("wrong guesses sent to both hosts at once are counted once: the code dies at the fifth, and the right code no longer works", async () => {
    const phone = freshPhone();
    const ip = freshIp();
    expect((await a.call(SEND, { phone }, { ip })).status).toBe(200);
    const code = lastCode(phone);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).call(SIGN_IN, { phone, code: wrong(code) }, { ip })));
    const codes = guesses.map((answer) => answer.json.code).sort();
    // Four wrong guesses leave it alive, the fifth kills it, every later one finds it dead.
    const alive = verifyCodeRules.maxAttempts - 1;
    expect(codes.filter((c) => c === "E40021004")).toHaveLength(alive);
    expect(codes.filter((c) => c === "E40021006")).toHaveLength(guesses.length - alive);
    const [row] = await query<{ attempts: number; state: string }>(databaseUrl, "SELECT attempts, state FROM verify_codes WHERE target = $1", [phone]);
    expect(row).toEqual({ attempts: verifyCodeRules.maxAttempts, state: "killed" });
    expect((await b.call(SIGN_IN, { phone, code }, { ip })).json.code).toBe("E40021006");
  });

  it("a client's per-address limit holds across hosts under concurrent requests", async () => {
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).call(SEND, { phone: freshPhone() }, { ip })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => answer.json.code === "E42900001")).toBe(true);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe("PostgreSQL migrations", () => {
  it("are applied once when several hosts migrate a new database at once", async () => {
    const url = await (await testPostgres()).database();
    const runs = await Promise.all([migratePostgres(url), migratePostgres(url), migratePostgres(url)]);
    const known = knownPostgresMigrations();
    expect(runs.filter((applied) => applied.length > 0)).toHaveLength(1);
    expect(runs.flat().map((migration) => migration.version)).toEqual(known.map((migration) => migration.version));
    const rows = await query<{ version: number }>(url, "SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(known.map((migration) => migration.version));
  });

  it("refuse a database migrated by newer code, with one line, before anything starts", async () => {
    const url = await (await testPostgres()).database();
    await migratePostgres(url);
    await query(url, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '999_from_the_future.sql', $1)", [new Date().toISOString()]);
    const newest = String(knownPostgresMigrations().at(-1)!.version).padStart(3, "0");
    const refusal = startTestUpstream({ databaseUrl: url }).then(
      async (started) => {
        await started.cleanup();
        return "started";
      },
      (error: Error) => error.message,
    );
    const message = await refusal;
    expect(message).toMatch(new RegExp(`schema version 999 \\(999_from_the_future\\.sql\\).*knows up to ${newest}`));
    expect(message).not.toContain("\n");
    // The URL in the message names the host and database, never a password.
    expect(message).toContain(new URL(url).pathname);
  });
});

describe("while PostgreSQL is down", () => {
  let cluster: TestPostgres;
  let u: AccountUpstream;
  beforeAll(async () => {
    cluster = await startTestPostgres();
    u = await startAccountUpstream({ databaseUrl: await cluster.database() });
  });
  afterAll(async () => {
    await u?.cleanup();
    await cluster?.stop();
  });

  it("answers 503 with Retry-After (never a 500, never a hang), then serves again once it is back", async () => {
    const phone = freshPhone();
    const { session, userId } = await u.signIn(phone);
    await cluster.pause();
    try {
      const started = Date.now();
      const check = await u.call(IS_LOGIN, {}, { cookie: session });
      expect(check.status).toBe(503);
      expect(check.json).toMatchObject({ success: false, code: "E50300001", data: null });
      expect(Number(check.headers.get("retry-after"))).toBeGreaterThan(0);
      const send = await u.call(SEND, { phone: freshPhone() });
      expect(send.status).toBe(503);
      expect(send.headers.get("retry-after")).not.toBeNull();
      expect(Date.now() - started).toBeLessThan(10_000);
      // The health check says so too, so a balancer takes the host out.
      expect((await u.get("/healthz")).status).toBe(503);
      // A visitor without a session needs no database to be told so.
      expect((await u.call(IS_LOGIN, {})).json).toMatchObject({ success: true, data: null });
    } finally {
      await cluster.resume();
    }
    const again = await u.call(IS_LOGIN, {}, { cookie: session });
    expect(again.status).toBe(200);
    expect(again.json.data.userId).toBe(userId);
    expect((await u.get("/healthz")).status).toBe(200);
  });
});

describe("the pool", () => {
  it(
    "cancels a statement that runs past the statement timeout, an error the upstream answers 503 with Retry-After (busy), not 500",
    async () => {
      const pool = createPool(await (await testPostgres()).database(), () => {});
      try {
        const started = Date.now();
        const error = await pool.query("SELECT pg_sleep($1)", [statementTimeoutMs / 1000 + 10]).then(
          () => null,
          (caught: unknown) => caught,
        );
        const took = Date.now() - started;
        expect((error as { code?: string } | null)?.code).toBe("57014");
        expect(postgresFailure(error)).toBe("busy");
        expect(took).toBeGreaterThanOrEqual(statementTimeoutMs - 100);
        expect(took).toBeLessThan(statementTimeoutMs + 5000);
      } finally {
        await pool.end();
      }
    },
    statementTimeoutMs + 20_000,
  );

  it(
    "gives up waiting for a connection when every one is taken, an error the upstream answers 503 with Retry-After (busy)",
    async () => {
      const pool = createPool(await (await testPostgres()).database(), () => {}, 1);
      const held = await pool.connect();
      try {
        const error = await pool.query("SELECT 1").then(
          () => null,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(Error);
        expect(postgresFailure(error)).toBe("busy");
      } finally {
        held.release();
        await pool.end();
      }
    },
    statementTimeoutMs + 20_000,
  );

  // Found by test/ops/several-hosts.test.ts: PostgreSQL restarted under load ended connections that requests held
  // between two queries of a transaction, and the 'error' event nobody listened to crashed the upstream host.
  it("fails a transaction whose connection the server ends between two of its queries, and the process lives on", async () => {
    const url = await (await testPostgres()).database();
    const pool = createPool(url, () => {});
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const error = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
        await admin.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
        // The server's notice of the end arrives while no query of this connection runs.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query("SELECT 1");
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(Error);
      expect(postgresFailure(error)).toBe("busy");
      // The ended connection is not given back: the next query gets a new one.
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await pool.end();
    }
  });
});
