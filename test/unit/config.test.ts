// server/config/index.ts: defaults, and one clear line naming the variable for a bad value.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config/index.ts";

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.websiteCode).toBe("qingyun");
    expect(config.upstreamUrl).toBeUndefined();
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.dataDir).toBe("data");
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid PORT \("abc"\)/],
    [{ UPSTREAM_URL: "not a url" }, /^Invalid UPSTREAM_URL/],
    [{ LOG_LEVEL: "loud" }, /^Invalid LOG_LEVEL/],
    [{ PUBLIC_ORIGIN: "https://example.com/path" }, /^Invalid PUBLIC_ORIGIN/],
    [{ WEBSITE_CODE: "Has Spaces" }, /^Invalid WEBSITE_CODE/],
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
});
