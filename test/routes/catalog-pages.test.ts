// The catalog's routes in both languages (SPEC §2): overview, family with series cards and finder,
// series with the finder alone, product id → 301 to its detail page, 404 for unknown and off ids, and the
// menus, footer and home page linking categories to their first descendant category that holds products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { finderRows, textOf, upstreamProducts } from "./catalog-helpers.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const get = (url: string) => request(site.app).get(url);
/** Text with tags removed and nothing put in their place: "V<sub>DS</sub>" reads "VDS". */
const joined = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, "");
const h1 = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();

describe("the catalog overview", () => {
  it("lists every family with its series, counts and voltage range, in both languages", async () => {
    for (const [language, title, family, series, count] of [
      ["en", "Products", "SiC MOSFETs", "1200 V SiC MOSFETs", /\d+ products/],
      ["zh", "产品中心", "碳化硅 MOSFET", "1200 V SiC MOSFET", /\d+款产品/],
    ] as const) {
      const response = await get(`/${language}/productAndService/products`);
      expect(response.status).toBe(200);
      expect(h1(response.text)).toBe(title);
      const text = textOf(response.text);
      expect(text).toContain(family);
      expect(text).toMatch(count);
      expect(joined(response.text)).toContain("VDS 650–1700 V");
      expect(response.text).toContain("<sub>DS</sub>");
      expect(response.text).toContain(`href="/${language}/productAndService/products/100"`);
      expect(response.text).toContain(`href="/${language}/productAndService/products/120"`);
      expect(text.replace(/\s/g, "")).toContain(series.replace(/\s/g, ""));
      // The off series (1700 V Schottky diodes, 230) is nowhere.
      expect(response.text).not.toContain(`/productAndService/products/230"`);
      expect(response.text).toContain('"@type":"BreadcrumbList"');
      expect(response.text).toContain(`<link rel="canonical" href="http://localhost:3000/${language}/productAndService/products"/>`);
    }
  });
});

describe("a category page", () => {
  it("shows a family's series as cards with count and key ranges above a finder over all its products", async () => {
    const all = await upstreamProducts(site.upstream, "en", { siteListId: 100 });
    const response = await get("/en/productAndService/products/100?size=50");
    expect(response.status).toBe(200);
    expect(h1(response.text)).toBe("SiC MOSFETs");
    const cards = /<section class="catalog-cards"[\s\S]*?<\/section>/.exec(response.text)?.[0] ?? "";
    expect(textOf(cards)).toContain("1200 V SiC MOSFETs");
    expect(textOf(cards)).toMatch(/\d+ products/);
    expect(joined(cards)).toContain("VDS 1200 V");
    expect(joined(cards)).toMatch(/RDS\(on\) typ \d+–\d+ mΩ/);
    expect(finderRows(response.text).map((row) => row.part)).toEqual(all.list.map((item) => item.partNumber));
    // Breadcrumb: home › products › family.
    const crumbs = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(response.text)?.[0] ?? "";
    expect(textOf(crumbs)).toMatch(/Home\s+Products\s+SiC MOSFETs/);
  });

  it("shows a series' finder alone, with rows linking details, new badges and datasheets, in Chinese too", async () => {
    const response = await get("/zh/productAndService/products/120");
    expect(response.status).toBe(200);
    expect(h1(response.text)).toBe("1200 V SiC MOSFET");
    expect(response.text).not.toContain('class="catalog-cards"');
    const rows = finderRows(response.text);
    expect(rows.length).toBeGreaterThan(3);
    expect(response.text).toContain('href="/zh/productAndService/productDetail/QCM040120K4"');
    expect(response.text).toMatch(/<span class="badge badge--new">新品<\/span>/);
    expect(response.text).toMatch(/href="\/api\/front\/attach\/download\/ds-[a-z0-9-]+"/);
    expect(textOf(response.text)).toContain("参数选型：1200 V SiC MOSFET");
    const crumbs = /<nav aria-label="[^"]*"[^>]*class="breadcrumbs"[\s\S]*?<\/nav>/.exec(response.text)?.[0] ?? "";
    expect(textOf(crumbs)).toMatch(/产品中心\s+碳化硅 MOSFET\s+1200 V SiC MOSFET/);
  });

  it("redirects a product id with 301 to the product's detail page", async () => {
    for (const language of ["zh", "en"]) {
      const response = await get(`/${language}/productAndService/products/10001?sort=vds:asc`);
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe(`/${language}/productAndService/productDetail/QCM040120K4`);
    }
  });

  it("answers unknown, malformed and off ids with the 404 page", async () => {
    // 999: no such node; 230: an off series; 10008: an off product; abc and 0: not an id.
    for (const [language, heading] of [
      ["en", "Page not found"],
      ["zh", "页面未找到"],
    ] as const) {
      for (const id of ["999", "230", "10008", "abc", "0"]) {
        const response = await get(`/${language}/productAndService/products/${id}`);
        expect(response.status, id).toBe(404);
        expect(textOf(response.text)).toContain(heading);
      }
    }
  });
});

describe("links into the catalog", () => {
  it("menus, footer and home link categories to their first descendant category with products, the top entry to the overview", async () => {
    for (const language of ["zh", "en"]) {
      const html = (await get(`/${language}`)).text;
      expect(html).toMatch(new RegExp(`class="site-nav__top" href="/${language}/productAndService/products"`));
      const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
      // Family → its first series; never a product id under /products/.
      expect(header).toMatch(new RegExp(`class="mega-menu__title" href="/${language}/productAndService/products/110"`));
      const footer = /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(html)?.[0] ?? "";
      expect(footer).toContain(`href="/${language}/productAndService/products/110"`);
      expect(footer).not.toMatch(/productAndService\/products\/[1-5]00"/);
      for (const match of html.matchAll(/href="\/(?:zh|en)\/productAndService\/products\/(\d+)"/g)) {
        expect(Number(match[1]), "a category link, not a product").toBeLessThan(1000);
      }
    }
  });
});
