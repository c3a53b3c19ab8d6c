// The one route table, shared by the server's static handler and the browser router. Every page
// exists under /zh and /en; route ids end with ___zh or ___en (SPEC §2).
// The paths are literals, tied to the builders of shared/paths.ts by test/unit/route-paths.test.ts (every built path
// reaches its route, every route is reached): this table is in every page's first-load JS, and deriving them from
// the builders cost 0.2 KB gzip that the finder's budget does not have.
import { data, type LoaderFunctionArgs, type RouteObject } from "react-router-dom";
import { languages, type Language } from "../shared/languages.ts";
import { guardedImport } from "./runtime/chunk-reload.ts";
import { layoutLoader, shouldRevalidateLayout } from "./layouts/layout-data.ts";
import type { PageKey } from "./pages/content/content-loader.ts";
import type { OverviewSection } from "./pages/about/overview-loader.ts";
import { NotFoundPage, RouteErrorBoundary } from "./components/error-page.tsx";
import { RootErrorBoundary, RootRoute } from "./layouts/root.tsx";
import { applicationsPath, reliabilityPath, sectionPagePath } from "../shared/paths.ts";

export interface RouteHandle {
  /** Source module of the route, for modulepreload links in the server's HTML. */
  module?: string;
  /** UI-string namespaces only some pages use: loaded with these routes' modules, not after every page's load. */
  namespaces?: readonly string[];
}

/** The namespaces some route loads with its module (the browser does not load them after hydration). */
export function routeNamespaces(routeList: readonly RouteObject[]): Set<string> {
  const found = new Set<string>();
  const walk = (route: RouteObject) => {
    for (const namespace of (route.handle as RouteHandle | undefined)?.namespaces ?? []) found.add(namespace);
    route.children?.forEach(walk);
  };
  routeList.forEach(walk);
  return found;
}

/** A route module's loader; everywhere but the browser the build tags it with the module's path (below). */
type RouteLoad = (() => Promise<Partial<RouteObject>>) & { module?: string };

/**
 * A lazily loaded route: its loader, guarded against stale chunks, and the handle naming its module for the server's
 * modulepreload links. The path is written once, in the loader's import(): scripts/vite-plugin-route-modules.ts reads
 * it there and tags the loader; the browser's build does not (it never reads the path).
 */
function lazyRoute(load: RouteLoad, namespaces?: readonly string[]): Pick<RouteObject, "lazy" | "handle"> {
  const handle: RouteHandle = { ...(load.module ? { module: load.module } : {}), ...(namespaces ? { namespaces } : {}) };
  return { lazy: guardedImport(load) as never, handle };
}

function page(
  language: Language,
  name: string,
  route: Omit<RouteObject, "id" | "children" | "index" | "lazy"> & { index?: boolean },
  load: RouteLoad,
  namespaces?: readonly string[],
): RouteObject {
  const { index, ...rest } = route;
  const base = { ...rest, id: `${name}___${language}`, ErrorBoundary: RouteErrorBoundary, ...lazyRoute(load, namespaces) };
  return index ? { ...base, index: true } : base;
}

const loadContent = () => import("./pages/content/content-page.tsx");
const loadOverview = () => import("./pages/about/section-overview.tsx");

/** A route parameter that may name a content page: lowercase words joined by dashes. */
function slug(value: string | undefined, fallback: string): string | null {
  const name = value ?? fallback;
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name) ? name : null;
}

/**
 * The finder's module; a first load of a URL with an operating point also waits for the estimate columns, which
 * the server rendered (client/features/estimator/finder-estimate-columns.ts), so hydration matches.
 */
const loadFinder = () =>
  Promise.all([
    import("./pages/products/products.tsx"),
    typeof window !== "undefined" && /[?&]op=/.test(window.location.search)
      ? import("./features/estimator/finder-estimate-columns.ts").then((module) => module.loadEstimateColumns())
      : null,
  ]).then(([module]) => module);

