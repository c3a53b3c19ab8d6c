// JavaScript budget (issue 9 §8), checked in `npm test` from the production build's manifest. The build is
// reused when it is newer than the sources, else made here (under the team's build lock when flock exists).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteObject } from "react-router-dom";
import { routes, type RouteHandle } from "../../client/routes.tsx";
import { needsBuild, root } from "../../scripts/build-if-needed.ts";
import { INITIAL_BUDGET_BYTES, ROUTE_CHUNK_BUDGET_BYTES, formatReport, measure } from "../../scripts/js-budget.ts";

const clientDir = path.join(root, "dist", "client");

/** Page types: every leaf of the route table (one language is enough, both share modules), with the
 * modules of the routes from the root to it. */
function pageTypes(): Record<string, string[]> {
  const types: Record<string, string[]> = {};
  const walk = (route: RouteObject, chain: string[]) => {
    const module = (route.handle as RouteHandle | undefined)?.module;
    const modules = module ? [...chain, module] : chain;
    if (route.children?.length) route.children.forEach((child) => walk(child, modules));
    else if (module && route.id?.endsWith("___zh")) types[route.id.replace(/___zh$/, "")] = modules;
  };
  routes.forEach((route) => walk(route, []));
  return types;
}

let report: ReturnType<typeof measure>;
beforeAll(() => {
  if (needsBuild()) {
    const lock = spawnSync("sh", ["-c", "command -v flock"]).status === 0 && !process.env.QY_BUILD_LOCK_HELD;
    const command = lock ? "flock" : process.execPath;
    const args = lock ? ["-w", "900", "/tmp/qy-e2e.lock", process.execPath, "scripts/build-if-needed.ts"] : ["scripts/build-if-needed.ts"];
    const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", QY_BUILD_LOCK_HELD: "1" } });
    if (result.status !== 0) throw new Error(`The build failed (status ${result.status})`);
  }
  report = measure(clientDir, pageTypes());
  console.log(formatReport(report));
}, 900_000);

describe("JavaScript budget", () => {
  it("measures every page type of the route table", () => {
    expect(report.missing).toEqual([]);
    expect(report.pages.length).toBeGreaterThanOrEqual(5);
  });

  it("keeps each page type's initial JavaScript within 130 KB gzip", () => {
    const over = report.pages.filter((page) => page.gzip > INITIAL_BUDGET_BYTES).map((page) => `${page.pageType}: ${(page.gzip / 1024).toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it("keeps each route chunk within 30 KB gzip", () => {
    const over = report.chunks.filter((chunk) => chunk.gzip > ROUTE_CHUNK_BUDGET_BYTES).map((chunk) => `${chunk.module}: ${(chunk.gzip / 1024).toFixed(1)} KB`);
    expect(report.chunks.length).toBeGreaterThan(0);
    expect(over).toEqual([]);
  });
});
