// A failed dynamic import (a deploy replaced the chunks this page knows) never leaves a blank or broken
// page. During a navigation the browser loads its target as a document (the server renders it whole with
// the new chunks), so the click is not lost; at startup the page reloads once, at most once per 60 s, and
// after that the server's page stays as it is (whole, its links plain links), so a broken deploy cannot loop.
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const storageKey = "qy-chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk \S+ failed|Unable to preload CSS/i.test(
    message,
  );
}

type GuardStorage = Pick<Storage, "getItem" | "setItem">;

/** Reloads at most once per interval; returns whether it reloaded. */
export function reloadForChunkError(storage: GuardStorage, reload: () => void, now: number = Date.now()): boolean {
  const last = Number(storage.getItem(storageKey) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(storageKey, String(now));
  reload();
  return true;
}

/**
 * A navigation's failure: the target loads as a document whatever the guard says (the visitor asked for it,
 * and it takes a click to come back here, so it cannot loop). The time is noted all the same: if the
 * target's own start fails too, the guard keeps that page from reloading itself.
 */
export function loadTargetForChunkError(storage: GuardStorage, target: string, assign: (url: string) => void, now: number = Date.now()): void {
  storage.setItem(storageKey, String(now));
  assign(target);
}

/**
 * The guard lives in sessionStorage because it must outlive the reload, and in the window's name too: a
 * sessionStorage write reaches the next document through the browser process, and a document started in
 * another renderer process (as a navigation may be) can read before it arrives, while the name travels with
 * the navigation itself. The later of the two counts. Where the browser refuses storage, nothing could tell
 * the next document that a reload was just made: the guard then allows none (no loop).
 */
function guardStorage(): GuardStorage {
  let storage: Storage;
  try {
    storage = window.sessionStorage;
    storage.setItem(`${storageKey}-probe`, "1");
  } catch {
    return { getItem: () => String(Date.now()), setItem: () => {} };
  }
  const namePrefix = `${storageKey}=`;
  return {
    getItem: (key) => {
      const named = window.name.startsWith(namePrefix) ? Number(window.name.slice(namePrefix.length)) : 0;
      const stored = Number(storage.getItem(key) ?? 0);
      return String(Math.max(Number.isFinite(named) ? named : 0, Number.isFinite(stored) ? stored : 0));
    },
    setItem: (key, value) => {
      storage.setItem(key, value);
      // Only the site's own mark is replaced: a name a visitor's tab had for another reason is left alone.
      if (window.name === "" || window.name.startsWith(namePrefix)) window.name = `${namePrefix}${value}`;
    },
  };
}

/** The URL (path, query, hash) of the navigation under way, or null: set by the browser entry. */
let navigationTarget: () => string | null = () => null;

export function trackNavigationTarget(read: () => string | null): void {
  navigationTarget = read;
}

/**
 * The target each document is already on its way to. Several chunks of one navigation can fail together
 * (the route module, an island, a namespace); a second `location.assign` of the same target would start its
 * load over, so a document assigns each target once (a click elsewhere meanwhile still goes there). Keyed by
 * the window, which is one per document (and one per stubbed window in the unit tests).
 */
const leavingFor = new WeakMap<object, string>();

/**
 * Wraps a lazy import so a chunk failure loads the navigation's target (or reloads the page) before the
 * error surfaces. While the browser leaves, the import never settles: the router keeps showing the current
 * page instead of rendering an error for the moment before the new document arrives.
 */
export function guardedImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof window === "undefined" || !isChunkLoadError(error)) throw error;
      const target = navigationTarget();
      // A "navigation" to where this document already is would only load it again: that is a reload, and the
      // reload guard decides (a document started by a failed navigation must not assign itself once more).
      const { pathname, search, hash } = window.location;
      if (target !== null && target !== pathname + search + hash) {
        if (leavingFor.get(window) !== target) {
          leavingFor.set(window, target);
          loadTargetForChunkError(guardStorage(), target, (url) => window.location.assign(url));
        }
        return new Promise<never>(() => {});
      }
      if (reloadForChunkError(guardStorage(), () => window.location.reload())) return new Promise<never>(() => {});
      throw error;
    });
}
