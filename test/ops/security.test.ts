// Security by default: drafts only with a preview cookie that verifies, cross-site sign-out refused and POST
// offered, CSP with base-uri 'none', HSTS on https origins, and nothing internal in any error answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { gzipSync } from "node:zlib";
import { callPath, queryPreviewRevoked } from "../../shared/contract/index.ts";
import { signPreviewToken } from "../../shared/http/preview-token.ts";
import { createTestApp, listen } from "../helpers/site.ts";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { expectLoaderFailureWarnings } from "../helpers/console.ts";

const secret = "ops-preview-secret-0123456789abcdef0123";
const origin = "https://www.qingyun-power.com";

interface Seen {
  method: string;
  path: string;
  body: string;
}
let seen: Seen[] = [];
let echo: Awaited<ReturnType<typeof listen>>;
let upstream: TestUpstream;

beforeAll(async () => {
  const app = express();
  // The site's question whether a preview token is revoked (none is, here): answered, not recorded.
  app.post(callPath(queryPreviewRevoked, "qingyun"), (_req, res) => void res.json({ success: true, code: "0", message: "ok", data: { revoked: false } }));
  app.all("/{*any}", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      seen.push({ method: req.method, path: req.url, body: Buffer.concat(chunks).toString("utf8") });
      if (req.path === "/crash") {
        return res.status(500).type("text/plain").send("TypeError: x is undefined\n    at handler (/srv/upstream/app.js:12:5) http://10.0.0.7:8080/internal");
      }
      if (req.path === "/crash-envelope") {
        return res.status(500).json({ success: false, code: "E50000001", message: "SQLITE_BUSY at /srv/db.sqlite", data: null, stack: "Error: at /srv" });
      }
      if (req.path === "/gone") return res.status(404).json({ success: false, code: "E40400001", message: "Not here", data: null, trace: "/srv/x.js:1" });
      if (req.path === "/moved") return res.redirect(302, `http://${req.headers.host}/elsewhere?x=1`);
      res.json({ success: true, code: "0", message: "ok", data: null });
    });
  });
  echo = await listen(app);
  upstream = await startTestUpstream();
});
afterAll(async () => {
  await echo.close();
  await upstream.cleanup();
});

const post = (app: express.Express, path: string, raw: string, cookie?: string) => {
  const call = request(app).post(path).set("Content-Type", "application/json");
  if (cookie) call.set("Cookie", cookie);
  return call.send(raw);
};

