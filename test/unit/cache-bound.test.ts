// CACHE_MAX_MB bounds what the two caches hold in memory, not only lru-cache's count: each is filled well past
// its half of the bound, and the heap (upstream answers) and the buffers outside it (pages in three encodings)
// grow by no more than that half.
import v8 from "node:v8";
import vm from "node:vm";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSiteCaches } from "../../server/cache/index.ts";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const settings = { upstreamTtlMs: 60_000, upstreamStaleMs: 60_000, pageTtlMs: 60_000, maxMb: 4 };
const half = (settings.maxMb * 1024 * 1024) / 2;
/** Memory after full collections: the heap, and the buffers outside it. V8 frees a dead ArrayBuffer's bytes on a
 * background thread after the collection, later on a busy machine (CI read 10 MB of them still counted): read
 * until a collection frees nothing more, at most 20 times. */
const memory = async () => {
  let last = { heapUsed: Number.POSITIVE_INFINITY, arrayBuffers: Number.POSITIVE_INFINITY };
  for (let round = 0; round < 20; round++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 25));
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    if (heapUsed >= last.heapUsed && arrayBuffers >= last.arrayBuffers) break;
    last = { heapUsed: Math.min(heapUsed, last.heapUsed), arrayBuffers: Math.min(arrayBuffers, last.arrayBuffers) };
  }
  return last;
};

/** An answer shaped like the finder's: 100 rows of short strings and numbers, different each call. */
const answer = (n: number) =>
  JSON.stringify({
    code: 0,
    data: {
      total: 100,
      list: Array.from({ length: 100 }, (_, i) => ({
        id: n * 100 + i,
        partNumber: `QCM${n}-${i}120K4`,
        name: `碳化硅 MOSFET 模块 ${n}`,
        vds: 1200,
        rdson: 40 + (i % 7),
        package: "TO-247-4",
        params: [{ key: "Qg", value: `${i} nC` }],
      })),
    },
  });

describe("CACHE_MAX_MB", () => {
  it("bounds the upstream answers kept, as the heap holds them", async () => {
    const caches = createSiteCaches(settings, 5_000);
    const before = await memory();
    let offered = 0;
    for (let n = 0; n < 200; n++) {
      const text = answer(n);
      offered += text.length;
      await caches.upstream.get(`call ${n}`, async () => JSON.parse(text) as unknown);
    }
    const grown = (await memory()).heapUsed - before.heapUsed;
    expect(offered).toBeGreaterThan(half);
    expect(caches.upstream.size).toBeLessThan(200);
    expect(caches.upstream.bytes).toBeLessThanOrEqual(half);
    expect(grown).toBeLessThanOrEqual(half * 1.1);
  });

  it("bounds the pages kept, every encoding counted", async () => {
    const caches = createSiteCaches(settings, 5_000);
    const before = await memory();
    for (let n = 0; n < 60; n++) {
      // 60 KB that compresses about as a page does (repeated markup around text that does not repeat).
      const text = Array.from({ length: 400 }, () => `<tr><td class="part">${randomBytes(48).toString("base64")}</td></tr>`).join("");
      caches.pages.set(`zh people /page/${n}`, 200, "zh-CN", `<!DOCTYPE html><html><body><table>${text}</table></body></html>`, "nonce", "csp");
    }
    await caches.pages.settled();
    // A client asks each page in gzip too (made on demand, counted once made).
    for (let n = 0; n < 60; n++) {
      const page = caches.pages.get(`zh people /page/${n}`);
      if (page) caches.pages.encode(`zh people /page/${n}`, page, "gzip");
    }
    await caches.pages.settled();
    // Once compression has settled, every page still kept is kept in all three encodings (an entry whose
    // compression ends after its eviction is not brought back).
    const kept = Array.from({ length: 60 }, (_, n) => caches.pages.get(`zh people /page/${n}`)).filter((page) => page !== undefined);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(60);
    for (const page of kept) expect(page.bodies.br && page.bodies.gzip && page.bodies.br.length > 0).toBeTruthy();
    expect(caches.pages.bytes).toBeLessThanOrEqual(half);
    const grown = await memory();
    expect(grown.arrayBuffers - before.arrayBuffers).toBeLessThanOrEqual(half * 1.1);
  });
});
