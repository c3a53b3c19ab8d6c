// The /api proxy tells the upstream who the client is in a way the upstream can trust: exactly the address
// the site resolved through its own trusted proxies, never a chain the client started itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { createTestApp, listen } from "../helpers/site.ts";

let echo: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  const app = express();
  app.get("/who", (req, res) => res.json({ forwardedFor: req.headers["x-forwarded-for"] ?? null }));
  echo = await listen(app);
});
afterAll(() => echo.close());

const loopback = /^(::ffff:)?127\.0\.0\.1$|^::1$/;

describe("the client address the /api proxy forwards", () => {
  it("is the one address the site resolved from its trusted proxies (TRUST_PROXY=loopback)", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, TRUST_PROXY: "loopback" });
    // A local proxy (the test's loopback socket) names 203.0.113.5; the visitor had claimed 198.51.100.1 before it.
    const response = await request(app).get("/api/who").set("X-Forwarded-For", "198.51.100.1, 203.0.113.5");
    expect(response.body).toEqual({ forwardedFor: "203.0.113.5" });
  });

  it("ignores what the visitor claims when the site trusts no proxy", async () => {
    const app = await createTestApp({ UPSTREAM_URL: echo.url, TRUST_PROXY: "false" });
    const response = await request(app).get("/api/who").set("X-Forwarded-For", "198.51.100.1");
    expect(response.body.forwardedFor).toMatch(loopback);
  });
});
