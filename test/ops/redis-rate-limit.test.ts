// With REDIS_URL the /api rate limit lives in Redis, so two hosts (two apps here) share one
// budget per client. Against a real redis-server from Debian, started on a free loopback port.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { spawn, type ChildProcess } from "node:child_process";
import { createClient } from "redis";
import { closeApp } from "../../server/app.ts";
import { createTestApp, listen } from "../helpers/site.ts";
import { freePort } from "../support/site-process.ts";
import { CSV_EXPORTS_PER_MINUTE } from "../../server/http/csv-rate-limit.ts";

let redis: ChildProcess;
let redisUrl = "";
let echo: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const port = await freePort();
  redisUrl = `redis://127.0.0.1:${port}`;
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], {
    stdio: "ignore",
  });
  const client = createClient({ url: redisUrl, socket: { reconnectStrategy: false } });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await client.connect();
      await client.ping();
      await client.close();
      break;
    } catch (error) {
      if (Date.now() > deadline || redis.exitCode !== null) throw new Error(`redis-server did not start: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const upstream = express();
  upstream.all("/{*any}", (_req, res) => res.json({ success: true, code: "0", message: "ok", data: null }));
  echo = await listen(upstream);
});

afterAll(async () => {
  await echo?.close();
  if (redis && redis.exitCode === null) {
    const exited = new Promise((resolve) => redis.once("exit", resolve));
    redis.kill("SIGTERM");
    await exited;
  }
});

describe("the /api rate limit with REDIS_URL", () => {
  it("holds across hosts: two apps on one Redis give a client one budget", async () => {
    const env = { UPSTREAM_URL: echo.url, REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: "5" };
    const hostA = await createTestApp(env);
    const hostB = await createTestApp(env);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await request(i % 2 ? hostB : hostA).get("/api/open/x")).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const limited = await request(hostB).get("/api/open/x").set("Cookie", "i18n_redirected=zh");
      expect(limited.body).toMatchObject({ code: "E42900001", message: "请求过于频繁，请稍后再试" });

      const client = createClient({ url: redisUrl });
      await client.connect();
      const keys = await client.keys("qy:rl:*");
      expect(keys.length).toBe(1);
      expect(Number(await client.get(keys[0]!))).toBe(9);
      await client.close();
    } finally {
      await closeApp(hostA);
      await closeApp(hostB);
    }
  });

  it("lets requests through while Redis is away, and limits again once it is back", async () => {
    const port = await freePort();
    const app = await createTestApp({ UPSTREAM_URL: echo.url, REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: "1" });
    let late: ChildProcess | undefined;
    try {
      const started = Date.now();
      for (let i = 0; i < 3; i++) expect((await request(app).get("/api/open/x")).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);

      late = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
      // The client reconnects on its own (back-off of at most 5 s); then the first call counts, the next is refused.
      const deadline = Date.now() + 12_000;
      let statuses: number[] = [];
      while (Date.now() < deadline) {
        statuses = [(await request(app).get("/api/open/x")).status, (await request(app).get("/api/open/x")).status];
        if (statuses.includes(429)) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(statuses[1]).toBe(429);
    } finally {
      await closeApp(app);
      if (late && late.exitCode === null) {
        const exited = new Promise((resolve) => late!.once("exit", resolve));
        late.kill("SIGTERM");
        await exited;
      }
    }
  }, 30_000);
});

describe("the CSV export's rate limit with REDIS_URL", () => {
  it("holds across hosts apart from the /api budget: two apps on one Redis give a client one budget of files", async () => {
    const env = { UPSTREAM_URL: echo.url, REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: "1000" };
    const hostA = await createTestApp(env);
    const hostB = await createTestApp(env);
    try {
      const limited: boolean[] = [];
      for (let i = 0; i <= CSV_EXPORTS_PER_MINUTE; i++) limited.push((await request(i % 2 ? hostB : hostA).get("/en/productAndService/products/100.csv")).status === 429);
      expect(limited).toEqual([...Array(CSV_EXPORTS_PER_MINUTE).fill(false), true]);
      const client = createClient({ url: redisUrl });
      await client.connect();
      expect((await client.keys("qy-csv*")).length).toBe(1);
      await client.close();
    } finally {
      await closeApp(hostA);
      await closeApp(hostB);
    }
  });
});
