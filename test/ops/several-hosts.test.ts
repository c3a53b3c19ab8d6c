// Several hosts as deploy/compose.yaml runs them, as real processes on loopback: two upstream hosts
// (`npm run upstream`'s entry) on one PostgreSQL (test/helpers/postgres.ts), two app hosts (the built
// server/main.ts) sharing one Redis (Debian's redis-server) for their rate limits, and deploy/nginx.conf in front:
// the edge for visitors, and the internal server through which every app host reaches the upstream hosts
// (docs/decisions/048-several-hosts.md). Visitors call through nginx from addresses of their own (127.1.x.y), as
// browsers would; a few calls go to one app host directly to say which host they reached. Then the faults: PostgreSQL
// restarted under load, and an upstream host killed (SIGKILL) in the middle of a burst of submits.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleLimits, verifyCodeRules } from "../../shared/contract/index.ts";
import { sessionCookieName } from "../../shared/cookies.ts";
import { outboxRules } from "../../server/upstream/samples/mail-outbox.ts";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.ts";
import { decodeMail } from "../support/decode-mail.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { nginxPorts, startNginx, type TestNginx } from "../support/nginx.ts";
import { freePort, root, startSiteProcess, type SiteProcess } from "../support/site-process.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import type { appHostVariables, upstreamHostVariables } from "../support/several-hosts.ts";
import { testAddress } from "../upstream/account-helpers.ts";
import { loadSampleFixtures, SAMPLE, type SampleFixtures } from "../upstream/sample-fixtures.ts";

/** Code requests per client address and hour at the upstream (small, to see the limit hold across hosts). */
const CODES_PER_ADDRESS = 3;
/** /api requests per client address and minute at the app hosts (a visitor's journey takes fewer). */
const API_PER_MINUTE = 40;

const SEND = "/api/open/message/sendSmsVerifyCode";
const SIGN_IN = "/api/open/user/auth/authAndRegisterBySms";
const IS_LOGIN = "/api/open/user/auth/isLogin";
const SAVE_ADDRESS = "/api/proxy/qingyun/basic/userAddress/saveShippingAddress";
const applicant = { name: "Emma Fischer", phone: "13800138000", email: "emma.fischer@example.de", companyName: "Greenfield Power", position: "Engineer" };
const sampleUse = "Evaluating a 22 kW on-board charger.";
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

interface UpstreamHost {
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<void>;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answer's fields directly, as test/upstream/helpers.ts's Answer.
  json: any;
  ms: number;
}

let postgres: TestPostgres;
let databaseUrl = "";
let redis: ChildProcess | undefined;
let redisUrl = "";
let nginx: TestNginx;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const mails: Array<{ subject: string; messageId: string; at: number }> = [];
/** How long the SMTP server takes to answer each message (the kill test slows it, so that hosts hold leases). */
let smtpDelayMs = 0;
const upstreams: UpstreamHost[] = [];
const sites: SiteProcess[] = [];
const dataDirs: string[] = [];
let publicOrigin = "";
let cookieName = "";
let fixtures: SampleFixtures;

const messageIdOf = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1] ?? "";

