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

function page(
  language: Language,
  name: string,
  route: Omit<RouteObject, "id" | "children" | "index" | "lazy"> & { index?: boolean },
  module: string,
  load: () => Promise<Partial<RouteObject>>,
  namespaces?: readonly string[],
): RouteObject {
  const { index, ...rest } = route;
  // `module` is under client/pages/, where every page module lives: the prefix is not repeated in every page's first-load JS.
  const source = `client/pages/${module}`;
  const handle: RouteHandle = namespaces ? { module: source, namespaces } : { module: source };
  const base = { ...rest, id: `${name}___${language}`, ErrorBoundary: RouteErrorBoundary, handle };
  const lazy = guardedImport(load) as never;
  return index ? { ...base, index: true, lazy } : { ...base, lazy };
}

const contentModule = "content/content-page.tsx";
const loadContent = () => import("./pages/content/content-page.tsx");
const overviewModule = "about/section-overview.tsx";
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
    page(language, name, { path }, contentModule, () => loadContent().then(({ Component, contentLoader }) => ({ Component, loader: contentLoader(language, key) })));
  const overview = (section: OverviewSection) =>
    page(language, `${section}-overview`, { path: section }, overviewModule, () =>
      loadOverview().then(({ Component, overviewLoader }) => ({ Component, loader: overviewLoader(language, section) })),
    );
  return {
    id: `layout___${language}`,
    path: language,
    loader: layoutLoader(language),
    shouldRevalidate: shouldRevalidateLayout,
    lazy: guardedImport(() => import("./layouts/default-layout.tsx")) as never,
    handle: { module: "client/layouts/default-layout.tsx" } satisfies RouteHandle,
    ErrorBoundary: RootErrorBoundary,
    children: [
      page(language, "index", { index: true }, "home/home.tsx", () => import("./pages/home/home.tsx")),
      // The search page shows a competitor part number's cross-reference block.
      page(language, "search", { path: "search" }, "search/search.tsx", () => import("./pages/search/search.tsx"), ["cross-reference"]),
      // Also a document's page and its revisions' (support/documents/:id[/rev/:revision], support-loader.ts): one
      // route, because the finder's first load carries the route table and has no byte to spare.
      // Its model validation pages (support/models/:part) have their strings apart ("models"), so the pages that use
      // the support strings (the product page's notices) do not carry them.
      page(language, "support", { path: "support/*" }, "support/support.tsx", () => import("./pages/support/support.tsx"), ["models"]),
      page(language, "support-notices", { path: "support/notices" }, "support/notices.tsx", () => import("./pages/support/notices.tsx")),
      page(language, "support-notices-detail", { path: "support/notices/:number" }, "support/notice-detail.tsx", () => import("./pages/support/notice-detail.tsx")),
      page(language, "productAndService-products", { path: "productAndService/products/:id?" }, "products/products.tsx", loadFinder),
      page(
        language,
        "productAndService-productDetail",
        { path: "productAndService/productDetail/:name" },
        "products/product-detail.tsx",
        () => import("./pages/products/product-detail.tsx"),
      ),
      page(language, "productAndService-compare", { path: "productAndService/compare" }, "products/compare.tsx", () => import("./pages/products/compare.tsx")),
      page(
        language,
        "productAndService-crossReference",
        { path: "productAndService/crossReference" },
        "products/cross-reference.tsx",
        () => import("./pages/products/cross-reference.tsx"),
        ["cross-reference"],
      ),
      page(
        language,
        "productAndService-estimatorMethod",
        { path: "productAndService/estimator/method" },
        "products/estimator-method.tsx",
        () => import("./pages/products/estimator-method.tsx"),
      ),
      page(
        language,
        "productAndService-service",
        { path: "productAndService/service/:name" },
        "products/service-page.tsx",
        () => import("./pages/products/service-page.tsx"),
      ),
      page(
        language,
        "productAndService-customDriving",
        { path: "productAndService/customDriving/:name?" },
        "products/service-page.tsx",
        () => import("./pages/products/service-page.tsx"),
      ),
      page(language, "news", { path: "news" }, "news/news-list.tsx", () => import("./pages/news/news-list.tsx")),
      page(language, "news-category", { path: "news/:category/:pageIndex?" }, "news/news-list.tsx", () => import("./pages/news/news-list.tsx")),
      page(language, "news-newsDetail", { path: "news/newsDetail/:id" }, "news/news-detail.tsx", () => import("./pages/news/news-detail.tsx")),
      content("clause", "clause", () => ({ templateCode: "clause" })),
      content("privacy", "privacy", () => ({ templateCode: "privacy" })),
      overview("about"),
      content("about-us", "about/us", () => ({ templateCode: "about-us" })),
      page(language, "about-contactUs", { path: "about/contactUs" }, "about/contact-us.tsx", () => import("./pages/about/contact-us.tsx")),
      content("about-sample", "about/sample", () => ({ templateCode: "sample" })),
      page(language, "about-joinUs", { path: "about/joinUs/:name?" }, "about/join-us.tsx", () => import("./pages/about/join-us.tsx")),
      page(
        language,
        "about-joinUs-positionDetail",
        { path: "about/joinUs/positionDetail/:id" },
        "about/position-detail.tsx",
        () => import("./pages/about/position-detail.tsx"),
      ),
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
      page(language, "user-sampleList", { path: "user/sampleList" }, "user/sample-list.tsx", () => import("./pages/user/sample-list.tsx")),
      page(language, "user-sampleProgress", { path: "user/sampleProgress" }, "user/sample-progress.tsx", () => import("./pages/user/sample-progress.tsx")),
      page(language, "user-orderDetail", { path: "user/orderDetail/:name?" }, "user/order-detail.tsx", () => import("./pages/user/order-detail.tsx")),
      page(language, "user-account", { path: "user/account" }, "user/account.tsx", () => import("./pages/user/account.tsx")),
      page(language, "user-watches", { path: "user/watches" }, "user/watches.tsx", () => import("./pages/user/watches.tsx"), ["watches"]),
      // The unsubscribe link of a notice e-mail: no session needed (docs/decisions/034-part-watches-and-notice-mail.md).
      page(language, "unsubscribe", { path: "unsubscribe" }, "support/unsubscribe.tsx", () => import("./pages/support/unsubscribe.tsx"), ["watches"]),
      // Subscribing by e-mail without an account: the form, the confirmation link's page and the mailbox's manage
      // page, one route (one entry in the table every first load carries).
      page(language, "subscribe", { path: "subscribe/:step?" }, "support/subscribe.tsx", () => import("./pages/support/subscribe.tsx"), ["watches"]),
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
  return page(language, "login", { path: `${language}/login` }, "login/login.tsx", () => import("./pages/login/login.tsx"));
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
