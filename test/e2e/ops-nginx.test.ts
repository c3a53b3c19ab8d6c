// deploy/nginx.conf itself, run by Debian's nginx as an ordinary process (test/support/nginx.ts: own prefix, temp
// and cache folders, loopback ports, a throwaway self-signed certificate) in front of the built app.
// Checks pages, the micro-cache of anonymous HTML, assets, /api, streaming, and the client address and scheme the app sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import https from "node:https";
import http from "node:http";
import { sessionCookie } from "../../shared/cookies.ts";
import { startSiteProcess, type SiteProcess } from "../support/site-process.ts";
import { nginxPorts, startNginx, type TestNginx } from "../support/nginx.ts";

let nginx: TestNginx | undefined;
let site: SiteProcess;
let httpsPort = 0;
let httpPort = 0;

beforeAll(async () => {
  const ports = await nginxPorts();
  ({ httpsPort, httpPort } = ports);
  site = await startSiteProcess({ PUBLIC_ORIGIN: `https://127.0.0.1:${httpsPort}`, TRUST_PROXY: "loopback" });
  nginx = await startNginx(ports, [site.port]);
});

afterAll(async () => {
  await nginx?.stop();
  await site?.stop();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request through nginx: https with the throwaway certificate, from a chosen loopback address. */
function call(url: string, options: { headers?: Record<string, string>; localAddress?: string; method?: string } = {}): Promise<Answer> {
  const secure = url.startsWith("https:");
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        localAddress: options.localAddress,
        agent: false,
        ...(secure ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => parts.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on("error", reject);
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error("timeout")));
    request.on("error", reject);
    request.end();
  });
}

const base = () => `https://127.0.0.1:${httpsPort}`;

describe("behind deploy/nginx.conf", () => {
  it("serves streamed, app-compressed pages over https and sends plain http to https", async () => {
    const page = await call(`${base()}/en`, { headers: { "accept-encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    // Compressed once, by the app; streamed (no length known in advance), nginx's hint header not leaked.
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(page.headers["content-length"]).toBeUndefined();
    expect(page.headers["transfer-encoding"]).toBe("chunked");
    expect(page.headers["x-accel-buffering"]).toBeUndefined();
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000");
    const { gunzipSync } = await import("node:zlib");
    const html = gunzipSync(page.body).toString("utf8");
    expect(html).toContain("Qingyun Power Semiconductor");
    expect(html.trimEnd()).toMatch(/<\/html>$/);

    const plain = await call(`http://127.0.0.1:${httpPort}/en/news?x=1`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`https://127.0.0.1/en/news?x=1`);
  });

  it("keeps hashed assets for a year, at the edge too", async () => {
    const page = await call(`${base()}/en`);
    const asset = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(page.body.toString("utf8"))?.[1];
    expect(asset).toBeTruthy();
    const first = await call(`${base()}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(first.headers["cache-control"]).toMatch(/immutable/);
    const second = await call(`${base()}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(second.headers["x-cache-status"]).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
  });

  it("proxies /api, gzipping the JSON the app sends plain", async () => {
    const api = await call(`${base()}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(api.status).toBe(200);
    expect(api.headers["content-encoding"]).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    expect(JSON.parse(gunzipSync(api.body).toString("utf8")).openapi).toMatch(/^3\.1/);
    expect((await call(`${base()}/readyz`)).status).toBe(200);
  });

  it("lets the app see the visitor's own address and https, whatever X-Forwarded-For the visitor sends", async () => {
    const answer = await call(`${base()}/en/about/us`, { localAddress: "127.0.0.2", headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "http" } });
    expect(answer.status).toBe(200);
    const id = String(answer.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const deadline = Date.now() + 2_000;
    let line: Record<string, unknown> | undefined;
    while (!line && Date.now() < deadline) {
      line = site.logs.find((entry) => entry.msg === "request" && entry.reqId === id);
      if (!line) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(line).toMatchObject({ ip: "127.0.0.2", scheme: "https", route: "/en/about/us", status: 200 });
  });

  it("micro-caches anonymous pages compressed, and never a visitor's with a session", async () => {
    const { brotliDecompressSync } = await import("node:zlib");
    const url = `${base()}/en/news?edge=1`;
    // The language cookie alone keeps a visitor anonymous.
    const headers = { "accept-encoding": "gzip, deflate, br", cookie: "i18n_redirected=en" };
    // The app renders (streamed: not kept by nginx), then answers from its page cache (kept by nginx).
    let answer = await call(url, { headers });
    for (let i = 0; i < 20 && answer.headers["x-cache-status"] !== "HIT"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call(url, { headers });
    }
    expect(answer.status).toBe(200);
    expect(answer.headers["x-cache-status"]).toBe("HIT");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString("utf8")).toContain("</html>");
    // Another encoding is another copy: a gzip client never gets brotli.
    const gzip = await call(url, { headers: { "accept-encoding": "gzip", cookie: "i18n_redirected=en" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    // A session cookie goes past the micro-cache to the app, which renders the page for that visitor alone.
    const personal = await call(url, { headers: { ...headers, cookie: `i18n_redirected=en; ${sessionCookie}=abc` } });
    expect(personal.status).toBe(200);
    expect(personal.headers["x-cache-status"]).toBe("BYPASS");
    expect(personal.headers["x-cache"]).toBe("BYPASS");
    expect(personal.headers["cache-control"]).toBe("private, no-store");
  });
});