/** Waits (bounded) until `check` holds. */
async function until(check: () => boolean | Promise<boolean>, what: string | (() => string), withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs `work` over `items`, at most `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

let addressCounter = 0;
/** A loopback address of its own for each visitor: nginx tells the app hosts this address, and every per-address
 * limit counts it. */
function freshAddress(): string {
  addressCounter += 1;
  return `127.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

let phoneCounter = 0;
function freshPhone(): string {
  phoneCounter += 1;
  return `137${String(process.pid % 10000).padStart(4, "0")}${String(phoneCounter).padStart(4, "0")}`;
}

/**
 * The e-mail lease of the host the kill test kills (upstreams[0]); the other keeps the default (2 min). A lease ends
 * `leaseMs` after its host took it, so right after the kill the dead host's leases are the pending rows due within
 * this lease and the survivor's are due two minutes on: the test tells them apart without waiting for the survivor
 * to settle, and waits this lease out rather than the default's.
 */
const VICTIM_LEASE_MS = 30_000;

/** `npm run upstream`'s entry as a process of its own (so it can be killed like one), on the shared database. */
async function startUpstreamHost(port: number, leaseMs: number): Promise<UpstreamHost> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "qy-hosts-upstream-"));
  dataDirs.push(dataDir);
  const env: Record<(typeof upstreamHostVariables)[number], string> = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    UPSTREAM_HOST: "127.0.0.1",
    UPSTREAM_PORT: String(port),
    UPSTREAM_TRUST_PROXY: "loopback",
    PUBLIC_ORIGIN: publicOrigin,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CODE_REQUESTS_PER_IP_PER_HOUR: String(CODES_PER_ADDRESS),
    MAIL_LEASE_SECONDS: String(leaseMs / 1000),
  };
  const child = spawn(process.execPath, [path.join(root, "server", "upstream", "main.ts")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await until(() => {
    if (child.exitCode !== null) throw new Error(`the upstream host exited: ${output.join("")}`);
    return output.join("").includes("listening on");
  }, "an upstream host");
  return { port, child, output, exited };
}

/** The last sign-in code either upstream host's console sender wrote for this number; its line may reach this
 * process a moment after the answer to the request (another pipe), so it is waited for. */
async function lastCode(phone: string): Promise<string> {
  const pattern = new RegExp(`\\[sign-in code\\] SMS to ${phone}: (\\d{6})`, "g");
  const codes = () => upstreams.flatMap((host) => [...host.output.join("").matchAll(pattern)].map((match) => match[1]!));
  await until(() => codes().length > 0, `a code sent to ${phone}`, 5_000);
  return codes().at(-1)!;
}

/**
 * One request as a browser's: through nginx's edge over https from `from`, or straight to one app host (`site`),
 * which is told the visitor's address as nginx would tell it. JSON in and out; the session cookie by name.
 */
function call(
  target: string,
  options: { from: string; body?: Record<string, unknown>; session?: string; method?: string; site?: SiteProcess; requestId?: string },
): Promise<Answer> {
  const started = Date.now();
  const body = options.body === undefined ? undefined : JSON.stringify({ language: "en", websiteCode: "qingyun", ...options.body });
  const headers: Record<string, string> = { accept: "application/json", origin: publicOrigin };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (options.session) headers.cookie = `${cookieName}=${options.session}`;
  if (options.site) {
    headers["x-forwarded-for"] = options.from;
    headers["x-forwarded-proto"] = "https";
  }
  if (options.requestId) headers["x-request-id"] = options.requestId;
  const url = options.site ? `http://127.0.0.1:${options.site.port}${target}` : `https://127.0.0.1:${nginx.httpsPort}${target}`;
  return new Promise((resolve, reject) => {
    const request = (options.site ? http : https).request(
      url,
      {
        method: options.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        agent: false,
        ...(options.site ? {} : { localAddress: options.from, rejectUnauthorized: false }),
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => parts.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = { text };
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, ms: Date.now() - started });
        });
        res.on("error", reject);
      },
    );
    // Nothing a visitor sends may hang: the app answers within its upstream timeout (10 s).
    request.setTimeout(20_000, () => request.destroy(new Error(`no answer within 20 s: ${target}`)));
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** The session id an answer sets, or undefined. */
function sessionOf(answer: Answer): string | undefined {
  const line = ([] as string[]).concat(answer.headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith(`${cookieName}=`));
  const value = line?.slice(cookieName.length + 1).split(";")[0];
  return value ? decodeURIComponent(value) : undefined;
}

interface Visitor {
  from: string;
  phone: string;
  session: string;
  addressId: number;
}

