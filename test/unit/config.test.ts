// server/config/index.ts: defaults, and one clear line naming the variable for a bad value.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/index.ts";
import { parseUpstreamEnv, upstreamOptions } from "../../server/upstream/config.ts";
import { upstreamEnv } from "../../shared/env/upstream-env.ts";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.websiteCode).toBe("qingyun");
    expect(config.upstreamUrl).toBeUndefined();
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.dataDir).toBe("data");
    expect(config.staff).toBeUndefined();
    expect(config.upstream.LEAD_RETENTION_DAYS).toBe(730);
    expect(config.upstream.SALES_MAIL_TO).toBeUndefined();
  });

  it("turns the staff console on with STAFF_PORT, on loopback, its origin naming localhost unless STAFF_ORIGIN says otherwise", () => {
    const config = loadConfig({ STAFF_PORT: "3100", SALES_MAIL_TO: " Sales@Example.com,fae@example.com " });
    expect(config.staff).toEqual({ port: 3100, host: "127.0.0.1", origin: "http://localhost:3100" });
    expect(config.upstream.STAFF_ORIGIN).toBe("http://localhost:3100");
    expect(config.upstream.SALES_MAIL_TO).toBe("sales@example.com, fae@example.com");
    expect(loadConfig({ STAFF_PORT: "3100", STAFF_ORIGIN: "https://staff.example.internal/" }).staff?.origin).toBe("https://staff.example.internal");
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT \("abc"\)/],
    [{ UPSTREAM_URL: "not a url" }, /^Invalid UPSTREAM_URL/],
    [{ LOG_LEVEL: "loud" }, /^Invalid LOG_LEVEL/],
    [{ PUBLIC_ORIGIN: "https://example.com/path" }, /^Invalid PUBLIC_ORIGIN/],
    [{ WEBSITE_CODE: "Has Spaces" }, /^Invalid WEBSITE_CODE/],
    [{ STAFF_PORT: "3000" }, /^Invalid STAFF_PORT.*never shares the public port/],
    [{ STAFF_PORT: "3100", UPSTREAM_URL: "http://upstream.internal:3001" }, /^Invalid STAFF_PORT.*UPSTREAM_URL/],
    [{ SALES_MAIL_TO: "sales@example.com, nobody" }, /^Invalid SALES_MAIL_TO/],
  ])("rejects %o with one line naming the variable", (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it.each([
    [{ DATABASE_URL: "mysql://db.internal/qingyun" }, /^Invalid DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ DATABASE_URL: "postgres:nohost" }, /^Invalid DATABASE_URL: a postgres:\/\/ or postgresql:\/\/ URL/],
  ])("rejects a DATABASE_URL that is not PostgreSQL's, without echoing it (it may hold a password): %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    expect(() => loadConfig(env)).not.toThrow(/db\.internal|nohost/);
  });
});

// docs/decisions/044-store-interface-and-postgresql.md: every domain is on PostgreSQL, so a well-formed DATABASE_URL
// is taken by both parses (the site's and `npm run upstream`'s) and handed to the upstream's options.
describe("DATABASE_URL", () => {
  const urls = ["postgres://qy:secret@db.internal:5432/qingyun", "postgresql://db.internal/qingyun?sslmode=require"];

  it.each(urls)("is a well-formed PostgreSQL URL (%s) to the schema", (url) => {
    expect(upstreamEnv.shape.DATABASE_URL.safeParse(url).success).toBe(true);
  });

  it.each(urls)("is accepted at start and reaches the upstream's options (%s)", (url) => {
    expect(upstreamOptions(loadConfig({ DATABASE_URL: url }).upstream).databaseUrl).toBe(url);
    expect(upstreamOptions(parseUpstreamEnv({ DATABASE_URL: url })).databaseUrl).toBe(url);
  });
});
