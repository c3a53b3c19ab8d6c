// The site's pictures carry no <text> (scripts/outline-svg-text.ts: text inside an SVG shown with <img> is
// laid out and painted with fonts inside a document of its own, the largest part of the pictures' cost on
// the main thread), and the outlining tool sets text where the browser would.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outlineText } from "../../scripts/outline-svg-text.ts";
import { root } from "../../scripts/build-if-needed.ts";
import { packageDrawings } from "../../shared/catalog/product-facts.ts";

function svgFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? svgFiles(path.join(dir, entry.name)) : entry.name.endsWith(".svg") ? [path.join(dir, entry.name)] : [],
  );
}

/** The translation of each path of glyphs (the `e f` of its matrix), in order. */
function origins(svg: string): number[][] {
  return [...svg.matchAll(/<path transform="matrix\(([^)]*)\)"/g)].map((match) => match[1]!.split(" ").slice(4).map(Number));
}

/** Glyphs drawn: each starts with the one absolute move of its outline. */
const glyphs = (svg: string) => svg.match(/M/g)?.length ?? 0;

const picture = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100"><title>t</title><rect width="400" height="100"/>${text}</svg>`;

describe("media pictures", () => {
  const files = svgFiles(path.join(root, "public", "media"));

  it("has pictures, and none with <text> (run `npm run media:outline` after adding one)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => readFileSync(file, "utf8").includes("<text")).map((file) => path.relative(root, file))).toEqual([]);
  });

  // A family, service or package picture is shown on both language sites beside its name in the site's
  // language: a caption drawn into it (once "SiC MOSFET · 碳化硅MOSFET", or an English line under a package on
  // the Chinese site) would show the wrong language. Its words live in the HTML; what it may still draw are
  // the part markings on the devices, set at the small sizes of a scaled drawing, never a caption line
  // across the foot of the 675-unit picture.
  it("draws no caption into the pictures of product families, services and packages", () => {
    const content = path.join(root, "server", "upstream", "content", "catalog");
    const images = ["categories.json", "services.json"].flatMap((name) =>
      (JSON.parse(readFileSync(path.join(content, name), "utf8")) as Array<{ image?: string }>).flatMap((item) => (item.image?.endsWith(".svg") ? [item.image] : [])),
    );
    images.push(...packageDrawings.map((slug) => `/media/products/pkg-${slug}.svg`));
    expect(images.length).toBeGreaterThanOrEqual(8 + packageDrawings.length);
    const captioned = images.filter((image) => origins(readFileSync(path.join(root, "public", image), "utf8")).some(([, y]) => y! > 560));
    expect(captioned).toEqual([]);
  });
});

describe("outlining text", () => {
  it("replaces each text element by its glyphs' outlines, in its fill, with no font and no <use>", () => {
    const svg = outlineText(picture(`<text x="10" y="50" font-family="Arial" font-size="20" fill="#0b3d91">AAB</text>`));
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("<use");
    expect(svg).not.toContain("font");
    expect(svg).toMatch(/<g fill="#0b3d91"><path transform="matrix\([^)]*\)" d="M[^"]+"\/><\/g>/);
    expect(glyphs(svg)).toBe(3);
    expect(origins(svg)).toEqual([[10, 50]]);
  });

  it("anchors at the start, the middle or the end of the set text as the browser does", () => {
    const at = (anchor: string) => origins(outlineText(picture(`<text x="200" y="40" font-size="16" text-anchor="${anchor}">Power 1200 V</text>`)))[0]!;
    const [start, middle, end] = [at("start"), at("middle"), at("end")];
    expect(start[0]).toBe(200);
    expect(end[0]).toBeLessThan(200 - 60); // about 90 units of text at 16 units a letter's height
    // Positions are written to a tenth of a unit at this size.
    expect(Math.abs(middle[0]! - (start[0]! + end[0]!) / 2)).toBeLessThanOrEqual(0.1);
    expect([start[1], middle[1], end[1]]).toEqual([40, 40, 40]);
  });

  it("sets Chinese in the CJK font within the same line, collapses white space and follows tspan shifts", () => {
    const svg = outlineText(picture(`<text x="0" y="80" font-size="24">SiC  ·  碳化硅<tspan font-size="12" dy="6">g</tspan></text>`));
    // Latin, the Chinese run, then the subscript: three groups, the last one 6 units lower.
    const groups = origins(svg);
    expect(groups).toHaveLength(3);
    expect(groups[1]![0]).toBeGreaterThan(groups[0]![0]!);
    expect(groups[2]![1]).toBe(86);
    // "SiC · 碳化硅g": the spaces draw nothing, so 3 + 1 + 3 + 1 outlines.
    expect(glyphs(svg)).toBe(8);
    // Doubled spaces are set as one, as SVG's default white-space handling does.
    const single = origins(outlineText(picture(`<text x="0" y="80" font-size="24">SiC · 碳化硅<tspan font-size="12" dy="6">g</tspan></text>`)));
    expect(single).toEqual(groups);
  });

  it("leaves a picture without text as it was", () => {
    const svg = picture("");
    expect(outlineText(svg)).toBe(svg);
  });
});