/** A code requested and a sign-in, both through nginx, then the visitor's address saved. */
async function signedInVisitor(): Promise<Visitor> {
  const from = freshAddress();
  const phone = freshPhone();
  const sent = await call(SEND, { from, body: { phone } });
  if (sent.status !== 200) throw new Error(`code request failed: ${sent.status} ${JSON.stringify(sent.json)}`);
  const signedIn = await call(SIGN_IN, { from, body: { phone, code: await lastCode(phone) } });
  const session = sessionOf(signedIn);
  if (signedIn.status !== 200 || !session) throw new Error(`sign-in failed: ${signedIn.status} ${JSON.stringify(signedIn.json)}`);
  const saved = await call(SAVE_ADDRESS, { from, session, body: testAddress });
  if (saved.status !== 200) throw new Error(`saving the address failed: ${JSON.stringify(saved.json)}`);
  return { from, phone, session, addressId: (saved.json.data as Array<{ ID: number }>).at(-1)!.ID };
}

/** Adds one part and submits the list: the order number, or the failed answer. */
async function order(visitor: Visitor, part: number): Promise<{ number?: string; answer: Answer }> {
  const added = await call(`/api${SAMPLE}/addSampleProduct`, { from: visitor.from, session: visitor.session, body: { siteListId: part } });
  if (added.status !== 200) return { answer: added };
  const submitted = await call(`/api${SAMPLE}/submitSampleOrder`, {
    from: visitor.from,
    session: visitor.session,
    body: { applicant, sampleUse, addressId: visitor.addressId, evaluationOnly: true },
  });
  return submitted.status === 200 ? { number: submitted.json.data.orderNumber as string, answer: submitted } : { answer: submitted };
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The upstream hosts (host:port) nginx's internal server sent these request ids to. */
function upstreamsOf(requestIds: string[]): Set<string> {
  const wanted = new Set(requestIds);
  const found = new Set<string>();
  for (const line of nginx.upstreamLog()) {
    const id = / forwarded_id=(\S+)/.exec(line)?.[1];
    const upstream = / upstream=(\S+)/.exec(line)?.[1];
    if (id && upstream && wanted.has(id)) for (const one of upstream.split(", ")) found.add(one);
  }
  return found;
}

/** The app hosts (host:port) nginx's edge sent this client's requests to. */
function sitesOf(from: string): Set<string> {
  return new Set(
    nginx
      .accessLog()
      .filter((line) => line.startsWith(`${from} `))
      .map((line) => / upstream=(\S+)/.exec(line)?.[1] ?? "")
      .filter((upstream) => upstream !== "-"),
  );
}

const idOf = (answer: Answer) => String(answer.headers["x-request-id"] ?? "");

beforeAll(async () => {
  ensureBuild();
  [postgres, smtp] = await Promise.all([
    startTestPostgres(),
    startSmtpSink(({ raw }) => mails.push({ subject: decodeMail(raw).subject, messageId: messageIdOf(raw), at: Date.now() }), { replyDelayMs: () => smtpDelayMs }),
  ]);
  databaseUrl = await postgres.database("hosts");
  const redisPort = await freePort();
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const ports = await nginxPorts();
  publicOrigin = `https://127.0.0.1:${ports.httpsPort}`;
  cookieName = sessionCookieName(publicOrigin);
  const upstreamPorts = [await freePort(), await freePort()];
  const sitePorts = [await freePort(), await freePort()];
  nginx = await startNginx(ports, sitePorts, upstreamPorts);
  // Both upstream hosts start at once on a new database: its migrations are applied once between them.
  upstreams.push(...(await Promise.all(upstreamPorts.map((port, index) => startUpstreamHost(port, index === 0 ? VICTIM_LEASE_MS : outboxRules.leaseMs)))));
  const redisClient = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
  await until(
    () =>
      redisClient.connect().then(
        () => true,
        () => false,
      ),
    "redis-server",
    10_000,
  );
  await redisClient.close();
  for (const port of sitePorts) {
    const env: Record<(typeof appHostVariables)[number], string> = {
      UPSTREAM_URL: `http://127.0.0.1:${ports.internalPort}`,
      REDIS_URL: redisUrl,
      PUBLIC_ORIGIN: publicOrigin,
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_MINUTE: String(API_PER_MINUTE),
      PORT: String(port),
      HOST: "127.0.0.1",
    };
    sites.push(await startSiteProcess({ ...env, LOG_LEVEL: "warn" }, 60_000));
  }
  // The product tree, read through nginx.
  fixtures = await loadSampleFixtures({
    call: async (target: string, body: Record<string, unknown> = {}) => {
      const answer = await call(`/api${target}`, { from: freshAddress(), body });
      return { status: answer.status, headers: new Headers(), json: answer.json };
    },
  });
}, 240_000);

afterAll(async () => {
  for (const site of sites) await site.stop();
  for (const host of upstreams) {
    if (host.child.exitCode === null && host.child.signalCode === null) host.child.kill("SIGTERM");
    await host.exited;
  }
  await nginx?.stop();
  if (redis && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis!.once("exit", resolve));
    redis.kill("SIGTERM");
    await exited;
  }
  await smtp?.close();
  await postgres?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("two app hosts and two upstream hosts behind nginx, on one PostgreSQL and one Redis", () => {
  it("migrated the new database once between the two upstream hosts starting at once", async () => {
    const rows = await query<{ version: number; n: number }>("SELECT version, COUNT(*) AS n FROM schema_migrations GROUP BY version ORDER BY version");
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
  });

  it("a visitor signed in through nginx is signed in on every app host and every upstream host", async () => {
    const visitor = await signedInVisitor();
    for (const site of sites) {
      const answer = await call(IS_LOGIN, { from: visitor.from, session: visitor.session, body: {}, site });
      expect(answer.status).toBe(200);
      expect(answer.json.data.phone).toBe(visitor.phone);
    }
    // Each upstream host itself, past nginx: the session is in the one database.
    for (const host of upstreams) {
      const answer = await fetch(`http://127.0.0.1:${host.port}/open/user/auth/isLogin`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `${cookieName}=${visitor.session}`, "x-forwarded-for": visitor.from },
        body: JSON.stringify({ language: "en", websiteCode: "qingyun" }),
      });
      expect(((await answer.json()) as { data: { phone: string } }).data.phone).toBe(visitor.phone);
    }
  });

  it("a code requested through one app host signs in through the other, once", async () => {
    const from = freshAddress();
    const phone = freshPhone();
    const [one, other] = sites as [SiteProcess, SiteProcess];
    expect((await call(SEND, { from, body: { phone }, site: one })).status).toBe(200);
    const code = await lastCode(phone);
    const signedIn = await call(SIGN_IN, { from, body: { phone, code }, site: other });
    expect(signedIn.status).toBe(200);
    expect(sessionOf(signedIn)).toBeTruthy();
    // Used through the other, so the first refuses it.
    expect((await call(SIGN_IN, { from, body: { phone, code }, site: one })).json.code).toBe("E40021004");
  });

  it("wrong guesses sent to both app hosts at once are counted once, whichever upstream host took each", async () => {
    const from = freshAddress();
    const phone = freshPhone();
    expect((await call(SEND, { from, body: { phone } })).status).toBe(200);
    const code = await lastCode(phone);
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => call(SIGN_IN, { from, body: { phone, code: wrong(code) }, site: sites[i % 2] })));
    const codes = guesses.map((answer) => answer.json.code);
    // Four wrong guesses leave the code alive, the fifth kills it, every later one finds it dead.
    const alive = verifyCodeRules.maxAttempts - 1;
    expect(codes.filter((c) => c === "E40021004")).toHaveLength(alive);
    expect(codes.filter((c) => c === "E40021006")).toHaveLength(guesses.length - alive);
    const [row] = await query<{ attempts: number; state: string }>("SELECT attempts, state FROM verify_codes WHERE target = $1", [phone]);
    expect(row).toEqual({ attempts: verifyCodeRules.maxAttempts, state: "killed" });
    expect((await call(SIGN_IN, { from, body: { phone, code } })).json.code).toBe("E40021006");
    // Both upstream hosts took some of the guesses.
    expect(upstreamsOf(guesses.map(idOf)).size).toBe(2);
  });

  it("200 orders submitted through nginx get 200 distinct numbers, and each order's e-mail goes out once", async () => {
    const visitors = await inParallel(Array.from({ length: 100 }), 8, () => signedInVisitor());
    // A visitor's two orders one after the other (each submits the whole list); the visitors 16 at a time.
    const results = await inParallel(visitors, 16, async (visitor, i) => {
      const numbers: string[] = [];
      for (const part of [fixtures.visible[i % 25]!.id, fixtures.visible[(i + 7) % 25]!.id]) {
        const { number, answer } = await order(visitor, part);
        if (!number) throw new Error(`an order failed: ${answer.status} ${JSON.stringify(answer.json)}`);
        numbers.push(number);
      }
      return numbers;
    });
    const numbers = results.flat();
    expect(new Set(numbers).size).toBe(200);
    // Both app hosts and both upstream hosts took part.
    expect(new Set(visitors.flatMap((visitor) => [...sitesOf(visitor.from)])).size).toBe(2);
    const stored = await query<{ order_number: string }>("SELECT order_number FROM sample_orders WHERE order_number = ANY($1)", [numbers]);
    expect(stored).toHaveLength(200);

    await until(() => numbers.every((number) => mails.some((mail) => mail.subject.includes(number))), "200 confirmations", 60_000);
    // Both hosts keep polling the outbox: a few more rounds give a second send the chance to show.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const number of numbers) expect(mails.filter((mail) => mail.subject.includes(number))).toHaveLength(1);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(mails.length);
  }, 240_000);

  it("a sample list edited through both app hosts at once loses nothing, and its bound holds", async () => {
    const visitor = await signedInVisitor();
    const parts = fixtures.visible.slice(0, sampleLimits.maxItems + 4).map((product) => product.id);
    const answers = await Promise.all(
      parts.map((part, i) => call(`/api${SAMPLE}/addSampleProduct`, { from: visitor.from, session: visitor.session, body: { siteListId: part }, site: sites[i % 2] })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(sampleLimits.maxItems);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.json.code)).toEqual(Array(4).fill("E40022008"));
    const listed = (await call(`/api${SAMPLE}/queryOrderList`, { from: visitor.from, session: visitor.session, body: {} })).json.data as Array<{
      ID: number;
      siteListId: number;
    }>;
    expect(listed.map((item) => item.siteListId).sort()).toEqual(parts.filter((_, i) => answers[i]!.status === 200).sort());
    // The visitor goes on from another address (a phone after a laptop): the /api budget is per address.
    visitor.from = freshAddress();
    const changes = await Promise.all(
      listed.map((item, i) =>
        call(`/api${SAMPLE}/modifySampleProduct`, {
          from: visitor.from,
          session: visitor.session,
          body: { ID: item.ID, quantity: (i % 9) + 1 },
          site: sites[(i + 1) % 2],
        }),
      ),
    );
    expect(changes.map((answer) => answer.status)).toEqual(Array(listed.length).fill(200));
    const after = (await call(`/api${SAMPLE}/queryOrderList`, { from: visitor.from, session: visitor.session, body: {} })).json.data as Array<{
      ID: number;
      quantity: number;
    }>;
    expect(after.map((item) => [item.ID, item.quantity])).toEqual(listed.map((item, i) => [item.ID, (i % 9) + 1]));
    expect(upstreamsOf([...answers, ...changes].map(idOf)).size).toBe(2);
  });

  it("the /api rate limit holds per client across both app hosts (Redis), the code limit across both upstream hosts (PostgreSQL)", async () => {
    const from = freshAddress();
    const answers: Answer[] = [];
    for (let i = 0; i < API_PER_MINUTE + 6; i++) answers.push(await call("/api/openapi.json", { from }));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(API_PER_MINUTE).fill(200), ...Array(6).fill(429)]);
    expect(sitesOf(from).size).toBe(2);
    // Another client is not touched by it.
    expect((await call("/api/openapi.json", { from: freshAddress() })).status).toBe(200);

    const asker = freshAddress();
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => call(SEND, { from: asker, body: { phone: freshPhone() }, site: sites[i % 2] })));
    expect(sent.filter((answer) => answer.status === 200)).toHaveLength(CODES_PER_ADDRESS);
    expect(sent.filter((answer) => answer.status === 429).map((answer) => answer.json.code)).toEqual(Array(8 - CODES_PER_ADDRESS).fill("E42900001"));
    expect(upstreamsOf(sent.map(idOf)).size).toBe(2);
  });
});

