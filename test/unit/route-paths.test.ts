// The route table answers the paths shared/paths.ts writes: each builder's path, under each language, reaches the
// route meant for it (not the not-found route), and every page route is reached by some built path, so a path
// changed in one place cannot leave the other behind. And each route's module is the one its import() loads, the
// path written there only (scripts/vite-plugin-route-modules.ts reads it for the server's modulepreload list).
import { matchRoutes, type RouteObject } from "react-router-dom";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routes } from "../../client/routes.tsx";
import { languages, localizePath } from "../../shared/languages.ts";
import {
  aboutPath,
  aboutUsPath,
  applicationsPath,
  categoryPath,
  clausePath,
  comparePath,
  contactUsPath,
  crossReferencePath,
  documentsPath,
  estimatorMethodPath,
  jobsTypePath,
  loginPath,
  newsDetailPath,
  newsListPath,
  noticeDetailPath,
  noticesPath,
  orderDetailPath,
  positionDetailPath,
  privacyPath,
  productDetailPath,
  productsPath,
  reliabilityPath,
  samplePolicyPath,
  searchPath,
  sectionPagePath,
  servicePath,
  supportPagePath,
  supportPath,
  unsubscribePath,
  userPagePath,
} from "../../shared/paths.ts";
import { documentDetailPath, documentRevisionPagePath } from "../../shared/document-paths.ts";
import { modelValidationPagePath } from "../../shared/model-validation-path.ts";
import { datasheetPagePath } from "../../shared/datasheet-path.ts";
import { emailWatchPaths } from "../../shared/email-watch-paths.ts";

/** Each built path and the route (id without its language) that must answer it. */
const built: [string, string][] = [
  ["/", "index"],
  [searchPath, "search"],
  [supportPath, "support"],
  [documentsPath, "support"],
  [supportPagePath("faq"), "support"],
  [noticesPath, "support-notices"],
  [noticeDetailPath("PCN-2026-001"), "support-notices-detail"],
  [productsPath, "productAndService-products"],
  [categoryPath(12), "productAndService-products"],
  [productDetailPath("QY1200M40A"), "productAndService-productDetail"],
  [productDetailPath("A/B #1"), "productAndService-productDetail"],
  [comparePath(), "productAndService-compare"],
  [crossReferencePath, "productAndService-crossReference"],
  [estimatorMethodPath, "productAndService-estimatorMethod"],
  [servicePath("customDevice"), "productAndService-service"],
  [servicePath("customModule"), "productAndService-service"],
  [servicePath("customDriving"), "productAndService-customDriving"],
  [newsListPath({ category: null, page: 1 }), "news"],
  [newsListPath({ category: "company", page: 1 }), "news-category"],
  [newsListPath({ category: "company", page: 3 }), "news-category"],
  [newsDetailPath(7), "news-newsDetail"],
  [clausePath, "clause"],
  [privacyPath, "privacy"],
  [aboutPath, "about-overview"],
  [aboutUsPath, "about-us"],
  [contactUsPath, "about-contactUs"],
  [samplePolicyPath, "about-sample"],
  [jobsTypePath(null), "about-joinUs"],
  [jobsTypePath("engineering"), "about-joinUs"],
  [positionDetailPath(3), "about-joinUs-positionDetail"],
  [reliabilityPath, "reliability-overview"],
  [sectionPagePath(reliabilityPath, "certifications"), "reliability"],
  [applicationsPath, "applications-overview"],
  [sectionPagePath(applicationsPath, "ev"), "applications"],
  [userPagePath("sampleList"), "user-sampleList"],
  [userPagePath("sampleProgress"), "user-sampleProgress"],
  [orderDetailPath("QY20260101-0001"), "user-orderDetail"],
  [userPagePath("account"), "user-account"],
  [userPagePath("watches"), "user-watches"],
  [unsubscribePath, "unsubscribe"],
  [emailWatchPaths.subscribe, "subscribe"],
  [emailWatchPaths.confirm, "subscribe"],
  [emailWatchPaths.manage, "subscribe"],
  [documentDetailPath("ds-qcm040120k4"), "support"],
  [documentRevisionPagePath("ds-qcm040120k4", "1.0"), "support"],
  [modelValidationPagePath("QCM040120K4"), "support"],
  [datasheetPagePath("QCM040120K4"), "productAndService-productDetail"],
  [loginPath(), "login"],
];

function pageIds(routeList: readonly RouteObject[]): string[] {
  return routeList.flatMap((route) => [...(route.handle && route.id ? [route.id] : []), ...pageIds(route.children ?? [])]);
}

describe("the route table and the site's paths", () => {
  for (const language of languages) {
    it(`answers every built path under /${language} with the route meant for it`, () => {
      for (const [path, id] of built) {
        const pathname = localizePath(path, language).split("?")[0]!;
        const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.id;
        expect(leaf, pathname).toBe(`${id}___${language}`);
      }
    });
  }

  it("reaches every page route from some built path", () => {
    const reached = new Set(languages.flatMap((language) => built.map(([, id]) => `${id}___${language}`)));
    const unreached = pageIds(routes).filter((id) => id.startsWith("layout___") === false && !reached.has(id));
    expect(unreached).toEqual([]);
  });
});

describe("each route's module, written once in its import()", () => {
  const table = readFileSync(path.join(import.meta.dirname, "../../client/routes.tsx"), "utf8");

  /** Every route with a lazy module, with the module its handle names for the server's modulepreload list. */
  function lazyRoutes(routeList: readonly RouteObject[]): Array<{ id: string | undefined; module: string | undefined }> {
    const found: Array<{ id: string | undefined; module: string | undefined }> = [];
    const walk = (route: RouteObject) => {
      if (route.lazy) found.push({ id: route.id, module: (route.handle as { module?: string } | undefined)?.module });
      route.children?.forEach(walk);
    };
    routeList.forEach(walk);
    return found;
  }

  it("gives every lazy route its module, read by the build from the import() (scripts/vite-plugin-route-modules.ts)", () => {
    const found = lazyRoutes(routes);
    expect(found.length).toBeGreaterThan(50);
    expect(found.filter((route) => !route.module)).toEqual([]);
  });

  it("carries exactly the page and layout modules the table imports, and writes no path as a string", () => {
    const imported = new Set([...table.matchAll(/import\("\.\/((?:pages|layouts)\/[^"]+)"\)/g)].map((match) => `client/${match[1]}`));
    expect(new Set(lazyRoutes(routes).map((route) => route.module))).toEqual(imported);
    // A path written again as a string (the way the table used to name each module twice) would be a second copy.
    const strings = [...table.matchAll(/"((?:client\/)?(?:pages\/)?[a-z-]+\/[a-z-]+\.tsx)"/g)].map((match) => match[1]);
    expect(strings).toEqual([]);
  });

  it("ties each route to its own module: the home page to home.tsx, the finder to products.tsx, a content page to content-page.tsx", () => {
    const byId = new Map(lazyRoutes(routes).map((route) => [route.id, route.module]));
    expect(byId.get("index___en")).toBe("client/pages/home/home.tsx");
    expect(byId.get("productAndService-products___zh")).toBe("client/pages/products/products.tsx");
    expect(byId.get("privacy___en")).toBe("client/pages/content/content-page.tsx");
    expect(byId.get("about-overview___zh")).toBe("client/pages/about/section-overview.tsx");
    expect(byId.get("layout___en")).toBe("client/layouts/default-layout.tsx");
    expect(byId.get("login___zh")).toBe("client/pages/login/login.tsx");
  });
});
