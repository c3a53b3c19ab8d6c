// ARIA structure of server-rendered pages, as the validators read it: no aria-label on a plain span (the
// current page number), no region nested in a region of the same name (a section and its table's scroll
// box), and every data cell of the finder tied to its headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { allElements, namedRegions, parseHtml } from "./html-tree.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const pages = [
  "/zh",
  "/en",
  "/zh/news",
  "/en/news",
  "/en/about/joinUs",
  "/zh/about/joinUs",
  "/zh/productAndService/products/120",
  "/en/productAndService/products/120",
  "/en/productAndService/productDetail/QCM040120K4",
  "/zh/productAndService/productDetail/QCM040120K4",
  "/en/reliability/reliability-tests",
  "/zh/reliability/fit-data",
  "/en/about/sample",
  "/zh/privacy",
  "/en/support/simulation-models",
  "/en/productAndService/productDetail/QCM040120K4/datasheet",
  "/zh/productAndService/productDetail/QSM150120H34/datasheet",
  "/en/productAndService/productDetail/QCM040120K4?op=800,20,50k,0.9,80",
  "/zh/productAndService/compare?parts=QCM040120K4,QCM020120K4&op=800,20,50k,0.9,80",
  "/en/productAndService/crossReference?part=C3M0040120K&op=800,20,50k,0.9,80",
  "/zh/productAndService/crossReference?part=C3M0040210K&parts=C3M0040120K%0AIMW120R007M1H",
];

async function tree(path: string) {
  const response = await request(site.app).get(path);
  expect(response.status, path).toBe(200);
  return parseHtml(response.text);
}

describe("ARIA structure", () => {
  it("no span carries aria-label, and the current page number is still announced", async () => {
    let currentPages = 0;
    for (const path of pages) {
      const elements = allElements(await tree(path));
      const labelled = elements.filter((element) => element.tag === "span" && "aria-label" in element.attributes);
      expect(
        labelled.map((element) => element.attributes["aria-label"]),
        path,
      ).toEqual([]);
      currentPages += elements.filter((element) => element.attributes["aria-current"] === "page" && element.tag === "span").length;
    }
    // The paged lists (news, jobs) mark their current page.
    expect(currentPages).toBeGreaterThan(0);
  });

  it("no region sits inside a region of the same name", async () => {
    let nested = 0;
    for (const path of pages) {
      const regions = namedRegions(await tree(path));
      const names = new Map(regions.map((region) => [region.element, region.name]));
      for (const { element, name } of regions) {
        for (let parent = element.parent; parent; parent = parent.parent) {
          if (!names.has(parent)) continue;
          nested += 1;
          expect(names.get(parent), `${path}: "${name}" inside a region of the same name`).not.toBe(name);
        }
      }
    }
    // The pages do nest regions (a table's scroll box in its section): the check above did run.
    expect(nested).toBeGreaterThan(0);
  });

  it("every cell of the finder names its headers, and every header it names exists", async () => {
    for (const path of ["/zh/productAndService/products/120", "/en/productAndService/products/120?op=800,20,50k,0.9,80"]) {
      const elements = allElements(await tree(path));
      const table = elements.find((element) => element.tag === "table" && element.attributes.class === "finder-table");
      expect(table, path).toBeTruthy();
      const ids = new Set(
        allElements(table!)
          .map((element) => element.attributes.id)
          .filter(Boolean),
      );
      const cells = allElements(table!).filter((element) => element.tag === "td");
      expect(cells.length, path).toBeGreaterThan(0);
      for (const cell of cells) {
        const headers = cell.attributes.headers?.split(/\s+/) ?? [];
        expect(headers.length, `${path}: a td without headers`).toBeGreaterThan(1);
        for (const id of headers) expect(ids.has(id), `${path}: headers names #${id}`).toBe(true);
      }
    }
  });
});
