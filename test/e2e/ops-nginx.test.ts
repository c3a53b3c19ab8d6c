// deploy/nginx.conf itself, run by Debian's nginx as an ordinary process (own prefix, temp
// and cache folders, loopback ports, a throwaway self-signed certificate) in front of the built app.
// Checks pages, the micro-cache of anonymous HTML, assets, /api, streaming, and the client address and scheme the app sees.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sessionCookie } from "../../shared/cookies.ts";
import { freePort, root, startSiteProcess, type SiteProcess } from "../support/site-process.ts";

const nginxBinary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate)) ?? "nginx";

let prefix = "";
let nginx: ChildProcess | undefined;
let site: SiteProcess;
let httpsPort = 0;
let httpPort = 0;

/** deploy/nginx.conf with only what a test run must change; each change must apply (the file's shape is checked). */
function testConfig(appPort: number): string {
  let text = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  const replace = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx.conf no longer contains ${String(from)}`);
    text = next;
  };
  replace(/^user .*;\n/m, "");
  replace("pid /run/nginx.pid;", `pid ${prefix}/nginx.pid;`);
  replace("error_log /var/log/nginx/error.log warn;", `error_log ${prefix}/error.log warn;`);
  replace("access_log /var/log/nginx/access.log;", `access_log ${prefix}/access.log;`);
  replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${appPort} `);
  replace(/\/var\/cache\/nginx\/qingyun/g, `${prefix}/cache`);
  replace("listen 80;", `listen 127.0.0.1:${httpPort};`);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  replace("/etc/ssl/qingyun/fullchain.pem", `${prefix}/cert.pem`);
  replace("/etc/ssl/qingyun/privkey.pem", `${prefix}/key.pem`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `    ${name}_temp_path ${prefix}/temp-${name};\n`).join("");
  replace("http {\n", `http {\n${temp}`);
  return text;
}

beforeAll(async () => {
  prefix = mkdtempSync(path.join(tmpdir(), "qy-nginx-"));
  // nginx's workers may run as another user: they must reach the temp and cache folders.
  chmodSync(prefix, 0o755);
  for (const dir of ["cache", "cache-pages", "temp-client_body", "temp-proxy", "temp-fastcgi", "temp-uwsgi", "temp-scgi"]) {
    mkdirSync(path.join(prefix, dir));
    chmodSync(path.join(prefix, dir), 0o777);
  }
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-keyout", `${prefix}/key.pem`, "-out", `${prefix}/cert.pem`],
    {
      stdio: "ignore",
    },
  );
  httpsPort = await freePort();
  httpPort = await freePort();
  site = await startSiteProcess({ PUBLIC_ORIGIN: `https://127.0.0.1:${httpsPort}`, TRUST_PROXY: "loopback" });
  writeFileSync(path.join(prefix, "nginx.conf"), testConfig(site.port));
  execFileSync(nginxBinary, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", `${prefix}/error.log`], { stdio: "pipe" });
  nginx = spawn(nginxBinary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-e", `${prefix}/error.log`, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await call(`http://127.0.0.1:${httpPort}/`);
      break;
    } catch (error) {
      if (Date.now() > deadline || nginx.exitCode !== null) throw new Error(`nginx did not start: ${String(error)} ${readFileSync(`${prefix}/error.log`, "utf8")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  await site?.stop();
  if (prefix) rmSync(prefix, { recursive: true, force: true });
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
