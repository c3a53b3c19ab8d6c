// The benchmark catalog generator: its output is valid content the upstream loads (CONTENT_DIR), holds the
// counts asked for, is the same for the same arguments, and leaves the shipped content alone.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryNewsByPage, querySiteListDataByPage } from "../../shared/contract/index.ts";
import { parseUpstreamEnv } from "../../server/upstream/config.ts";
import { shippedContentDir } from "../../server/upstream/content/load.ts";
import { startTestUpstream, type TestUpstream } from "./helpers.ts";
import { callOk } from "./content-helpers.ts";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "qy-scale-"));

function generate(out: string, products: number, news: number) {
  const result = spawnSync(process.execPath, ["scripts/content-scale.ts", "--products", String(products), "--news", String(news), "--out", out], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
}

const products = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, "catalog", "products.json"), "utf8")) as Array<{ partNumber: string; params: Record<string, unknown>; status: string }>;

let upstream: TestUpstream;
beforeAll(async () => {
  generate(path.join(work, "a"), 300, 80);
  upstream = await startTestUpstream({ contentDir: path.join(work, "a") });
}, 60_000);
afterAll(async () => {
  await upstream.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("content:scale", () => {
  it("writes the asked number of products and news, which the upstream loads and serves", async () => {
    const count = upstream.db.prepare("SELECT count(*) AS n FROM site_list WHERE part_number IS NOT NULL").get() as { n: number };
    expect(count.n).toBe(300);
    const { data } = await callOk(upstream, queryNewsByPage, "en", { pageSize: 1 });
    expect(data.total).toBe(80);
    const family = await callOk(upstream, querySiteListDataByPage, "zh", { siteListId: 100, pageSize: 1 });
    expect(family.data.total).toBeGreaterThan(products(shippedContentDir).filter((p) => "vds" in p.params && "qg" in p.params).length);
  });

  it("gives every generated part a unique number, varied parameters and its own datasheet", () => {
    const parts = products(path.join(work, "a"));
    expect(new Set(parts.map((part) => part.partNumber)).size).toBe(parts.length);
    const resistances = new Set(parts.filter((part) => "qg" in part.params).map((part) => part.params.rdson));
    expect(resistances.size).toBeGreaterThan(20);
    const documents = JSON.parse(readFileSync(path.join(work, "a", "documents.json"), "utf8")) as Array<{ id: string }>;
    const ids = new Set(documents.map((document) => document.id));
    for (const part of parts.slice(-50)) expect(ids.has(`ds-${part.partNumber.toLowerCase()}`), part.partNumber).toBe(true);
  });

  it("is deterministic and leaves the shipped content unchanged", () => {
    const shippedBefore = readFileSync(path.join(shippedContentDir, "catalog", "products.json"), "utf8");
    generate(path.join(work, "b"), 300, 80);
    for (const file of ["catalog/products.json", "catalog/loss-data.json", "documents.json", "news.json"]) {
      expect(readFileSync(path.join(work, "b", file), "utf8"), file).toBe(readFileSync(path.join(work, "a", file), "utf8"));
    }
    expect(readFileSync(path.join(shippedContentDir, "catalog", "products.json"), "utf8")).toBe(shippedBefore);
  });

  it("CONTENT_DIR must name a content folder", () => {
    expect(() => parseUpstreamEnv({ CONTENT_DIR: work })).toThrow(/^Invalid CONTENT_DIR \("[^"]*"\): a folder with catalog\/products.json/);
    expect(parseUpstreamEnv({ CONTENT_DIR: path.join(work, "a") }).CONTENT_DIR).toBe(path.join(work, "a"));
  });
});
