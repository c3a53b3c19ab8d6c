// The finder reads only its own parameters (shared/query/finder.ts) and drops the rest: a URL stuffed with
// unknown ones renders the same page as the bare URL, and none of them is echoed into the HTML (the
// language switch and the sign-in return paths carry the finder's canonical query instead).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const finder = "/en/productAndService/products/110";

describe("unknown parameters on the finder", () => {
  it("are dropped: never echoed, while the finder's own parameters are kept", async () => {
    const unknown = Array.from({ length: 150 }, (_, i) => `zzUnknown${i}=${"v".repeat(40)}${i}`).join("&");
    const bare = await request(site.app).get(`${finder}?sort=partNumber:desc`);
    const stuffed = await request(site.app).get(`${finder}?sort=partNumber:desc&${unknown}&from=singlemessage&isappinstalled=0`);
    expect(stuffed.status).toBe(200);
    expect(stuffed.text).not.toContain("zzUnknown");
    expect(stuffed.text).not.toContain("singlemessage");
    expect(stuffed.text).not.toContain("isappinstalled");
    // The other language's link keeps the finder's state.
    expect(stuffed.text).toContain('href="/zh/productAndService/products/110?sort=partNumber:desc"');
    // The same page as without them, give or take its nonce and request-specific bits.
    expect(Math.abs(stuffed.text.length - bare.text.length)).toBeLessThan(200);
  });
});
