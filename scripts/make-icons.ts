// Makes the raster icons browsers and phones ask for by fixed paths from public/favicon.svg: favicon.ico
// (16, 32 and 48 px PNGs in one ICO) and apple-touch-icon.png (180 x 180, square and opaque: iOS rounds the
// corners itself and shows transparency as black). Needs rsvg-convert (Debian: apt-get install librsvg2-bin).
// Run after changing the favicon: npx node scripts/make-icons.ts
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const publicDir = path.resolve(import.meta.dirname, "..", "public");
const svg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

function render(source: string, size: number): Buffer {
  return execFileSync("rsvg-convert", ["--width", String(size), "--height", String(size), "--format", "png"], { input: source });
}

/** An ICO file whose images are PNGs (read by every browser since IE Vista): 6-byte header, 16 bytes per image. */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

writeFileSync(path.join(publicDir, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: render(svg, size) }))));
// The touch icon fills its square: no rounded corners of its own.
const square = svg.replace(/<rect width="64" height="64" rx="\d+"/, '<rect width="64" height="64"');
if (square === svg) throw new Error("favicon.svg no longer starts with the rounded background rect this script squares");
writeFileSync(path.join(publicDir, "apple-touch-icon.png"), render(square, 180));
console.log("wrote public/favicon.ico and public/apple-touch-icon.png");
