// UPSTREAM_TRUST_PROXY: who may tell the embedded upstream the client's address, so its per-address
// limits hold behind the site on another host (or nginx) and cannot be dodged by a made-up header.
import { describe, expect, it } from "vitest";
import { upstreamOptionsFromEnv } from "../../server/upstream/config.ts";
import { freshPhone, startAccountUpstream } from "./account-helpers.ts";

const SEND = "/open/message/sendSmsVerifyCode";

describe("UPSTREAM_TRUST_PROXY", () => {
  it("is read like the site's TRUST_PROXY: loopback by default, a list or a hop count, never true", () => {
    expect(upstreamOptionsFromEnv({}).trustProxy).toEqual(["loopback"]);
    expect(upstreamOptionsFromEnv({ UPSTREAM_TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).trustProxy).toEqual(["10.0.0.5", "10.1.0.0/16"]);
    expect(upstreamOptionsFromEnv({ UPSTREAM_TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(upstreamOptionsFromEnv({ UPSTREAM_TRUST_PROXY: "false" }).trustProxy).toBe(false);
    for (const value of ["true", "0.0.0.0/0", "nginx", ""]) {
      expect(() => upstreamOptionsFromEnv({ UPSTREAM_TRUST_PROXY: value })).toThrow(/^Invalid UPSTREAM_TRUST_PROXY/);
    }
  });

  it("decides whose address the per-address code limit counts", async () => {
    const env = { CODE_REQUESTS_PER_IP_PER_HOUR: "1" };
    // The default trusts the site on this host: two visitors it names are two clients.
    const trusting = await startAccountUpstream({ ...upstreamOptionsFromEnv({}), dataDir: ":memory:", env });
    // Trusting nobody (here: the test's loopback socket is not the site's address): every made-up address is the socket's.
    const distrusting = await startAccountUpstream({ ...upstreamOptionsFromEnv({ UPSTREAM_TRUST_PROXY: "10.9.9.9" }), dataDir: ":memory:", env });
    try {
      expect((await trusting.call(SEND, { phone: freshPhone() }, { ip: "203.0.113.1" })).status).toBe(200);
      expect((await trusting.call(SEND, { phone: freshPhone() }, { ip: "203.0.113.2" })).status).toBe(200);
      expect((await distrusting.call(SEND, { phone: freshPhone() }, { ip: "203.0.113.1" })).status).toBe(200);
      const dodged = await distrusting.call(SEND, { phone: freshPhone() }, { ip: "203.0.113.2" });
      expect(dodged.status).toBe(429);
      expect(dodged.json.code).toBe("E42900001");
    } finally {
      await trusting.cleanup();
      await distrusting.cleanup();
    }
  });
});
