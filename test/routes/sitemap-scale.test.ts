// The sitemap of a generated catalog of 2,000 products (npm run content:scale): every public product is
// listed in both languages, the index names every child and every child it names answers, no child holds
// more than the protocol's 50,000 urls, and one in a section too large for one file is split.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import request from "supertest";
import { startTestUpstream, type TestUpstream } from "../upstream/helpers.ts";
import { loadConfig } from "../../server/config/index.ts";
import { createLogger } from "../../server/metrics/logger.ts";
import { seoRoutes } from "../../server/exports/seo/routes.ts";

const origin = "https://www.qingyun-power.example";
const root = path.resolve(import.meta.dirname, "../..");
let contentDir = "";
let upstream: TestUpstream;
let products: { id: number; parentId: number | null; partNumber?: string; status: string }[] = [];
let nodes: typeof products = [];

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(tmpdir(), "qy-sitemap-scale-"));
  execFileSync(process.execPath, [path.join(root, "scripts/content-scale.ts"), "--products", "2000", "--news", "60", "--out", contentDir], {
    cwd: root,
    stdio: "ignore",
  });
  const read = (file: string) => JSON.parse(readFileSync(path.join(contentDir, "catalog", file), "utf8")) as typeof products;
  products = read("products.json");
  nodes = [...read("categories.json"), ...products];
  upstream = await startTestUpstream({ contentDir });
}, 120_000);
afterAll(async () => {
  await upstream?.cleanup();
  rmSync(contentDir, { recursive: true, force: true });
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

async function children(urlsPerFile?: number) {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", UPSTREAM_URL: upstream.url, PUBLIC_ORIGIN: origin });
  const app = express().use(seoRoutes({ config, logger: createLogger("silent"), isKnownPath: async () => true, ...(urlsPerFile ? { urlsPerFile } : {}) }));
  const index = await request(app).get("/sitemap.xml");
  expect(index.status).toBe(200);
  const listed = locs(index.text).map((loc) => new URL(loc).pathname);
  const files = new Map<string, string[]>();
  for (const file of listed) {
    const response = await request(app).get(file);
    expect(response.status, file).toBe(200);
    files.set(file, locs(response.text));
  }
  return files;
}

describe("the sitemap of 2,000 products", () => {
  // One build (the upstream's document list is the slow part), with files of 1,500 urls so the products split.
  let files = new Map<string, string[]>();
  beforeAll(async () => {
    files = await children(1_500);
  }, 120_000);

  it("lists every public product in both languages, in children of at most 50,000 urls each named by the index", () => {
    for (const section of ["pages", "products", "news", "jobs"]) {
      for (const language of ["zh", "en"]) expect([...files.keys()], `${section}-${language}`).toContain(`/sitemap-${section}-${language}.xml`);
    }
    for (const [file, urls] of files) expect(urls.length, file).toBeLessThanOrEqual(50_000);
    const all = [...files.values()].flat();
    expect(new Set(all).size).toBe(all.length);
    // A product is public when it and every category above it are on.
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const isPublic = (id: number | null): boolean => id === null || (byId.get(id)?.status === "on" && isPublic(byId.get(id)!.parentId));
    const parts = products.filter((product) => product.partNumber && isPublic(product.id));
    expect(parts.length).toBeGreaterThan(1_500);
    const listed = new Set(all);
    for (const product of parts) {
      for (const language of ["zh", "en"]) {
        const loc = `${origin}/${language}/productAndService/productDetail/${encodeURIComponent(product.partNumber!)}`;
        expect(listed.has(loc), loc).toBe(true);
      }
    }
  });

  it("splits a section that outgrows one file into numbered children of at most the set size", () => {
    expect([...files.keys()]).toContain("/sitemap-products-zh-2.xml");
    expect([...files.keys()]).toContain("/sitemap-products-en-2.xml");
    for (const [file, urls] of files) expect(urls.length, file).toBeLessThanOrEqual(1_500);
  });
});
