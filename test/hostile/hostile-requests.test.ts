// Hostile clients against the real process (server/main.ts with its embedded upstream, on loopback): every
// route class gets oversized, chunked, truncated and malformed requests over raw sockets, each answered
// with a 4xx, and the process answers /healthz after each one. With WEB_CONCURRENCY=2 the primary keeps
// serving through them and through workers that die again and again (restarted with back-off).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPath, searchSite } from "../../shared/contract/index.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import { freePort, startSiteProcess, type SiteProcess } from "../support/site-process.ts";
import { chunked, rawRequest, type RawResponse } from "./raw-http.ts";

const apiPath = `/api${callPath(searchSite, "qingyun")}`;
const formBody = Buffer.alloc(17 * 1024, "a");
const bigBody = Buffer.alloc(200 * 1024, "a");
const bigJson = Buffer.from(JSON.stringify({ text: "a".repeat(120 * 1024) }));

const head = (method: string, path: string, headers: string[] = []) => [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...headers].join("\r\n");

/** /healthz on a connection of its own (a pooled one might belong to a worker the test just killed); 0 when unanswered. */
function healthz(site: SiteProcess): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${site.origin}/healthz`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

/** Log lines at error level or above (pino: 50 error, 60 fatal). */
const errorLines = (site: SiteProcess) => site.logs.filter((line) => typeof line.level === "number" && line.level >= 50);

/** The 17 KB form post of a page and the chunked 120 KB JSON body of /api: each killed the process once. */
function oversizedForm(site: SiteProcess): Promise<RawResponse> {
  return rawRequest(site.port, head("POST", "/zh", ["Content-Type: application/x-www-form-urlencoded", `Content-Length: ${formBody.length}`]), { body: formBody });
}
function oversizedChunkedJson(site: SiteProcess): Promise<RawResponse> {
  return rawRequest(site.port, head("POST", apiPath, ["Content-Type: application/json", "Transfer-Encoding: chunked"]), { body: chunked(bigJson) });
}

/** Every route class, with the method its body cases use and the content type it would accept. */
const routeClasses = [
  { name: "page", method: "GET", path: "/zh/about/us", type: "application/x-www-form-urlencoded" },
  { name: "page form action", method: "POST", path: "/zh/login", type: "application/x-www-form-urlencoded" },
  { name: "api", method: "POST", path: apiPath, type: "application/json" },
  { name: "asset", method: "GET", path: "/assets/missing-0000.js", type: "application/x-www-form-urlencoded" },
  { name: "csv", method: "GET", path: "/zh/productAndService/products/110.csv", type: "application/x-www-form-urlencoded" },
  { name: "sitemap", method: "GET", path: "/sitemap.xml", type: "application/x-www-form-urlencoded" },
] as const;

type RouteClass = (typeof routeClasses)[number];

/** Each hostile request: what it sends, and the status it must get (any 4xx unless named). */
const hostileRequests: { name: string; status?: (route: RouteClass) => number; send: (port: number, route: RouteClass) => Promise<RawResponse> }[] = [
  {
    name: "oversized body with Content-Length",
    status: (route) => (route.method === "GET" ? 400 : 413),
    send: (port, { method, path, type }) => rawRequest(port, head(method, path, [`Content-Type: ${type}`, `Content-Length: ${bigBody.length}`]), { body: bigBody }),
  },
  {
    name: "oversized chunked body (no Content-Length)",
    status: (route) => (route.method === "GET" ? 400 : 413),
    send: (port, { method, path, type }) => rawRequest(port, head(method, path, [`Content-Type: ${type}`, "Transfer-Encoding: chunked"]), { body: chunked(bigBody) }),
  },
  {
    name: "oversized body declared far beyond what is sent",
    status: (route) => (route.method === "GET" ? 400 : 413),
    send: (port, { method, path, type }) =>
      rawRequest(port, head(method, path, [`Content-Type: ${type}`, "Content-Length: 1073741824"]), { body: "a=1", halfClose: true }),
  },
  {
    name: "truncated body (Content-Length 1000, 3 bytes sent, then FIN)",
    send: (port, { method, path, type }) => rawRequest(port, head(method, path, [`Content-Type: ${type}`, "Content-Length: 1000"]), { body: "a=1", halfClose: true }),
  },
  {
    name: "truncated chunked body",
    send: (port, { method, path, type }) =>
      rawRequest(port, head(method, path, [`Content-Type: ${type}`, "Transfer-Encoding: chunked"]), { body: "10\r\nabc", halfClose: true }),
  },
  {
    name: "invalid UTF-8 and NUL bytes in the body",
    send: (port, { method, path, type }) =>
      rawRequest(port, head(method, path, [`Content-Type: ${type}`, "Content-Length: 6"]), { body: Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d, 0x0a]) }),
  },
  { name: "invalid UTF-8 in the path", status: () => 400, send: (port, { path }) => rawRequest(port, head("GET", `${path}%FF%FE`)) },
  { name: "a NUL in the path", send: (port, { path }) => rawRequest(port, head("GET", `${path}%00`)) },
  { name: "a raw NUL byte in the request line", status: () => 400, send: (port, { path }) => rawRequest(port, head("GET", `${path}?a=\0`)) },
  {
    name: "1,000 query parameters",
    status: () => 400,
    send: (port, { path }) => rawRequest(port, head("GET", `${path}?${Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join("&")}`)),
  },
  { name: "a 64 KB header", status: () => 431, send: (port, { path }) => rawRequest(port, head("GET", path, [`X-Padding: ${"a".repeat(64 * 1024)}`])) },
  {
    name: "a wrong content type",
    status: (route) => (route.method === "GET" ? 400 : 415),
    send: (port, { method, path }) => rawRequest(port, head(method, path, ["Content-Type: text/plain", "Content-Length: 5"]), { body: "hello" }),
  },
];

describe("one process", () => {
  let site: SiteProcess;
  beforeAll(async () => {
    ensureBuild();
    site = await startSiteProcess({});
  }, 900_000);
  afterAll(() => site?.stop());

  it("answers a 17 KB form post with the localized 413 page and closes the connection cleanly", async () => {
    const answer = await oversizedForm(site);
    expect(answer.status).toBe(413);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body.toString("utf8")).toContain("提交的内容过大");
    expect(answer.closed).toBe("end");
    expect(await healthz(site)).toBe(200);
  });

  it("answers a chunked JSON body over 100 KB to /api with the 413 envelope", async () => {
    const answer = await oversizedChunkedJson(site);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({ success: false, code: "E41300001", data: null });
    expect(answer.closed).toBe("end");
    expect(await healthz(site)).toBe(200);
  });

  for (const route of routeClasses) {
    it(`answers every hostile request to a ${route.name} with a 4xx and keeps serving`, async () => {
      for (const request of hostileRequests) {
        const answer = await request.send(site.port, route);
        const label = `${route.name}: ${request.name}`;
        if (request.status) expect(answer.status, label).toBe(request.status(route));
        else {
          expect(answer.status, label).toBeGreaterThanOrEqual(400);
          expect(answer.status, label).toBeLessThan(500);
        }
        // Closed with a FIN or kept open, never reset under the answer (Node itself resets after its 431).
        if (answer.status !== 431) expect(answer.closed, label).not.toBe("reset");
        expect(await healthz(site), label).toBe(200);
      }
    }, 60_000);
  }

  it("answers a search for text with a NUL with the results page, not a 500", async () => {
    const response = await fetch(`${site.origin}/zh/search?text=igbt%00`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("igbt");
  });

  it("is still the same process, and logged no error for any of it", () => {
    expect(site.child.exitCode).toBeNull();
    expect(errorLines(site)).toEqual([]);
  });
});

describe("a cluster (WEB_CONCURRENCY=2)", () => {
  let site: SiteProcess;
  let metricsPort: number;
  beforeAll(async () => {
    ensureBuild();
    metricsPort = await freePort();
    site = await startSiteProcess({ WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort) }, 60_000);
  }, 900_000);
  afterAll(() => site?.stop());

  const died = () => site.logs.filter((line) => typeof line.msg === "string" && line.msg.startsWith("worker died"));
  const started = () => site.logs.filter((line) => line.msg === "worker started");
  /** Waits (bounded) for a log line count to reach `count`; returns the count reached. */
  async function waitFor(lines: () => unknown[], count: number) {
    const deadline = Date.now() + 60_000;
    while (lines().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return lines().length;
  }
  const listening = () => site.logs.filter((line) => typeof line.msg === "string" && line.msg.startsWith("Qingyun website listening"));

  it("keeps serving after many oversized bodies, and no worker dies of them", async () => {
    for (let round = 0; round < 10; round++) {
      expect((await oversizedForm(site)).status).toBe(413);
      expect((await oversizedChunkedJson(site)).status).toBe(413);
      expect(await healthz(site)).toBe(200);
    }
    expect(died()).toEqual([]);
  });

  it("restarts a worker that keeps dying, ever more slowly, and never stops the primary", async () => {
    // Seven deaths within a minute made the primary give up for good before.
    const kills = 7;
    // Both workers serve before the first kill, so one is always left to answer.
    expect(await waitFor(listening, 2)).toBeGreaterThanOrEqual(2);
    for (let kill = 0; kill < kills; kill++) {
      // The newest worker, as soon as it is up: each death follows a short life, so the back-off grows.
      process.kill(Number(started().at(-1)!.pid), "SIGKILL");
      // Once the primary knows (a connection it handed to the dying worker just before is lost with it),
      // the other worker serves meanwhile.
      expect(await waitFor(died, kill + 1)).toBe(kill + 1);
      expect(await healthz(site)).toBe(200);
      expect(await waitFor(started, 2 + kill + 1), `a replacement after kill ${kill + 1}`).toBe(2 + kill + 1);
    }
    // The last replacement comes up and serves beside the worker that was never killed.
    expect(await waitFor(listening, 3)).toBeGreaterThanOrEqual(3);
    expect(site.child.exitCode).toBeNull();
    expect(await healthz(site)).toBe(200);
    const delays = died().map((line) => line.restartInMs as number);
    expect(delays).toHaveLength(kills);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
    expect(died().every((line) => line.level === 50)).toBe(true);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`^qy_worker_restarts_total ${kills}$`, "m"));
  }, 180_000);
});