function languageRoutes(language: Language): RouteObject {
  // The loaders of content pages and overviews come with their page's module, like every other page's:
  // the first load of a page does not need them (the HTML carries its data), so the entry does not carry them.
  const content = (name: string, path: string, key: (params: LoaderFunctionArgs["params"]) => PageKey | null) =>
    page(language, name, { path }, () => loadContent().then(({ Component, contentLoader }) => ({ Component, loader: contentLoader(language, key) })));
  const overview = (section: OverviewSection) =>
    page(language, `${section}-overview`, { path: section }, () =>
      loadOverview().then(({ Component, overviewLoader }) => ({ Component, loader: overviewLoader(language, section) })),
    );
  return {
    id: `layout___${language}`,
    path: language,
    loader: layoutLoader(language),
    shouldRevalidate: shouldRevalidateLayout,
    ...lazyRoute(() => import("./layouts/default-layout.tsx")),
    ErrorBoundary: RootErrorBoundary,
    children: [
      page(language, "index", { index: true }, () => import("./pages/home/home.tsx")),
      // The search page shows a competitor part number's cross-reference block.
      page(language, "search", { path: "search" }, () => import("./pages/search/search.tsx"), ["cross-reference"]),
      // Also a document's page and its revisions' (support/documents/:id[/rev/:revision], support-loader.ts): one
      // route, because the finder's first load carries the route table and has no byte to spare.
      // Its model validation pages (support/models/:part) have their strings apart ("models"), so the pages that use
      // the support strings (the product page's notices) do not carry them.
      page(language, "support", { path: "support/*" }, () => import("./pages/support/support.tsx"), ["models"]),
      page(language, "support-notices", { path: "support/notices" }, () => import("./pages/support/notices.tsx")),
      page(language, "support-notices-detail", { path: "support/notices/:number" }, () => import("./pages/support/notice-detail.tsx")),
      page(language, "productAndService-products", { path: "productAndService/products/:id?" }, loadFinder),
      // Also a part's HTML datasheet (:view "datasheet", datasheet.tsx): a view of the same route, so its code shares what the product page loads.
      page(language, "productAndService-productDetail", { path: "productAndService/productDetail/:name/:view?" }, () => import("./pages/products/product-detail.tsx")),
      page(language, "productAndService-compare", { path: "productAndService/compare" }, () => import("./pages/products/compare.tsx")),
      page(language, "productAndService-crossReference", { path: "productAndService/crossReference" }, () => import("./pages/products/cross-reference.tsx"), [
        "cross-reference",
      ]),
      page(language, "productAndService-estimatorMethod", { path: "productAndService/estimator/method" }, () => import("./pages/products/estimator-method.tsx")),
      page(language, "productAndService-service", { path: "productAndService/service/:name" }, () => import("./pages/products/service-page.tsx")),
      page(language, "productAndService-customDriving", { path: "productAndService/customDriving/:name?" }, () => import("./pages/products/service-page.tsx")),
      page(language, "news", { path: "news" }, () => import("./pages/news/news-list.tsx")),
      page(language, "news-category", { path: "news/:category/:pageIndex?" }, () => import("./pages/news/news-list.tsx")),
      page(language, "news-newsDetail", { path: "news/newsDetail/:id" }, () => import("./pages/news/news-detail.tsx")),
      content("clause", "clause", () => ({ templateCode: "clause" })),
      content("privacy", "privacy", () => ({ templateCode: "privacy" })),
      overview("about"),
      content("about-us", "about/us", () => ({ templateCode: "about-us" })),
      page(language, "about-contactUs", { path: "about/contactUs" }, () => import("./pages/about/contact-us.tsx")),
      content("about-sample", "about/sample", () => ({ templateCode: "sample" })),
      page(language, "about-joinUs", { path: "about/joinUs/:name?" }, () => import("./pages/about/join-us.tsx")),
      page(language, "about-joinUs-positionDetail", { path: "about/joinUs/positionDetail/:id" }, () => import("./pages/about/position-detail.tsx")),
      // Sections with several pages: the page is the one whose URL this is; the bare section is an overview of them.
      overview("reliability"),
      content("reliability", "reliability/:name", (params) => {
        const name = slug(params.name, "");
        return name ? { url: sectionPagePath(reliabilityPath, name) } : null;
      }),
      overview("applications"),
      content("applications", "applications/:name", (params) => {
        const name = slug(params.name, "");
        return name ? { url: sectionPagePath(applicationsPath, name) } : null;
      }),
      // Signed-in pages: each loader redirects a visitor without a session to the login page.
      page(language, "user-sampleList", { path: "user/sampleList" }, () => import("./pages/user/sample-list.tsx")),
      page(language, "user-sampleProgress", { path: "user/sampleProgress" }, () => import("./pages/user/sample-progress.tsx")),
      page(language, "user-orderDetail", { path: "user/orderDetail/:name?" }, () => import("./pages/user/order-detail.tsx")),
      page(language, "user-account", { path: "user/account" }, () => import("./pages/user/account.tsx")),
      page(language, "user-watches", { path: "user/watches" }, () => import("./pages/user/watches.tsx"), ["watches"]),
      // The unsubscribe link of a notice e-mail: no session needed (docs/decisions/034-part-watches-and-notice-mail.md).
      page(language, "unsubscribe", { path: "unsubscribe" }, () => import("./pages/support/unsubscribe.tsx"), ["watches"]),
      // Subscribing by e-mail without an account: the form, the confirmation link's page and the mailbox's manage
      // page, one route (one entry in the table every first load carries).
      page(language, "subscribe", { path: "subscribe/:step?" }, () => import("./pages/support/subscribe.tsx"), ["watches"]),
      {
        id: `notFound___${language}`,
        path: "*",
        loader: () => {
          throw data(null, { status: 404 });
        },
        // Never reached (the loader throws), but a leaf route without a component makes the router warn.
        Component: NotFoundPage,
        ErrorBoundary: RouteErrorBoundary,
      },
    ],
  };
}

function loginRoute(language: Language): RouteObject {
  return page(language, "login", { path: `${language}/login` }, () => import("./pages/login/login.tsx"));
}

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootRoute,
    ErrorBoundary: RootErrorBoundary,
    // The login page has its own layout (SPEC §2), so it sits beside the default layout, not inside it.
    children: [...languages.map(languageRoutes), ...languages.map(loginRoute)],
  },
];
