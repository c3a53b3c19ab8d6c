// Browser entry: loads the lazy modules of the first match, initialises i18next with the strings the
// server embedded, then hydrates #root with the router state the HTML carries (no second fetch).
import "./styles/app.css";
import { useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterProvider, createBrowserRouter, matchRoutes } from "react-router-dom";
import { routes } from "./routes.tsx";
import { readAppContext } from "./app-context.ts";
import { createClientI18n } from "./i18n.ts";
import { AppProviders, createAppStore } from "./providers.tsx";

/** Marks the document once React has committed the hydrated tree (browser tests wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

async function start() {
  const app = readAppContext();
  const i18n = createClientI18n(app.language, app.resources);
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => typeof match.route.lazy === "function") ?? [];
  await Promise.all(
    lazyMatches.map(async (match) => {
      const load = match.route.lazy as () => Promise<Record<string, unknown>>;
      const module = await load();
      Object.assign(match.route, { ...module, lazy: undefined });
    }),
  );
  const router = createBrowserRouter(routes);
  const store = createAppStore(app);
  hydrateRoot(
    document.getElementById("root")!,
    <AppProviders i18n={i18n} store={store}>
      <RouterProvider router={router} />
      <HydrationMarker />
    </AppProviders>,
  );
}

void start();
