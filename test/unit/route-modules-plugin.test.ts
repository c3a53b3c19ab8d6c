// The build step that reads each route's module from its import() (scripts/vite-plugin-route-modules.ts): it tags a
// page()'s loader, a lazyRoute()'s and a top-level loader called inside one, ignores a loader's other imports, and
// refuses a loader that imports no route module or two, so a route cannot go without its modulepreload link.
import { describe, expect, it } from "vitest";
import { tagRouteModules } from "../../scripts/vite-plugin-route-modules.ts";

const run = (code: string) => tagRouteModules(code, "/x/client/routes.tsx").code;

describe("tagging route loaders with their module", () => {
  it("tags an inline loader with the module its import() names, keeping the rest of the call", () => {
    const out = run(`page(language, "news", { path: "news" }, () => import("./pages/news/news-list.tsx"), ["n"]);`);
    expect(out).toBe(
      `page(language, "news", { path: "news" }, Object.assign(() => import("./pages/news/news-list.tsx"), { module: "client/pages/news/news-list.tsx" }), ["n"]);`,
    );
  });

  it("follows a top-level loader the arrow calls, and ignores imports outside pages/ and layouts/", () => {
    const out = run(
      `const loadContent = () => import("./pages/content/content-page.tsx");
const loadFinder = () => Promise.all([import("./pages/products/products.tsx"), import("./features/estimator/x.ts")]);
page(language, name, { path }, () => loadContent().then((m) => m));
page(language, "finder", { path: "p" }, loadFinder);
const layout = { ...lazyRoute(() => import("./layouts/default-layout.tsx")) };`,
    );
    expect(out).toContain(`Object.assign(() => loadContent().then((m) => m), { module: "client/pages/content/content-page.tsx" })`);
    expect(out).toContain(`Object.assign(loadFinder, { module: "client/pages/products/products.tsx" })`);
    expect(out).toContain(`lazyRoute(Object.assign(() => import("./layouts/default-layout.tsx"), { module: "client/layouts/default-layout.tsx" }))`);
  });

  it("keeps the positions right after non-ASCII text (comments in Chinese and §)", () => {
    const out = run(`// 路由表 §2 — 每页\npage(language, "a", { path: "a" }, () => import("./pages/a/a.tsx"));`);
    expect(out).toContain(`Object.assign(() => import("./pages/a/a.tsx"), { module: "client/pages/a/a.tsx" })`);
  });

  it("leaves page()'s own hand-over to lazyRoute() alone", () => {
    const code = `function page(language, name, route, load) { return lazyRoute(load); }`;
    expect(run(code)).toBe(code);
  });

  it("refuses a loader that imports no route module, or two", () => {
    expect(() => run(`page(language, "a", { path: "a" }, () => import("./features/a.ts"));`)).toThrow(/imports 0 route modules/);
    expect(() => run(`page(language, "a", { path: "a" }, () => Promise.all([import("./pages/a.tsx"), import("./pages/b.tsx")]));`)).toThrow(/imports 2 route modules/);
  });
});
