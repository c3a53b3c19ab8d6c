// The page cache's expired entries (server/cache/page-cache.ts): one request renders the page again while the
// others get the expired copy, so a page expiring under load is rendered once, not once per connection.
import { describe, expect, it } from "vitest";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { chooseEncoding, createPageCache, missingEncoding } from "../../server/cache/page-cache.ts";

/** A cache with entries for a second, on a clock the test moves. */
function clockedCache() {
  // Not 0: lru-cache takes a start time of 0 for "no time to live".
  let time = 1;
  // lru-cache reads the clock at most once a millisecond of real time.
  const advance = async (to: number) => {
    time = to;
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return { cache: createPageCache({ ttlMs: 1_000, maxBytes: 1 << 20, now: () => time }), advance };
}

describe("the page cache", () => {
  it("lets one request render an expired page while the others get the expired copy", async () => {
    const { cache, advance } = clockedCache();
    const first = cache.set("k", 200, "en-US", "<html>one</html>", "n1", "csp n1");
    expect(cache.get("k")).toBe(first);
    await advance(2_000);
    // The first request after expiry renders; the next ones get the copy meanwhile.
    expect(cache.get("k")).toBeUndefined();
    expect(cache.get("k")?.bodies.identity.toString()).toBe("<html>one</html>");
    expect(cache.get("k")?.csp).toBe("csp n1");
    // That render ended without keeping a page (the upstream failed it): the next request tries again.
    cache.release("k");
    expect(cache.get("k")).toBeUndefined();
    expect(cache.get("k")).toBeDefined();
    // A render that never reports back does not hold the others on the old copy for ever.
    await advance(20_000);
    expect(cache.get("k")).toBeUndefined();
    // The new render is kept: fresh again, for everyone.
    cache.set("k", 200, "en-US", "<html>two</html>", "n2", "csp n2");
    expect(cache.get("k")?.bodies.identity.toString()).toBe("<html>two</html>");
    expect(cache.get("k")?.csp).toBe("csp n2");
    await cache.settled();
  });

  it("admits a key's render from its second within ten minutes, or when the key is kept already", async () => {
    const { cache, advance } = clockedCache();
    // A key's first render is noted, not admitted; its second is; once admitted, the note is spent.
    expect(cache.admits("a")).toBe(false);
    expect(cache.admits("b")).toBe(false);
    expect(cache.admits("a")).toBe(true);
    expect(cache.admits("a")).toBe(false);
    // A key kept already (fresh or expired: its render refreshes it) is admitted every time.
    cache.set("k", 200, "en-US", "<html>k</html>", "n", "csp");
    expect(cache.admits("k")).toBe(true);
    await advance(1_500);
    expect(cache.admits("k")).toBe(true);
    // A note is remembered for ten minutes (the entries live one second here): then that render is a first one again.
    expect(cache.admits("c")).toBe(false);
    await advance(1_500 + 9 * 60_000);
    expect(cache.admits("c")).toBe(true);
    // "b" was noted at the start, eleven minutes ago now.
    await advance(11 * 60_000);
    expect(cache.admits("b")).toBe(false);
    expect(cache.admits("b")).toBe(true);
    // No time to live, nothing kept.
    const off = createPageCache({ ttlMs: 0, maxBytes: 1 << 20 });
    expect(off.admits("x")).toBe(false);
    expect(off.admits("x")).toBe(false);
    await cache.settled();
  });

  it("chooses the encoding from Accept-Encoding and what the entry has", async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1 << 20 });
    const page = cache.set("k", 200, "en-US", "<html>x</html>".repeat(200), "n", "csp");
    expect(chooseEncoding("gzip, deflate, br", page)).toBe("identity");
    await cache.settled();
    // Gzip is made for the first client that asks for it and not brotli, at once, and kept.
    expect(missingEncoding("gzip, deflate, br", cache.get("k")!)).toBeUndefined();
    expect(missingEncoding("gzip, deflate", cache.get("k")!)).toBe("gzip");
    expect(chooseEncoding("gzip, deflate", cache.get("k")!)).toBe("identity");
    const made = cache.withEncoding("k", cache.get("k")!, "gzip");
    expect(chooseEncoding("gzip, deflate", made)).toBe("gzip");
    const kept = cache.get("k")!;
    expect(kept.bodies.gzip?.equals(made.bodies.gzip!)).toBe(true);
    expect(missingEncoding("gzip, deflate", kept)).toBeUndefined();
    expect(chooseEncoding("gzip, deflate, br", kept)).toBe("br");
    expect(chooseEncoding("gzip, deflate", kept)).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5", kept)).toBe("gzip");
    expect(chooseEncoding("BR", kept)).toBe("br");
    expect(chooseEncoding("*", kept)).toBe("br");
    expect(chooseEncoding("deflate", kept)).toBe("identity");
    expect(chooseEncoding("", kept)).toBe("identity");
    expect(chooseEncoding(undefined, kept)).toBe("identity");
    expect(gunzipSync(kept.bodies.gzip!).equals(kept.bodies.identity)).toBe(true);
    expect(brotliDecompressSync(kept.bodies.br!).equals(kept.bodies.identity)).toBe(true);
  });

  it("keeps the brotli a render was streamed in, and makes it again whole only when the page is asked for again", async () => {
    const cache = createPageCache({ ttlMs: 1_000, maxBytes: 1 << 20 });
    const html = "<html>y</html>".repeat(200);
    // Bytes other than the entry's own brotli 5 would make (compression() streams at quality 4, flushing each batch).
    const streamed = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    const page = cache.set("k", 200, "en-US", html, "n", "csp", { encoding: "br", body: streamed });
    expect(page.bodies.br?.equals(streamed)).toBe(true);
    expect(page.streamed).toBe("br");
    expect(chooseEncoding("gzip, deflate, br", page)).toBe("br");
    // Asked for once: never compressed again.
    await cache.settled();
    expect(cache.get("k")?.bodies.br?.equals(streamed)).toBe(true);
    expect(cache.get("k")?.bodies.gzip).toBeUndefined();
    // Asked for again: brotli of the whole document replaces the streamed bytes, once.
    cache.encode("k", cache.get("k")!, "br");
    cache.encode("k", cache.get("k")!, "br");
    await cache.settled();
    const again = cache.get("k")!;
    expect(again.streamed).toBeUndefined();
    expect(again.bodies.br?.equals(streamed)).toBe(false);
    expect(brotliDecompressSync(again.bodies.br!).toString()).toBe(html);
    cache.encode("k", again, "br");
    expect(cache.get("k")).toBe(again);
    await cache.settled();
    expect(cache.get("k")).toBe(again);
  });
});
