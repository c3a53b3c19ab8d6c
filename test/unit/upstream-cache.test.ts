// The upstream-read cache on its own: fresh window, stale-while-revalidate, one load in flight, memory bound.
import { describe, expect, it } from "vitest";
import { createUpstreamCache } from "../../server/cache/upstream-cache.ts";

function clock() {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("upstream cache", () => {
  it("serves a fresh answer without loading again", async () => {
    const { now, advance } = clock();
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 5000, maxBytes: 1e6, timeoutMs: 1000, now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    advance(999);
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    expect(cache.stats.hits).toBe(1);
  });

  it("serves a stale answer at once while one background load refreshes it", async () => {
    const { now, advance } = clock();
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 5000, maxBytes: 1e6, timeoutMs: 1000, now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get("k", load);
    advance(2000);
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    await settle();
    expect(loads).toBe(2);
    expect(await cache.get("k", load)).toEqual({ n: 2 });
    expect(cache.stats.stale).toBeGreaterThanOrEqual(1);
  });

  it("waits for a new answer once the stale window is over too", async () => {
    const { now, advance } = clock();
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 5000, maxBytes: 1e6, timeoutMs: 1000, now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get("k", load);
    advance(7000);
    expect(await cache.get("k", load)).toEqual({ n: 2 });
  });

  it("runs one load for all concurrent callers of a key", async () => {
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 0, maxBytes: 1e6, timeoutMs: 1000 });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return { ok: true };
    };
    const waiting = Array.from({ length: 10 }, () => cache.get("k", load));
    release();
    const answers = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(answers.every((answer) => answer === answers[0])).toBe(true);
  });

  it("lets a caller stop waiting without cancelling the shared load", async () => {
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 0, maxBytes: 1e6, timeoutMs: 1000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      await gate;
      return { ok: 1 };
    };
    const leaving = new AbortController();
    const first = cache.get("k", load, leaving.signal);
    const second = cache.get("k", load);
    leaving.abort(new Error("visitor left"));
    await expect(first).rejects.toThrow("visitor left");
    release();
    expect(await second).toEqual({ ok: 1 });
  });

  it("passes a failed first load's error on and keeps nothing", async () => {
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 0, maxBytes: 1e6, timeoutMs: 1000 });
    await expect(cache.get("k", async () => Promise.reject(new Error("404 page")))).rejects.toThrow("404 page");
    expect(await cache.get("k", async () => ({ ok: 2 }))).toEqual({ ok: 2 });
  });

  it("keeps a stale answer when its refresh fails", async () => {
    const { now, advance } = clock();
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 1000, maxBytes: 1e6, timeoutMs: 1000, now });
    await cache.get("k", async () => ({ v: "old" }));
    advance(5000);
    expect(await cache.get("k", async () => Promise.reject(new Error("upstream down")))).toEqual({ v: "old" });
  });

  it("stays within its memory bound, dropping the least recently used", async () => {
    const cache = createUpstreamCache({ freshMs: 60_000, staleMs: 0, maxBytes: 10_000, timeoutMs: 1000 });
    const big = "x".repeat(1000);
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => ({ big, i }));
    expect(cache.size).toBeLessThanOrEqual(10);
    let loads = 0;
    await cache.get("k49", async () => ({ loads: ++loads }));
    await cache.get("k0", async () => ({ loads: ++loads }));
    expect(loads).toBe(1);
  });

  it("freezes kept answers so a loader cannot change them for the next visitor", async () => {
    const cache = createUpstreamCache({ freshMs: 1000, staleMs: 0, maxBytes: 1e6, timeoutMs: 1000 });
    const answer = await cache.get("k", async () => ({ list: [{ name: "a" }] }));
    expect(() => answer.list.push({ name: "b" })).toThrow(TypeError);
    expect(() => {
      answer.list[0]!.name = "changed";
    }).toThrow(TypeError);
  });

  it("is off with a fresh window of 0: every call loads", async () => {
    const cache = createUpstreamCache({ freshMs: 0, staleMs: 0, maxBytes: 1e6, timeoutMs: 1000 });
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });
});
