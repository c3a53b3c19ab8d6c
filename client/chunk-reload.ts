// A failed dynamic import (a deploy replaced the chunks this page knows) reloads the page once;
// a second failure within 60 s is left to the error page so a broken deploy cannot loop.
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const storageKey = "qy-chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Loading chunk \S+ failed/i.test(
    message,
  );
}

/** Reloads at most once per interval; returns whether it reloaded. */
export function reloadForChunkError(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(storageKey) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(storageKey, String(now));
  reload();
  return true;
}

/** Wraps a lazy import so a chunk failure triggers the guarded reload before the error surfaces. */
export function guardedImport<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (typeof window !== "undefined" && isChunkLoadError(error)) {
        reloadForChunkError(window.sessionStorage, () => window.location.reload());
      }
      throw error;
    });
}
