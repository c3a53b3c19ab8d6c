import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadForChunkError } from "../../client/chunk-reload.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("the chunk-reload guard", () => {
  it("recognises the browsers' chunk failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("something else"))).toBe(false);
  });

  it("reloads at most once per 60 s", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForChunkError(storage, reload, 1_000_000)).toBe(true);
    expect(reloadForChunkError(storage, reload, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(reloadForChunkError(storage, reload, 1_000_000 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reloads).toBe(2);
  });
});
