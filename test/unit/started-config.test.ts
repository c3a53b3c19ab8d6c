// server/config/index.ts and the start step (server/serve.ts): the config before the upstream starts and after
// it, told apart by their types, and the values derived from PUBLIC_ORIGIN worked out once at load.
import { describe, expect, expectTypeOf, it } from "vitest";
import { isStarted, loadConfig, withUpstreamUrl, type SiteConfig, type StartedConfig } from "../../server/config/index.ts";
import { createApp } from "../../server/app.ts";
import { startUpstream } from "../../server/serve.ts";
import { createLogger } from "../../server/metrics/logger.ts";

describe("the config before and after the upstream starts", () => {
  it("is a SiteConfig without UPSTREAM_URL, whose upstream URL may be unset, and createApp refuses it at compile time", () => {
    const config = loadConfig({});
    expectTypeOf(config.upstreamUrl).toEqualTypeOf<string | undefined>();
    expect(isStarted(config)).toBe(false);
    // A type-only check: the call is never made (createApp would open listeners and caches).
    const typeOnly = (): unknown =>
      // @ts-expect-error createApp takes a StartedConfig: a config whose upstream is not started is a type error.
      createApp(config, { logger: createLogger("silent"), entry: () => ({}) as never, assets: () => ({}) as never });
    expect(typeof typeOnly).toBe("function");
  });

  it("is a StartedConfig with UPSTREAM_URL, whose URL is always a string", async () => {
    const config = loadConfig({ UPSTREAM_URL: "http://127.0.0.1:9/" });
    expectTypeOf(config).toEqualTypeOf<Readonly<StartedConfig>>();
    expect(config.upstreamUrl).toBe("http://127.0.0.1:9");
    // The start step leaves a config that names its upstream as it is, and starts nothing.
    const started = await startUpstream(config, createLogger("silent"));
    expect(started.config).toBe(config);
    expect(started.upstream).toBeUndefined();
  });

  it("becomes a new frozen StartedConfig once the embedded upstream listens; the loaded one is not changed", () => {
    const loaded: Readonly<SiteConfig> = loadConfig({});
    const started = withUpstreamUrl(loaded, "http://127.0.0.1:4000");
    expectTypeOf(started.upstreamUrl).toEqualTypeOf<string>();
    expect(started.upstreamUrl).toBe("http://127.0.0.1:4000");
    expect(loaded.upstreamUrl).toBeUndefined();
    expect(Object.isFrozen(started)).toBe(true);
  });
});

describe("origin and secure, derived once from PUBLIC_ORIGIN", () => {
  it.each([
    [{}, "http://localhost:3000", false],
    [{ PORT: "8080" }, "http://localhost:8080", false],
    [{ PUBLIC_ORIGIN: "https://www.example.com/" }, "https://www.example.com", true],
    [{ PUBLIC_ORIGIN: "http://example.com:8080" }, "http://example.com:8080", false],
  ])("%o → origin %s, secure %s", (env, origin, secure) => {
    const config = loadConfig(env);
    expect(config.origin).toBe(origin);
    expect(config.secure).toBe(secure);
  });
});