describe("faults", () => {
  it("PostgreSQL restarted under load: 503 with Retry-After while it is down (never a 500 or a hang), then served again, nothing acknowledged lost", async () => {
    const visitors = await inParallel(Array.from({ length: 12 }), 6, () => signedInVisitor());
    const acknowledged: string[] = [];
    const answers: Answer[] = [];
    let running = true;
    // Every visitor keeps ordering (one part, then submit) and asking whether they are signed in, until told to
    // stop; each round from another address, so that the /api rate limit (per address) stays out of the way.
    /** A call that failed without an answer (reset, no answer in time) is kept as status 0, to be reported. */
    const answered = async (answer: Promise<Answer>): Promise<Answer> =>
      answer.catch((error: unknown) => ({ status: 0, headers: {}, json: { error: String(error) }, ms: 0 }));
    const load = Promise.all(
      visitors.map(async (visitor, i) => {
        for (let round = 0; running; round++) {
          visitor.from = freshAddress();
          const { number, answer } = await order(visitor, fixtures.visible[(i + round) % 25]!.id).catch((error: unknown) => ({
            number: undefined,
            answer: { status: 0, headers: {}, json: { error: String(error) }, ms: 0 } as Answer,
          }));
          answers.push(answer);
          if (number) acknowledged.push(number);
          answers.push(await answered(call(IS_LOGIN, { from: visitor.from, session: visitor.session, body: {} })));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    const seen = (from: number) =>
      `${JSON.stringify(answers.slice(from, from + 20).map((answer) => [answer.status, answer.ms, answer.json?.code ?? answer.json?.error]))}; upstream hosts: ${upstreams.map((host) => `exit ${host.child.exitCode}: ${host.output.join("").slice(-2500)}`).join(" | ")}`;
    try {
      await until(() => acknowledged.length >= 6, "orders before the restart", 60_000);
      await postgres.pause();
      const downAt = answers.length;
      try {
        await until(
          () => answers.slice(downAt).filter((answer) => answer.status === 503).length >= 6,
          () => `503s while PostgreSQL is down (${seen(downAt)})`,
          30_000,
        );
      } finally {
        await postgres.resume();
      }
      const upAt = answers.length;
      await until(
        () => answers.slice(upAt).some((answer) => answer.status === 200),
        () => `answers once PostgreSQL is back (${seen(upAt)})`,
        30_000,
      );
    } finally {
      running = false;
      await load;
    }
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    // Every answer was a success, a refusal the visitor can act on, or "the database is away" — never a 500.
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503).map((answer) => [answer.status, answer.json])).toEqual([]);
    expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(15_000);
    const stored = await query<{ order_number: string }>("SELECT order_number FROM sample_orders WHERE order_number = ANY($1)", [acknowledged]);
    expect(stored).toHaveLength(acknowledged.length);
  }, 180_000);

  it(
    "an upstream host killed in a burst of submits: every acknowledged order is stored, and its leased e-mails sent by the survivor once the lease ends",
    async () => {
      const visitors = await inParallel(Array.from({ length: 40 }), 8, () => signedInVisitor());
      const victim = upstreams[0]!;
      const acknowledged: string[] = [];
      const failed: Answer[] = [];
      let killed = false;
      let killedAt = 0;
      // A slow SMTP server: each host works through the batch of e-mails it leased one by one, so the kill finds
      // the victim holding leases on e-mails it has not sent.
      smtpDelayMs = 150;
      try {
        await inParallel(visitors, 20, async (visitor, i) => {
          const { number, answer } = await order(visitor, fixtures.visible[(i * 3) % 25]!.id);
          if (number) acknowledged.push(number);
          else failed.push(answer);
          // The kill falls in the middle of the burst, with submits in flight on both hosts.
          if (!killed && acknowledged.length >= 12) {
            killed = true;
            victim.child.kill("SIGKILL");
            killedAt = Date.now();
          }
        });
        await victim.exited;
        expect(killed).toBe(true);
        expect(acknowledged.length).toBeGreaterThanOrEqual(12);
        // A submit cut off with its host is not acknowledged: an error answer, never a success.
        for (const answer of failed) expect(answer.status).toBeGreaterThanOrEqual(500);
        const stored = await query<{ order_number: string }>("SELECT order_number FROM sample_orders WHERE order_number = ANY($1)", [acknowledged]);
        expect(stored.map((row) => row.order_number).sort()).toEqual([...acknowledged].sort());

        // What the dead host still held: pending rows whose lease has not ended and ends within its lease of the kill
        // (VICTIM_LEASE_MS); the survivor's own leases end two minutes after it took them. Read at once, well before
        // the dead host's leases end.
        const leased = await query<{ order_number: string; next_attempt_at: string }>(
          "SELECT o.order_number, m.next_attempt_at FROM order_mail_outbox m JOIN sample_orders o ON o.id = m.order_id WHERE m.state = 'pending' AND m.next_attempt_at > $1 AND m.next_attempt_at <= $2",
          [Date.now(), killedAt + VICTIM_LEASE_MS],
        );
        expect(leased.length).toBeGreaterThan(0);
        smtpDelayMs = 0;
        await until(
          () =>
            acknowledged.every((number) => mails.some((mail) => mail.subject.includes(number))) &&
            leased.every(({ order_number }) => mails.some((mail) => mail.subject.includes(order_number) && mail.at > killedAt)),
          "every acknowledged order's e-mail and every leased one",
          VICTIM_LEASE_MS + 30_000,
        );
        // Each leased e-mail went out once after the kill, and only when its lease had ended (the one the dead host was
        // handing over when it died may also have arrived before the kill).
        for (const { order_number, next_attempt_at } of leased) {
          const after = mails.filter((mail) => mail.subject.includes(order_number) && mail.at > killedAt);
          expect(after).toHaveLength(1);
          expect(after[0]!.at).toBeGreaterThanOrEqual(Number(next_attempt_at));
        }
        // At least once: the one mail the dead host may have handed to the SMTP server without recording it may come
        // twice, always under its one Message-ID; no other mail comes twice.
        const twice = acknowledged.filter((number) => mails.filter((mail) => mail.subject.includes(number)).length > 1);
        expect(twice.length).toBeLessThanOrEqual(1);
        for (const number of acknowledged) expect(new Set(mails.filter((mail) => mail.subject.includes(number)).map((mail) => mail.messageId)).size).toBe(1);
      } finally {
        smtpDelayMs = 0;
      }
    },
    VICTIM_LEASE_MS + 90_000,
  );
});