describe("drafts through the /api proxy", () => {
  it("forces sitePageDataType 1 without preview, whatever form the request takes", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PREVIEW_SECRET: secret });
    const bodies = ['{"sitePageDataType":2,"url":"/about"}', '{"sitePageDataType":1,"sitePageDataType":2}', '{"sitePageData\\u0054ype":2}', '{"sitePageDataType":"2"}'];
    for (const body of bodies) {
      seen = [];
      const response = await post(app, "/api/open/x", body);
      expect(response.status).toBe(200);
      expect(JSON.parse(seen[0]!.body).sitePageDataType, body).toBe(1);
      expect(seen[0]!.body).not.toMatch(/sitePageDataType":\s*"?2/);
    }
  });

  it("keeps 2 only with a preview cookie that verifies", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PREVIEW_SECRET: secret });
    const until = Date.now() + 3_600_000;
    const token = await signPreviewToken(secret, until);
    const forged = await signPreviewToken("another-secret-0123456789abcdef012345", until);
    const body = '{"sitePageDataType":2,"language":"zh"}';

    seen = [];
    await post(app, "/api/open/x", body, `qingyun=${until}.${token}`);
    expect(seen[0]!.body).toBe(body);

    for (const cookie of [`qingyun=${until}.${forged}`, `qingyun=${until + 10 * 3_600_000}.${token}`, "qingyun=garbage", `other=${until}.${token}`]) {
      seen = [];
      await post(app, "/api/open/x", body, cookie);
      expect(JSON.parse(seen[0]!.body).sitePageDataType, cookie).toBe(1);
    }
  });

  it("forces the flag in the query too, and passes no body on a GET", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PREVIEW_SECRET: secret });
    seen = [];
    await request(app).get("/api/open/x?x=1&sitePageDataType=2&SITEPAGEDATATYPE=2");
    expect(seen[0]!.path).toBe("/open/x?x=1&sitePageDataType=1");
    const until = Date.now() + 3_600_000;
    const token = await signPreviewToken(secret, until);
    await request(app).get("/api/open/x?sitePageDataType=2").set("Cookie", `qingyun=${until}.${token}`);
    expect(seen[1]!.path).toBe("/open/x?sitePageDataType=2");
    const withBody = await request(app).get("/api/open/x").set("Content-Type", "application/json").send('{"sitePageDataType":2}');
    expect(withBody.status).toBe(400);
    expect(seen).toHaveLength(2);
  });

  it("reaches the real upstream as published content", async () => {
    const app = await createTestApp({ UPSTREAM_URL: upstream.url, PREVIEW_SECRET: secret });
    const response = await post(
      app,
      "/api/open/proxy/qingyun/basic/sitePageData/querySitePageData",
      JSON.stringify({ templateCode: "home", language: "en", websiteCode: "qingyun", sitePageDataType: 2 }),
    );
    expect(response.status).toBe(200);
    expect(response.body.env).toBe("published");
  });

  it("refuses what it cannot read: other content types, compressed, too large or malformed bodies", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    seen = [];
    const form = await request(app).post("/api/open/x").set("Content-Type", "application/x-www-form-urlencoded").send("sitePageDataType=2");
    expect(form.status).toBe(415);
    expect(form.body.code).toBe("E41500001");
    const text = await request(app).post("/api/open/x").set("Content-Type", "text/plain").send('{"sitePageDataType":2}');
    expect(text.status).toBe(415);
    const zipped = await request(app)
      .post("/api/open/x")
      .set("Content-Type", "application/json")
      .set("Content-Encoding", "gzip")
      .send(gzipSync('{"sitePageDataType":2}'));
    expect(zipped.status).toBe(415);
    const big = await post(app, "/api/open/x", JSON.stringify({ text: "x".repeat(101 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("E41300001");
    const broken = await post(app, "/api/open/x", '{"sitePageDataType":2');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("E40000001");
    expect(seen).toEqual([]);
  });
});

describe("sign-out", () => {
  it("refuses a cross-site sign-out, by Sec-Fetch-Site, Origin or Referer, whatever the path's spelling", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PUBLIC_ORIGIN: origin });
    seen = [];
    const attempts = [
      request(app).get("/api/open/front/loginOut").set("Sec-Fetch-Site", "cross-site"),
      request(app).get("/api/open/front/loginOut").set("Sec-Fetch-Site", "same-site"),
      request(app).get("/api/open/front/loginOut").set("Origin", "https://evil.example"),
      request(app).get("/api/open/front/loginOut").set("Referer", "https://evil.example/page"),
      request(app).get("/api/open/front/LOGINOUT/").set("Sec-Fetch-Site", "cross-site"),
      request(app).get("/api/open/front/login%4Fut").set("Referer", "https://evil.example/"),
      request(app).post("/api/open/front/loginOut").set("Origin", "https://evil.example").send({}),
    ];
    for (const attempt of attempts) {
      const response = await attempt;
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("E40300002");
    }
    expect(seen).toEqual([]);
  });

  it("signs out a same-origin GET, and takes POST too, forwarded as the upstream's GET", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PUBLIC_ORIGIN: origin });
    seen = [];
    const get = await request(app).get("/api/open/front/loginOut").set("Sec-Fetch-Site", "same-origin").set("Referer", `${origin}/en/user/sampleList`);
    expect(get.status).toBe(200);
    const viaPost = await request(app)
      .post("/api/open/front/loginOut")
      .set("Sec-Fetch-Site", "same-origin")
      .set("Origin", origin)
      .set("Content-Type", "application/json")
      .send({ language: "en", sitePageDataType: 1, websiteCode: "qingyun" });
    expect(viaPost.status).toBe(200);
    const typed = await request(app).get("/api/open/front/loginOut");
    expect(typed.status).toBe(200);
    expect(seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: "GET", path: "/open/front/loginOut", body: "" },
      { method: "GET", path: "/open/front/loginOut", body: "" },
      { method: "GET", path: "/open/front/loginOut", body: "" },
    ]);
  });
});

