// Browser entry: loads the lazy modules of the first match, sets up the translator with the strings the
// server embedded, then hydrates #root with the router state the HTML carries (no second fetch).
import "./styles/app.css";
import { startTransition, useEffect } from "react";
import { RouterProvider, createBrowserRouter, matchRoutes } from "react-router-dom";
import { routeNamespaces, routes, type RouteHandle } from "./routes.tsx";
import { readAppContext } from "./app-context.ts";
import { allNamespaces, createClientI18n } from "./runtime/i18n.ts";
import type { RouteObject } from "react-router-dom";
import { AppProviders, createAppStore } from "./providers.tsx";
import { preloadIslands, preloadIslandsInTurn } from "./runtime/island.tsx";
import { afterIdle, yieldToMain } from "./runtime/idle.ts";
import { handleLinkClicks } from "./runtime/link-navigation.ts";
import { guardedImport, isChunkLoadError, trackNavigationTarget } from "./runtime/chunk-reload.ts";

/** Marks the document once React has committed the hydrated tree (browser tests wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

async function start() {
  // Evaluating the entry's modules is a task of its own: reading the page's data and matching its routes
  // (React Router ranks the whole route table on its first call, compiling its code as it goes) come next.
  await yieldToMain();
  const app = readAppContext();
  // Its own small chunk, fetched beside the route modules: no part of any page's first-load budget.
  void import("./runtime/remember-language.ts").then(({ rememberLanguage }) => rememberLanguage(app.language));
  const i18n = createClientI18n(app.language, app.resources);
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => typeof match.route.lazy === "function") ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const load = match.route.lazy as () => Promise<Record<string, unknown>>;
      const module = await load();
      Object.assign(match.route, { ...module, lazy: undefined });
    }),
  );
  // Startup is several tasks, not one: evaluating the page's route modules, creating the router (which reads
  // sessionStorage, a synchronous round trip to the browser process on first use) and starting hydration each
  // yield to the browser, so a phone's main thread is never blocked by their sum
  // (docs/decisions/009-startup-in-short-tasks.md).
  await yieldToMain();
  // The HTML carried only the UI strings this page used: the others load once the browser is idle after
  // hydration (not competing with it), or at once when the visitor navigates first; a client navigation
  // waits for them with its route module, so no page ever shows a missing string.
  // Namespaces only some pages use come with those pages' modules instead (RouteHandle.namespaces), except
  // this page's own: a navigation within it (a new search) does not load its module again.
  const onDemand = routeNamespaces(routes);
  const pageOwn = new Set(lazyMatches.flatMap((match) => (match.route.handle as RouteHandle | undefined)?.namespaces ?? []));
  const missing = allNamespaces(app.language).filter((namespace) => !(namespace in app.resources) && (!onDemand.has(namespace) || pageOwn.has(namespace)));
  let strings: Promise<void> | undefined;
  // A failed load must not block navigation: useTranslation (client/runtime/i18n-react.tsx) still loads a namespace a component asks for.
  const loadStrings = () => (strings ??= i18n.loadNamespaces(missing).then(() => undefined));
  const gate = (route: RouteObject) => {
    const lazy = route.lazy;
    // A navigation also waits for the islands of the page it opens, so it never renders their fallback; a
    // failed island chunk is a failed chunk like the route's own (client/runtime/chunk-reload.ts).
    if (typeof lazy === "function") {
      const own = (route.handle as RouteHandle | undefined)?.namespaces;
      const ownStrings = () => (own ? i18n.loadNamespaces(own).then(() => undefined) : undefined);
      route.lazy = guardedImport(
        async () =>
          (
            await Promise.all([
              lazy().then(async (module) => {
                await preloadIslands();
                return module;
              }),
              loadStrings(),
              ownStrings(),
            ])
          )[0],
      ) as never;
    }
    route.children?.forEach(gate);
  };
  routes.forEach(gate);
  const router = createBrowserRouter(routes);
  // A chunk that fails during a navigation sends the browser to where the visitor was going.
  trackNavigationTarget(() => {
    const { location } = router.state.navigation;
    return location ? router.createHref(location) : null;
  });
  // The site's links are plain anchors (client/components/link.tsx): their clicks reach the router here.
  handleLinkClicks(router);
  const store = createAppStore(app);
  // React DOM's renderer is set up (its module body run) only now, in a task of its own, not while the
  // entry's modules are evaluated: the same file, already loaded, just its start moved out of the first task.
  const { hydrateRoot } = await import("react-dom/client");
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document.getElementById("root")!,
      <AppProviders i18n={i18n} store={store}>
        <RouterProvider router={router} />
        <HydrationMarker />
      </AppProviders>,
    );
  });
  // The islands load while the rest of the page hydrates; each hydrates when its chunk arrives.
  void preloadIslandsInTurn();
  // One namespace per idle period: loading and evaluating them all at once was one long task after load.
  whenIdle(async function next() {
    const namespace = missing.find((candidate) => !i18n.hasLoadedNamespace(candidate));
    if (strings || !namespace) return void loadStrings();
    await i18n.loadNamespaces(namespace);
    afterIdle(() => void next(), 5000);
  });
}

/** After the page has loaded and the main thread is free. */
function whenIdle(task: () => void) {
  const schedule = () => void afterIdle(task, 5000);
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
}

start().catch((error: unknown) => {
  // The page's own chunks failed and the guard allows no reload now: the server's page stays as it is,
  // whole, with plain links (a broken deploy must not loop). Anything else is a real failure.
  if (!isChunkLoadError(error)) throw error;
  console.warn("the page's scripts could not load; it stays as the server sent it", error);
});
