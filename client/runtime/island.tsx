// Islands: parts of a page that the server renders in full and the browser hydrates after the rest of the page,
// from a chunk of their own (docs/decisions/008-islands.md). Why: hydrating a whole document is one task that
// blocked a throttled phone's main thread for over a second (mega menus, footer, estimator), and every page paid
// for the code of its heaviest, least urgent parts before it answered a tap.
//
// How: each island is a <Suspense> boundary around a lazy component. React hydrates the rest of the page
// first, leaves the island's server HTML in place (visible, links working) while its chunk loads, then
// hydrates it at idle priority in slices that yield to the browser. The server loads every island before it
// renders (preloadIslands), so its HTML is complete and never shows a fallback; a client navigation waits
// for the islands of the next page with its route module (client/entry-client.tsx), so it never does either.
//
// Rules for an island's props: stable between renders (memoised or from loader data). A boundary that gets
// new props before its chunk has arrived would have to drop the server's HTML and render on the client.
import { Suspense, lazy, memo, type ComponentType } from "react";
import { yieldToMain } from "./idle.ts";
import { guardedImport, isChunkLoadError } from "./chunk-reload.ts";

const preloads = new Set<() => Promise<unknown>>();

export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= guardedImport(load)().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk load may be retried (the chunk-reload guard handles new deploys)
        throw error;
      },
    ));
  preloads.add(preload);
  const Lazy = lazy(() => {
    // Already loaded (always on the server): a thenable that answers at once, so React renders it without
    // suspending and the server's HTML holds the island itself, not a fallback.
    const component = loaded;
    // biome-ignore lint/suspicious/noThenProperty: the thenable is the point: React.lazy resolves it synchronously.
    if (component) return { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }) } as never;
    return preload().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        // Its chunk cannot load and the guard allows no reload now: the island's server HTML stays (visible,
        // its links working) instead of the error page taking the whole page's place.
        if (isChunkLoadError(error)) return new Promise<never>(() => {});
        throw error;
      },
    );
  });
  // biome-ignore lint/correctness/noComponentHookFactories: island() runs once per island at module level, never in a render.
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return memo(Island) as unknown as ComponentType<P>;
}

/** Loads every island whose module has been evaluated so far (those of the routes loaded until now). */
export function preloadIslands(): Promise<void> {
  return Promise.all([...preloads].map((preload) => preload())).then(() => undefined);
}

/**
 * The same at startup, one island per task: each chunk's import links its files for preload (a few
 * milliseconds of main thread each), and the page's hydration runs between them. A failed load is left to
 * the island itself, which retries when it renders.
 */
export async function preloadIslandsInTurn(): Promise<void> {
  for (const preload of [...preloads]) {
    await yieldToMain();
    preload().catch(() => undefined);
  }
}
