// The operations settings are validated at start; `trust proxy` is never `true`.
import { describe, expect, it } from "vitest";
import request from "supertest";
import express from "express";
import { ConfigError, loadConfig, parseTrustProxy } from "../../server/config/index.ts";

describe("TRUST_PROXY", () => {
  it.each(["true", "TRUE", "*", "0.0.0.0/0", "::/0", "everyone", "10.0.0.1/33", "11", "", "loopback,true"])("refuses %j at start, naming the variable", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid TRUST_PROXY/);
  });

  it("takes named ranges, addresses, CIDR ranges, hop counts and false", () => {
    expect(loadConfig({}).trustProxy).toEqual(["loopback"]);
    expect(parseTrustProxy("loopback, 10.0.0.5 ,192.168.0.0/16,fd00::/8")).toEqual(["loopback", "10.0.0.5", "192.168.0.0/16", "fd00::/8"]);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
  });

  it("decides which client address Express sees", async () => {
    const seen = async (trust: ReturnType<typeof parseTrustProxy>) => {
      const app = express();
      app.set("trust proxy", trust);
      app.get("/", (req, res) => res.json({ ip: req.ip, protocol: req.protocol }));
      return (await request(app).get("/").set("X-Forwarded-For", "203.0.113.9").set("X-Forwarded-Proto", "https")).body;
    };
    expect(await seen(parseTrustProxy("loopback"))).toEqual({ ip: "203.0.113.9", protocol: "https" });
    expect((await seen(parseTrustProxy("10.0.0.1"))).ip).not.toBe("203.0.113.9");
    expect(await seen(parseTrustProxy("false"))).toMatchObject({ protocol: "http" });
  });
});

describe("operations settings", () => {
  it("have their documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ webConcurrency: 1, redisUrl: undefined, metricsPort: 9464, metricsHost: "127.0.0.1", shutdownDelayMs: 1000 });
  });

  it.each([
    [{ WEB_CONCURRENCY: "0" }, /^Invalid WEB_CONCURRENCY/],
    [{ REDIS_URL: "http://redis:6379" }, /^Invalid REDIS_URL/],
    [{ METRICS_PORT: "70000" }, /^Invalid METRICS_PORT/],
    [{ SHUTDOWN_DELAY_MS: "20000" }, /^Invalid SHUTDOWN_DELAY_MS/],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
