// JavaScript budget (docs/decisions/012-performance-budgets.md), checked by `npm run budgets` (and .ci/run) from the production build's
// manifest. The build is reused when it is newer than the sources, else made here (under the team's build lock
// when flock exists).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RouteObject } from "react-router-dom";
import { routes, type RouteHandle } from "../../client/routes.tsx";
import { root } from "../../scripts/build-if-needed.ts";
import { ensureBuild } from "../support/ensure-build.ts";
import {
  INITIAL_BUDGET_BYTES,
  INITIAL_CEILING_KB,
  ROUTE_CHUNK_BUDGET_BYTES,
  formatReport,
  initialLimitBytes,
  measure,
  ratchetCeilingKb,
} from "../../scripts/js-budget.ts";

const clientDir = path.join(root, "dist", "client");

/** Page types: every leaf of the route table (one language is enough, both share modules), with the
 * modules of the routes from the root to it. */
function pageTypes(): Record<string, string[]> {
  const types: Record<string, string[]> = {};
  const walk = (route: RouteObject, chain: string[]) => {
    const module = (route.handle as RouteHandle | undefined)?.module;
    const modules = module ? [...chain, module] : chain;
    if (route.children?.length) for (const child of route.children) walk(child, modules);
    else if (module && route.id?.endsWith("___zh")) types[route.id.replace(/___zh$/, "")] = modules;
  };
  for (const route of routes) walk(route, []);
  return types;
}

let report: ReturnType<typeof measure>;
beforeAll(() => {
  ensureBuild();
  report = measure(clientDir, pageTypes());
  console.log(formatReport(report));
}, 900_000);

describe("JavaScript budget", () => {
  it("measures every page type of the route table", () => {
    expect(report.missing).toEqual([]);
    expect(report.pages.length).toBeGreaterThanOrEqual(5);
  });

  // The goal is 130 KB for every page type; those still above it are held at their ratchet ceiling
  // (scripts/js-budget.ts) so that none can grow, and new page types must meet 130 KB.
  it("keeps each page type's initial JavaScript within 130 KB gzip or its ratchet ceiling", () => {
    const over = report.pages
      .filter((page) => page.gzip > initialLimitBytes(page.pageType))
      .map((page) => `${page.pageType}: ${(page.gzip / 1024).toFixed(1)} KB > ${initialLimitBytes(page.pageType) / 1024} KB`);
    expect(over).toEqual([]);
  });

  it("keeps the ratchet table honest: rows only for measured page types above the target, lowered as pages shrink", () => {
    const measured = new Set(report.pages.map((page) => page.pageType));
    expect(Object.keys(INITIAL_CEILING_KB).filter((pageType) => !measured.has(pageType))).toEqual([]);
    // A ceiling at or under 130 KB says nothing the target does not: such a row is to be deleted.
    expect(Object.values(INITIAL_CEILING_KB).every((ceiling) => ceiling > INITIAL_BUDGET_BYTES / 1024)).toBe(true);
    // A ratchet only turns one way: a page that has shrunk by more than 2 KB gets its row lowered, so the
    // room it freed cannot be spent again unnoticed.
    const slack = report.pages
      .filter((page) => INITIAL_CEILING_KB[page.pageType] !== undefined && INITIAL_CEILING_KB[page.pageType]! > ratchetCeilingKb(page.gzip) + 2)
      .map((page) => `${page.pageType}: ceiling ${INITIAL_CEILING_KB[page.pageType]} KB, now ${ratchetCeilingKb(page.gzip)} KB would do`);
    expect(slack).toEqual([]);
  });

  // React Router's package exports resolve only its development build; vite.config.ts points the browser's
  // build at the production one. This message is logged by the development build's default error boundary only.
  it("ships React Router's production build to the browser, without its development warnings", () => {
    const assets = readdirSync(path.join(clientDir, "assets")).filter((file) => file.endsWith(".js"));
    const withDevWarnings = assets.filter((file) =>
      readFileSync(path.join(clientDir, "assets", file), "utf8").includes("Error handled by React Router default ErrorBoundary"),
    );
    expect(assets.length).toBeGreaterThan(10);
    expect(withDevWarnings).toEqual([]);
  });

  it("keeps each route chunk within 30 KB gzip", () => {
    const over = report.chunks.filter((chunk) => chunk.gzip > ROUTE_CHUNK_BUDGET_BYTES).map((chunk) => `${chunk.module}: ${(chunk.gzip / 1024).toFixed(1)} KB`);
    expect(report.chunks.length).toBeGreaterThan(0);
    expect(over).toEqual([]);
  });
});
