import path from "node:path";
import { it } from "vitest";
import type { RouteObject } from "react-router-dom";
import { routes, type RouteHandle } from "../../client/routes.tsx";
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
  const report = measure(path.join(process.cwd(), "dist", "client"), types) as unknown as { pages?: unknown };
  for (const p of (report as unknown as { pages: Array<{ pageType: string; gzip: number }> }).pages) if (/products$|crossReference|productDetail|compare|sampleList/.test(p.pageType)) console.log("BYTES", p.pageType, p.gzip);
});
