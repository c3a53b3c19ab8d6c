// Operations on the real built process: graceful shutdown (readyz 503 at once, requests in flight
// finish, gone within 10 s), server timeouts, and WEB_CONCURRENCY workers that share one embedded
// upstream, one rate limit and one metrics endpoint.
import { afterAll, describe, expect, it } from "vitest";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { freePort, startSiteProcess, type SiteProcess } from "../support/site-process.ts";

const started: SiteProcess[] = [];
const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(started.map((site) => site.stop()));
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/** One request on its own connection (no keep-alive), so a cluster may hand each to another worker. */
function get(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      })
      .on("error", reject);
  });
}

describe("graceful shutdown", () => {
  it("answers readyz 503 at once, finishes the request in flight and exits within 10 s", async () => {
    const app = express();
    app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
    app.get("/slow", (_req, res) => {
      setTimeout(() => res.json({ success: true, code: "0", message: "ok", data: "finished" }), 1_500).unref();
    });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    servers.push(server);
    const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const site = await startSiteProcess({ UPSTREAM_URL: upstream, SHUTDOWN_DELAY_MS: "1000" });
    started.push(site);

    // A kept-alive connection is told the server's idle timeout (65 s, beyond a balancer's 60 s).
    const health = await fetch(`${site.origin}/healthz`);
    expect(health.headers.get("keep-alive")).toBe("timeout=65");

    const inFlight = get(`${site.origin}/api/slow`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalled = Date.now();
    site.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await get(`${site.origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: "draining" });

    const slow = await inFlight;
    expect(slow.status).toBe(200);
    expect(JSON.parse(slow.body).data).toBe("finished");
    const exit = await site.exited;
    expect(exit.code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  });
});

describe("WEB_CONCURRENCY", () => {
  it("runs the workers on one embedded upstream, one rate limit and one metrics endpoint", async () => {
    const metricsPort = await freePort();
    const site = await startSiteProcess({ WEB_CONCURRENCY: "2", RATE_LIMIT_PER_MINUTE: "6", METRICS_PORT: String(metricsPort) }, 60_000);
    started.push(site);

    // Pages render in the workers; each answer is logged by the worker that made it. The site is ready when
    // its first worker listens, so the second may join a moment later: ask (new connections, bounded in count
    // and time) until both have answered.
    const workers = () => new Set(site.logs.filter((line) => line.msg === "request" && line.route !== "/readyz").map((line) => line.worker));
    const until = Date.now() + 15_000;
    for (let i = 0; i < 8 || (workers().size < 2 && i < 60 && Date.now() < until); i++) {
      expect((await get(`${site.origin}/en?n=${i}`)).status).toBe(200);
    }
    expect(workers().size).toBe(2);
    expect(site.logs.filter((line) => line.msg === "embedded upstream started")).toHaveLength(1);

    // Six /api calls per minute per client, whichever worker answers.
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await get(`${site.origin}/api/openapi.json`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429]);

    const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    const sample = /qy_http_request_duration_seconds_count\{[^}]*route="\/api"[^}]*status="429"[^}]*\} (\d+)/.exec(metrics.body);
    expect(Number(sample?.[1])).toBe(3);
    expect(metrics.body).toContain("process_resident_memory_bytes");
    expect((await get(`${site.origin}/metrics`)).status).toBe(404);

    const signalled = Date.now();
    site.child.kill("SIGTERM");
    // On a failure, what the processes said while stopping (a deadline reached, a worker that did not exit).
    const stopping = () => JSON.stringify(site.logs.filter((line) => Number(line.time) >= signalled - 1000).slice(-20));
    expect((await site.exited).code, stopping()).toBe(0);
    expect(Date.now() - signalled, stopping()).toBeLessThan(10_000);
  });
});
