import path from "node:path";
import { it } from "vitest";
import type { RouteObject } from "react-router-dom";
import { routes, type RouteHandle } from "../../client/routes.tsx";
import { root } from "../../scripts/build-if-needed.ts";
import { measure } from "../../scripts/js-budget.ts";
it("bytes", () => {
  const types: Record<string, string[]> = {};
  const walk = (route: RouteObject, chain: string[]) => {
    const module = (route.handle as RouteHandle | undefined)?.module;
    const modules = module ? [...chain, module] : chain;
    if (route.children?.length) for (const child of route.children) walk(child, modules);
    else if (module && route.id?.endsWith("___zh")) types[route.id.replace(/___zh$/, "")] = modules;
  };
  for (const route of routes) walk(route, []);
  const r = measure(path.join(root, "dist", "client"), types) as any;
  console.log(JSON.stringify(r, (k, v) => (k === "files" ? undefined : v)).slice(0, 3000));
});
