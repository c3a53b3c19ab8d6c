// The chunk-reload guard and the guarded import: what a failed chunk does in a navigation, at a page's start
// and where the browser refuses storage (the browser test, test/e2e/chunk-reload.test.ts, drives it for real).
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_INTERVAL_MS,
  guardedImport,
  isChunkLoadError,
  loadTargetForChunkError,
  reloadForChunkError,
  trackNavigationTarget,
} from "../../client/runtime/chunk-reload.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("the chunk-reload guard", () => {
  it("recognises the browsers' chunk failures", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
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

  it("always loads a navigation's target, and keeps the page it opens from reloading itself within 60 s", () => {
    const storage = memoryStorage();
    const visited: string[] = [];
    loadTargetForChunkError(storage, "/en/about/us", (url) => visited.push(url), 1_000_000);
    loadTargetForChunkError(storage, "/en/news", (url) => visited.push(url), 1_000_000 + 10);
    expect(visited).toEqual(["/en/about/us", "/en/news"]);
    expect(reloadForChunkError(storage, () => {}, 1_000_000 + 20)).toBe(false);
  });
});

describe("a guarded import in the browser", () => {
  const location = { assign: vi.fn(), reload: vi.fn() };
  const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/page.js");
  const settled = (promise: Promise<unknown>) =>
    Promise.race([
      promise.then(
        () => "resolved",
        () => "rejected",
      ),
      new Promise((resolve) => setTimeout(() => resolve("pending"), 20)),
    ]);

  afterEach(() => {
    vi.unstubAllGlobals();
    location.assign.mockReset();
    location.reload.mockReset();
    trackNavigationTarget(() => null);
  });

  it("sends a failed navigation to its target and keeps the current page meanwhile", async () => {
    const sessionStorage = memoryStorage();
    vi.stubGlobal("window", { sessionStorage, location, name: "" });
    trackNavigationTarget(() => "/en/about/us?tab=1");
    const load = guardedImport(() => Promise.reject(chunkError));
    expect(await settled(load())).toBe("pending");
    // A second failure within 60 s, in another document navigating there: still the target.
    vi.stubGlobal("window", { sessionStorage, location: { ...location, pathname: "/en/news", search: "", hash: "" }, name: "" });
    expect(await settled(load())).toBe("pending");
    expect(location.assign.mock.calls).toEqual([["/en/about/us?tab=1"], ["/en/about/us?tab=1"]]);
    // In the document the first one opened, whose own start fails too: loading itself again would be a reload
    // within 60 s, so the guard lets the error through and the server's page stays.
    vi.stubGlobal("window", { sessionStorage, location: { ...location, pathname: "/en/about/us", search: "?tab=1", hash: "" }, name: "" });
    expect(await settled(load())).toBe("rejected");
    expect(location.assign.mock.calls).toHaveLength(2);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("loads the target once when several chunks of one navigation fail (the route module and an island)", async () => {
    vi.stubGlobal("window", { sessionStorage: memoryStorage(), location, name: "" });
    trackNavigationTarget(() => "/en/about/us");
    const routeModule = guardedImport(() => Promise.reject(chunkError));
    const island = guardedImport(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/footer.js")));
    expect(await settled(Promise.all([routeModule(), island()]))).toBe("pending");
    // A later failure while that document is on its way: a second assign would restart its load.
    expect(await settled(routeModule())).toBe("pending");
    expect(location.assign.mock.calls).toEqual([["/en/about/us"]]);
    // A click elsewhere before that document arrives still goes where it was asked to.
    trackNavigationTarget(() => "/en/news");
    expect(await settled(routeModule())).toBe("pending");
    expect(location.assign.mock.calls).toEqual([["/en/about/us"], ["/en/news"]]);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("reloads a page whose start failed once, then lets the error through", async () => {
    vi.stubGlobal("window", { sessionStorage: memoryStorage(), location, name: "" });
    const load = guardedImport(() => Promise.reject(chunkError));
    expect(await settled(load())).toBe("pending");
    expect(await settled(load())).toBe("rejected");
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("keeps the target from reloading itself when its sessionStorage has not caught up: the window's name carries the guard", async () => {
    const leaving = { sessionStorage: memoryStorage(), location, name: "" };
    vi.stubGlobal("window", leaving);
    trackNavigationTarget(() => "/en/about/us");
    expect(await settled(guardedImport(() => Promise.reject(chunkError))())).toBe("pending");
    expect(location.assign.mock.calls).toEqual([["/en/about/us"]]);
    // The target's document, started in another renderer process before the storage write reached it: an
    // empty sessionStorage, the name the navigation carried.
    trackNavigationTarget(() => null);
    vi.stubGlobal("window", { sessionStorage: memoryStorage(), location, name: leaving.name });
    expect(await settled(guardedImport(() => Promise.reject(chunkError))())).toBe("rejected");
    expect(location.reload).not.toHaveBeenCalled();
  });

  it("leaves a name the tab had for another reason as it was", async () => {
    const window = { sessionStorage: memoryStorage(), location, name: "checkout" };
    vi.stubGlobal("window", window);
    trackNavigationTarget(() => "/en/news");
    expect(await settled(guardedImport(() => Promise.reject(chunkError))())).toBe("pending");
    expect(window.name).toBe("checkout");
  });

  it("leaves other errors alone", async () => {
    vi.stubGlobal("window", { sessionStorage: memoryStorage(), location, name: "" });
    trackNavigationTarget(() => "/en/news");
    await expect(guardedImport(() => Promise.reject(new Error("a bug")))()).rejects.toThrow("a bug");
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe("a guarded import where the browser refuses storage", () => {
  it("makes no reload, since nothing would stop the next one", async () => {
    const location = { assign: vi.fn(), reload: vi.fn() };
    const blocked = {
      location,
      get sessionStorage(): Storage {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    };
    vi.stubGlobal("window", blocked);
    try {
      const load = guardedImport(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/page.js")));
      await expect(load()).rejects.toThrow(/dynamically imported module/);
      expect(location.reload).not.toHaveBeenCalled();
      // A navigation still goes to its target: it takes a click, so it cannot loop.
      trackNavigationTarget(() => "/zh/news");
      void load();
      await vi.waitFor(() => expect(location.assign).toHaveBeenCalledWith("/zh/news"));
    } finally {
      trackNavigationTarget(() => null);
      vi.unstubAllGlobals();
    }
  });
});
