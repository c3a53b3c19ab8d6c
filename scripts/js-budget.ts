// The JavaScript budget (docs/decisions/012-performance-budgets.md), from the client build's manifest: every page
// type's initial JS (the entry, the layout and page modules of its routes, and everything they import statically)
// ≤ 130 KB gzip, every route chunk ≤ 30 KB gzip. Page types come from the route table
// (test/budgets/js-budget.test.ts walks it), so a page added to client/routes.tsx is measured without touching
// this file.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const INITIAL_BUDGET_BYTES = 130 * 1024;
export const ROUTE_CHUNK_BUDGET_BYTES = 30 * 1024;

/** A ratchet toward the 130 KB target: the page types still above it may not grow.
 * Each ceiling is the initial JS measured when it was set, rounded up to the next whole KB, plus 1 KB. When a
 * page shrinks, lower its ceiling (the report prints the value `ratchetCeilingKb` gives for today's size);
 * once a page is within 130 KB, delete its row. Page types without a row must meet the 130 KB target. */
// Empty since 2026-11-24: every page type is within 130 KB (the finder, the largest, at 128.1 KB) since the
// browser's translator replaced i18next (client/runtime/translator.ts). A row may come back only with a note in
// docs/decisions/012-performance-budgets.md.
// The finder came back on 2026-11-28 at 130.9 KB: its lifecycle column, filter and sample slot
// (docs/decisions/012-performance-budgets.md, "The finder's lifecycle row").
export const INITIAL_CEILING_KB: Readonly<Record<string, number>> = {
  "productAndService-products": 132,
  // Part watches (decision 034) put the product page and the cross-reference, which shares its shell, 0.2 KB over.
  // The HTML datasheet view put it 0.06 KB over (docs/decisions/012-performance-budgets.md, "The HTML datasheet's view").
  "productAndService-productDetail": 133,
  "productAndService-crossReference": 132,
  // The support section at 130.0 KB (3 bytes under) took the contact cards' sections code 7 bytes over
  // (docs/decisions/012-performance-budgets.md, "The support section's row").
  support: 132,
};

/** The ceiling a page type of this size would get: next whole KB + 1 KB. */
export function ratchetCeilingKb(bytes: number): number {
  return Math.ceil(bytes / 1024) + 1;
}

/** The enforced limit of a page type: its ratchet ceiling, or the 130 KB target when it has none. */
export function initialLimitBytes(pageType: string): number {
  const ceiling = INITIAL_CEILING_KB[pageType];
  return ceiling === undefined ? INITIAL_BUDGET_BYTES : ceiling * 1024;
}
export const clientEntry = "client/entry-client.tsx";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(clientDir, ".vite", "manifest.json"), "utf8")) as Manifest;
}

export function gzipBytes(clientDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
}

/** Files loaded before a page of this type is hydrated: the entry and the route modules, with their static imports. */
export function initialFiles(manifest: Manifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  [clientEntry, ...modules].forEach(visit);
  return [...files];
}

export interface PageTypeFigure {
  pageType: string;
  modules: string[];
  files: number;
  gzip: number;
}
export interface ChunkFigure {
  module: string;
  file: string;
  gzip: number;
}

export function measure(clientDir: string, pageTypes: Record<string, string[]>) {
  const manifest = readManifest(clientDir);
  const size = new Map<string, number>();
  const gz = (file: string) => size.get(file) ?? size.set(file, gzipBytes(clientDir, file)).get(file)!;
  const pages: PageTypeFigure[] = Object.entries(pageTypes).map(([pageType, modules]) => {
    const files = initialFiles(manifest, modules);
    return { pageType, modules, files: files.length, gzip: files.reduce((sum, file) => sum + gz(file), 0) };
  });
  const chunks: ChunkFigure[] = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith(".js"))
    .map(([module, chunk]) => ({ module, file: chunk.file, gzip: gz(chunk.file) }));
  const missing = Object.values(pageTypes)
    .flat()
    .filter((module) => !manifest[module]);
  return { pages, chunks, missing };
}

export function formatReport(report: ReturnType<typeof measure>): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = ["Initial JavaScript by page type (gzip -9; target 130 KB; enforced: the ratchet ceiling):"];
  for (const page of [...report.pages].sort((a, b) => b.gzip - a.gzip)) {
    const status = page.gzip <= INITIAL_BUDGET_BYTES ? "ok  " : page.gzip <= initialLimitBytes(page.pageType) ? "ceil" : "OVER";
    const ceiling = INITIAL_CEILING_KB[page.pageType];
    const note = ceiling === undefined ? "" : `, ceiling ${ceiling} KB, today's would be ${ratchetCeilingKb(page.gzip)} KB`;
    lines.push(`  ${status} ${kb(page.gzip).padStart(9)}  ${page.pageType} (${page.files} files${note})`);
  }
  lines.push("Route chunks (gzip -9; budget 30 KB):");
  for (const chunk of [...report.chunks].sort((a, b) => b.gzip - a.gzip)) {
    lines.push(`  ${chunk.gzip <= ROUTE_CHUNK_BUDGET_BYTES ? "ok  " : "OVER"} ${kb(chunk.gzip).padStart(9)}  ${chunk.module}`);
  }
  return lines.join("\n");
}
