// Every picture whose size the HTML states is stated in the picture's own proportions (CLS, a Lighthouse budget):
// the browser reserves width × height before the file arrives and then lays the picture out at the file's
// ratio, so a stated 4:3 box for a 16:9 drawing moved everything below it once the drawing loaded (CLS
// 0.015 on product detail pages in one Lighthouse run of three).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import request from "supertest";
import { startSite } from "../helpers/site.ts";
import { packageDrawings } from "../../shared/catalog/product-facts.ts";

let site: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const publicDir = path.join(import.meta.dirname, "..", "..", "public");

/** width ÷ height of an SVG in public/, from its viewBox. */
function svgRatio(src: string): number {
  const svg = readFileSync(path.join(publicDir, src), "utf8");
  const viewBox = /<svg[^>]*\sviewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (viewBox?.length !== 4) throw new Error(`${src} has no viewBox`);
  return viewBox[2]! / viewBox[3]!;
}

/** The <img> tags of a page that state both width and height. */
function sizedImages(html: string) {
  return [...html.matchAll(/<img\b[^>]*>/g)].flatMap(([tag]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const [src, width, height] = [attribute("src"), attribute("width"), attribute("height")];
    return src && width && height ? [{ src, width: Number(width), height: Number(height) }] : [];
  });
}

// The home page (header logo, footer QR code), the sign-in page's logo, and the products of a family in
// both languages (their package drawings).
const pages = ["/zh", "/en/login"];

describe("stated picture sizes", () => {
  it("match the proportions of the pictures they stand for, within 1 %", async () => {
    const partsByPackage = await request(site.app)
      .get("/zh/productAndService/products/100")
      .then((response) => response.text);
    const detailLinks = [...new Set([...partsByPackage.matchAll(/href="(\/zh\/productAndService\/productDetail\/[^"?#]+)"/g)].map((match) => match[1]!))];
    expect(detailLinks.length).toBeGreaterThan(3);
    let checked = 0;
    const drawings = new Set<string>();
    const english = detailLinks.map((link) => link.replace(/^\/zh\//, "/en/"));
    for (const url of [...pages, ...detailLinks, ...english]) {
      const response = await request(site.app).get(url);
      expect(response.status, url).toBe(200);
      for (const image of sizedImages(response.text)) {
        if (!image.src.startsWith("/media/") || !image.src.endsWith(".svg")) continue;
        const stated = image.width / image.height;
        expect(Math.abs(stated / svgRatio(image.src) - 1), `${url}: ${image.src} stated ${image.width}×${image.height}`).toBeLessThan(0.01);
        checked++;
        if (image.src.includes("/pkg-")) drawings.add(image.src);
      }
    }
    expect(checked).toBeGreaterThan(pages.length);
    expect(drawings.size).toBeGreaterThan(0);
  });

  it("would catch a drawing stated as 4:3", () => {
    const drawing = `/media/products/pkg-${packageDrawings[0]}.svg`;
    expect(Math.abs(320 / 240 / svgRatio(drawing) - 1)).toBeGreaterThan(0.01);
  });
});