describe("headers", () => {
  it("sends a CSP with base-uri 'none' and a nonce, and HSTS only on an https origin", async () => {
    const https = await createTestApp({ UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
    const page = await request(https).get("/en");
    expect(page.status).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("object-src 'none'");
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(page.text).not.toMatch(/<base[\s>]/i);
    expect((await request(https).get("/api/openapi.json")).headers["strict-transport-security"]).toBe("max-age=31536000");

    const http = await createTestApp({ UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: "http://localhost:3000" });
    expect((await request(http).get("/en")).headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("no internals reach a client", () => {
  const internal = /at handler|\/srv\/|10\.0\.0\.7|127\.0\.0\.1|SQLITE|stack|trace|TypeError/;

  it("replaces an upstream's error answers by the envelope's four fields", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    const crash = await request(app).get("/api/crash");
    expect(crash.status).toBe(502);
    expect(crash.body).toEqual({ success: false, code: "E50200001", message: "The upstream service is unavailable, please try again later.", data: null });
    const envelope = await request(app).get("/api/crash-envelope");
    expect(envelope.status).toBe(500);
    expect(envelope.body).toEqual({ success: false, code: "E50000001", message: "Sorry, the page is running incorrectly, the staff is rushing to repair", data: null });
    const gone = await request(app).get("/api/gone");
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ success: false, code: "E40400001", message: "Not here", data: null });
    for (const response of [crash, envelope, gone]) expect(response.text).not.toMatch(internal);
  });

  it("never names the upstream's address in a redirect, nor what the upstream runs on", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    const moved = await request(app).get("/api/moved");
    expect(moved.status).toBe(302);
    expect(moved.headers.location).toBe("/api/elsewhere?x=1");
    // The upstream stand-in is Express, which names itself: the site does not pass that on.
    const plain = await request(app).get("/api/open/x");
    expect(plain.status).toBe(200);
    expect(plain.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers a down upstream with a generic 502 and a readiness failure without details", async () => {
    expectLoaderFailureWarnings();
    const down = await listen(express());
    const url = down.url;
    await down.close();
    const app = await createTestApp({ UPSTREAM_URL: url });
    const api = await request(app).post("/api/front/x").send({});
    expect(api.status).toBe(502);
    const ready = await request(app).get("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: "unavailable" });
    const page = await request(app).get("/en");
    expect(page.status).toBeGreaterThanOrEqual(500);
    for (const response of [api, ready, page]) {
      expect(response.text).not.toContain(url);
      expect(response.text).not.toMatch(/ECONNREFUSED|fetch failed|at [\w.]+ \(|node:internal/);
    }
  });

  it("renders pages whose upstream fails with internals as a plain error page, in HTML and hydration data", async () => {
    expectLoaderFailureWarnings();
    const broken = express();
    broken.all("/{*any}", (_req, res) => {
      res.status(500).json({ success: false, code: "E50000001", message: "SQLITE_BUSY in /srv/qingyun/db.sqlite at Object.<anonymous> (/srv/app.js:1:1)", data: null });
    });
    const upstream = await listen(broken);
    try {
      const app = await createTestApp({ UPSTREAM_URL: upstream.url });
      for (const path of ["/en", "/en/news/newsDetail/1", "/zh/productAndService/products/120"]) {
        const page = await request(app).get(path);
        expect(page.status, path).toBeGreaterThanOrEqual(400);
        expect(page.text, path).not.toMatch(/SQLITE_BUSY|\/srv\/|Object\.<anonymous>|127\.0\.0\.1|at [\w.]+ \(/);
      }
    } finally {
      await upstream.close();
    }
  });

  it("gives nothing but a 404 for /metrics on the public port", async () => {
    expectLoaderFailureWarnings();
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    const metrics = await request(app).get("/metrics");
    expect(metrics.status).toBe(404);
    expect(metrics.text).not.toContain("qy_http_request_duration_seconds");
  });
});
