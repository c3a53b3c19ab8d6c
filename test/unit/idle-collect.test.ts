// The full collection once the server falls idle after a spell of traffic (shared/http/idle-collect.ts).
import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { collectWhenIdle } from "../../shared/http/idle-collect.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function traffic(server: EventEmitter, requests: number) {
  for (let i = 0; i < requests; i++) server.emit("request");
}

describe("collectWhenIdle", () => {
  it("collects once the traffic has stopped for idleMs, once per spell of traffic", () => {
    const server = new EventEmitter();
    const collect = vi.fn();
    const idle = collectWhenIdle(server, { idleMs: 2000, afterRequests: 10, collect, now: () => Date.now() });
    traffic(server, 50);
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    expect(collect).toHaveBeenCalledTimes(1);
    // Still idle: nothing more to collect.
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    traffic(server, 10);
    vi.advanceTimersByTime(2500);
    expect(idle.collections).toBe(2);
    idle.stop();
  });

  it("never collects while requests keep coming, nor after a few requests", () => {
    const server = new EventEmitter();
    const collect = vi.fn();
    const idle = collectWhenIdle(server, { idleMs: 2000, afterRequests: 10, collect, now: () => Date.now() });
    for (let second = 0; second < 20; second++) {
      traffic(server, 5);
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    idle.stop();
    const quiet = collectWhenIdle(server, { idleMs: 2000, afterRequests: 10, collect, now: () => Date.now() });
    traffic(server, 3);
    vi.advanceTimersByTime(60_000);
    expect(collect).not.toHaveBeenCalled();
    quiet.stop();
  });

  it("collects after a few heavy requests that grew the heap, once, and not after light ones", () => {
    const server = new EventEmitter();
    let heap = 40;
    const collect = vi.fn(() => {
      heap = 45;
    });
    const idle = collectWhenIdle(server, { idleMs: 2000, afterRequests: 200, afterHeapGrowth: 64, heapUsed: () => heap, collect, now: () => Date.now() });
    traffic(server, 5);
    heap = 100;
    vi.advanceTimersByTime(2500);
    expect(collect).not.toHaveBeenCalled();
    // A sitemap's build: a few requests, 120 units of garbage.
    traffic(server, 5);
    heap = 160;
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1500);
    expect(collect).toHaveBeenCalledTimes(1);
    // Measured from what the collection left (45), not from the start.
    heap = 100;
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    heap = 110;
    vi.advanceTimersByTime(1000);
    expect(idle.collections).toBe(2);
    idle.stop();
  });

  it("stops counting and collecting when stopped", () => {
    const server = new EventEmitter();
    const collect = vi.fn();
    collectWhenIdle(server, { idleMs: 2000, afterRequests: 1, collect, now: () => Date.now() }).stop();
    traffic(server, 100);
    vi.advanceTimersByTime(10_000);
    expect(collect).not.toHaveBeenCalled();
    expect(server.listenerCount("request")).toBe(0);
  });

  it("collects with V8's full collection when given none: the garbage of the traffic is gone", () => {
    const server = new EventEmitter();
    const idle = collectWhenIdle(server, { idleMs: 100, afterRequests: 1, now: () => Date.now() });
    // About 40 MB of garbage, made without allocating enough to collect it along the way.
    let garbage: { n: number }[][] | null = Array.from({ length: 40 }, () => Array.from({ length: 50_000 }, (_, n) => ({ n })));
    expect(garbage.length).toBe(40);
    garbage = null;
    const before = process.memoryUsage().heapUsed;
    traffic(server, 1);
    vi.advanceTimersByTime(200);
    expect(idle.collections).toBe(1);
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(20 * 1048576);
    idle.stop();
  });
});

describe("releaseFreedMemory", () => {
  it("gives back to the system the pages a full collection only pools: RSS falls to near the live heap", () => {
    // In a process of its own, so the figures are that process's alone: 3 million small objects dropped, two plain
    // full collections (which keep the emptied pages in V8's pool, resident), then the release.
    const module = path.join(import.meta.dirname, "../../shared/http/idle-collect.ts");
    const script = `
      const { releaseFreedMemory } = await import(${JSON.stringify(module)});
      const rss = () => process.memoryUsage().rss;
      let keep = [];
      for (let i = 0; i < 3_000_000; i++) keep.push({ a: i, b: "x" + i, c: [i, i + 1] });
      keep = null;
      gc(); gc();
      const pooled = rss();
      releaseFreedMemory();
      console.log(JSON.stringify({ pooled, released: rss(), heap: process.memoryUsage().heapTotal }));`;
    const run = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const { pooled, released, heap } = JSON.parse(run.stdout) as { pooled: number; released: number; heap: number };
    // The pool held hundreds of MB above the heap; the release gives back most of it.
    expect(pooled - heap).toBeGreaterThan(200 * 1048576);
    expect(pooled - released).toBeGreaterThan(200 * 1048576);
  });
});
