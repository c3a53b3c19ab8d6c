// The /api proxy: bytes, cookies and Set-Cookie pass through; 502 and 504 answer the envelope.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp, listen } from "../helpers/site.ts";

let echo: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  const app = express();
  app.post("/echo", (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.cookie("qy_session", "abc", { domain: "upstream.internal", httpOnly: true, path: "/" });
      res.json({
        method: req.method,
        path: req.url,
        cookie: req.headers.cookie ?? null,
        body: Buffer.concat(chunks).toString("utf8"),
        contentType: req.headers["content-type"],
      });
    });
  });
  app.get("/slow", (_req, res) => {
    setTimeout(() => res.json({ late: true }), 2000).unref();
  });
  echo = await listen(app);
});
afterAll(() => echo.close());

describe("the /api proxy", () => {
  it("passes method, body bytes and cookies through and strips the Set-Cookie Domain", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    const body = '{"language":"zh","text":"碳化硅 \\u2028 </script>","n":1}';
    const response = await request(app).post("/api/echo?x=1").set("Content-Type", "application/json").set("Cookie", "qy_session=old; i18n_redirected=zh").send(body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      method: "POST",
      path: "/echo?x=1",
      cookie: "qy_session=old; i18n_redirected=zh",
      body,
      contentType: "application/json",
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toContain("qy_session=abc");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it("refuses a cross-site POST by its Origin", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, PUBLIC_ORIGIN: "https://www.qingyun-power.com" });
    const response = await request(app).post("/api/echo").set("Origin", "https://evil.example").send({});
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("E40300002");
    expect(response.body.message).toBe("The request origin is not allowed.");
    const zh = await request(app).post("/api/echo").set("Origin", "https://evil.example").set("Cookie", "i18n_redirected=zh").send({});
    expect(zh.body.message).toBe("请求来源不被允许");
    const same = await request(app).post("/api/echo").set("Origin", "https://www.qingyun-power.com").send({});
    expect(same.status).toBe(200);
  });

  it("answers 502 with the envelope within 1 s when the upstream is down", async () => {
    const down = await listen(express());
    const url = down.url;
    await down.close();
    const app = await createTestApp({ UPSTREAM_URL: url });
    const started = Date.now();
    const response = await request(app).post("/api/front/queryNewsByPage").send({ language: "en" });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ success: false, code: "E50200001", data: null });
    expect(typeof response.body.message).toBe("string");
  });

  it("answers 504 with the envelope when the upstream is slower than the timeout, and stays up", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, UPSTREAM_TIMEOUT_MS: "300" });
    const response = await request(app).get("/api/slow").set("Cookie", "i18n_redirected=zh");
    expect(response.status).toBe(504);
    expect(response.body).toMatchObject({ success: false, code: "E50400001", data: null });
    expect(response.body.message).toMatch(/超时/);
    expect((await request(app).get("/healthz")).status).toBe(200);
  });
});

describe("staff calls", () => {
  it("are not reachable through the public /api proxy", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url });
    const response = await request(app).get("/api/staff/orders").set("Authorization", "Bearer x".repeat(4));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("E40400001");
  });
});

describe("the /api rate limit", () => {
  it("answers 429 with the localized envelope once a client goes over it", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, RATE_LIMIT_PER_MINUTE: "2" });
    for (let i = 0; i < 2; i++) expect((await request(app).post("/api/echo").send({})).status).toBe(200);
    const limited = await request(app).post("/api/echo").set("Cookie", "i18n_redirected=zh").send({});
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: "E42900001", message: "请求过于频繁，请稍后再试", data: null });
  });
});
