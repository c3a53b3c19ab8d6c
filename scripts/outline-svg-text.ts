// `npm run media:outline [files…]`: replaces the <text> of the media SVGs (public/media by default) with the
// outlines of their glyphs (a group of paths in the text's fill), drawn as the browser would set them.
//
// Why: every SVG shown with <img> is a document of its own in the browser, and one with text has to look up, load
// and shape fonts inside that document. In Chromium that was most of the cost of the home page's pictures: laying
// out and painting their text took ~140 ms and ~80 ms of main thread at full CPU speed on the development machine,
// against ~15 ms for the same pictures without text (README, "Budgets and measured figures"). Outlines draw the
// same labels with no font at all, and look the same on every system (the labels used the visitor's fonts before,
// and fell back differently on each).
//
// Fonts: Liberation Sans and Mono (metric-compatible with Arial and Courier New) for Latin text, Noto Sans
// CJK SC for Chinese, all SIL Open Font License, from Debian (`apt-get install fonts-liberation
// fonts-noto-cjk`). Only a content author runs this, when adding a picture with text; CI checks that no
// media SVG has <text> left (test/unit/media.test.ts), and the Docker image needs no fonts.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { root } from "./build-if-needed.ts";

type Font = fontkit.Font;

const fontFiles = {
  sans: ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"],
  mono: ["/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf", "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf"],
  cjk: ["/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"],
} as const;
const cjkNames = ["NotoSansCJKsc-Regular", "NotoSansCJKsc-Bold"];

const fonts = new Map<string, Font>();
function font(kind: keyof typeof fontFiles, bold: boolean): Font {
  const key = `${kind}:${bold}`;
  let loaded = fonts.get(key);
  if (!loaded) {
    const file = fontFiles[kind][bold ? 1 : 0];
    const opened = fontkit.openSync(file, kind === "cjk" ? cjkNames[bold ? 1 : 0] : undefined);
    if (!("layout" in opened)) throw new Error(`${file} is not a single font`);
    loaded = opened as Font;
    fonts.set(key, loaded);
  }
  return loaded;
}

/** Attributes of one start tag, as written. */
function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) found[match[1]!] = match[2]!;
  return found;
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

interface Run {
  text: string;
  fontSize: number;
  dx: number;
  dy: number;
}

/** The text element's runs (its own text and its <tspan>s), with SVG's default white-space handling. */
function runs(content: string, fontSize: number): Run[] {
  const found: Run[] = [];
  const pattern = /<tspan([^>]*)>([^<]*)<\/tspan>|([^<]+)/g;
  for (const match of content.matchAll(pattern)) {
    if (match[3] !== undefined) found.push({ text: decode(match[3]), fontSize, dx: 0, dy: 0 });
    else {
      const own = attributes(match[1]!);
      found.push({ text: decode(match[2]!), fontSize: Number(own["font-size"] ?? fontSize), dx: Number(own.dx ?? 0), dy: Number(own.dy ?? 0) });
    }
  }
  // xml:space="default": newlines go, tabs become spaces, runs of spaces become one, none at either end.
  let previousEndsWithSpace = true;
  for (const run of found) {
    run.text = run.text
      .replace(/[\r\n]/g, "")
      .replace(/\t/g, " ")
      .replace(/ {2,}/g, " ");
    if (previousEndsWithSpace) run.text = run.text.replace(/^ /, "");
    if (run.text) previousEndsWithSpace = run.text.endsWith(" ");
  }
  for (let i = found.length - 1; i >= 0; i--) {
    found[i]!.text = found[i]!.text.replace(/ $/, "");
    if (found[i]!.text) break;
  }
  return found;
}

interface Placed {
  font: Font;
  glyph: fontkit.Glyph;
  /** Pen position and baseline shift of the glyph, in the picture's units from the text's origin. */
  x: number;
  y: number;
  fontSize: number;
}

/** Lays out one text element: each character in the first font that has it, letter-spacing after each. */
function layout(text: Run[], options: { family: string; bold: boolean; letterSpacing: number }) {
  const kind = /mono|consolas|menlo|courier/i.test(options.family) ? "mono" : "sans";
  const primary = font(kind, options.bold);
  const fallback = font("cjk", options.bold);
  const fontFor = (character: string) => (primary.hasGlyphForCodePoint(character.codePointAt(0)!) ? primary : fallback);
  const placed: Placed[] = [];
  let penX = 0;
  let baseline = 0;
  for (const run of text) {
    penX += run.dx;
    baseline += run.dy;
    // Segments of one font, so each is shaped (kerning, ligatures) as the browser would.
    const characters = [...run.text];
    let start = 0;
    while (start < characters.length) {
      const chosen = fontFor(characters[start]!);
      let end = start + 1;
      while (end < characters.length && fontFor(characters[end]!) === chosen) end++;
      const scale = run.fontSize / chosen.unitsPerEm;
      const shaped = chosen.layout(characters.slice(start, end).join(""));
      shaped.glyphs.forEach((glyph, index) => {
        const position = shaped.positions[index]!;
        placed.push({ font: chosen, glyph, x: penX + position.xOffset * scale, y: baseline - position.yOffset * scale, fontSize: run.fontSize });
        penX += position.xAdvance * scale + options.letterSpacing;
      });
      start = end;
    }
  }
  return { placed, width: penX };
}

function number(value: number, decimals: number): string {
  // Shortest form: no trailing zeros, no leading zero ("-.5", ".25").
  const fixed = value.toFixed(decimals);
  const trimmed = fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed;
  return trimmed === "-0" ? "0" : trimmed.replace(/^(-?)0\./, "$1.");
}

/**
 * Outlines are kept to a 250th of an em: under a tenth of a pixel for labels up to 25 px high, a third of
 * one for the largest figure (shown about 90 px high), and two-digit numbers in relative commands.
 */
const GRID_PER_EM = 250;

/** A glyph's outline on the em grid (y up), in relative commands. */
function glyphPath(glyph: fontkit.Glyph, unitsPerEm: number): string {
  const grid = unitsPerEm / GRID_PER_EM;
  const letters: Record<string, string> = { moveTo: "m", lineTo: "l", quadraticCurveTo: "q", bezierCurveTo: "c", closePath: "z" };
  const parts: string[] = [];
  let current = [0, 0];
  let subpathStart = [0, 0];
  for (const { command, args } of glyph.path.commands) {
    const letter = letters[command];
    if (!letter) continue;
    if (letter === "z") {
      parts.push("z");
      current = subpathStart;
      continue;
    }
    const points: number[][] = [];
    for (let i = 0; i + 1 < args.length; i += 2) points.push([Math.round(args[i]! / grid), Math.round(args[i + 1]! / grid)]);
    const numbers = points.flatMap(([px, py]) => [String(px! - current[0]!), String(py! - current[1]!)]);
    // The first moveto of a path is absolute even in lower case, and current starts at 0,0: the same.
    parts.push(letter + numbers.reduce((out, value, index) => (index === 0 || value.startsWith("-") ? out + value : `${out} ${value}`), ""));
    current = points.at(-1)!;
    if (letter === "m") subpathStart = current;
  }
  return parts.join("");
}

/**
 * The SVG with every <text> element replaced by its outlines: a group in the text's fill with one path per
 * font and size, on the em grid and placed by its transform. Plain paths, not glyphs defined once and placed
 * with <use>: every <use> is a shadow tree of its own in the browser, and a picture of them measured slower
 * in Lighthouse than the text it replaced (the paths compress about as well).
 */
export function outlineText(svg: string): string {
  const rootFamily = attributes(/<svg[^>]*>/.exec(svg)?.[0] ?? "")["font-family"] ?? "sans-serif";
  return svg.replace(/<text([^>]*)>([\s\S]*?)<\/text>/g, (_, tag: string, content: string) => {
    const own = attributes(tag);
    const fontSize = Number(own["font-size"] ?? 16);
    const text = runs(content, fontSize);
    if (!text.some((run) => run.text)) return "";
    const { placed, width } = layout(text, {
      family: own["font-family"] ?? rootFamily,
      bold: Number(own["font-weight"] ?? 400) >= 600,
      letterSpacing: Number(own["letter-spacing"] ?? 0),
    });
    const anchor = own["text-anchor"] ?? "start";
    const originX = Number(own.x ?? 0) - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
    const originY = Number(own.y ?? 0);
    // Positions to a hundredth of the font size: finer than a device pixel however large the picture is
    // shown (labels run from 0.7 to 260 units).
    const decimals = Math.max(0, Math.ceil(2 - Math.log10(fontSize)));
    const groups: string[] = [];
    for (let start = 0; start < placed.length; ) {
      const head = placed[start]!;
      let end = start + 1;
      while (end < placed.length && placed[end]!.font === head.font && placed[end]!.fontSize === head.fontSize && placed[end]!.y === head.y) end++;
      const scale = head.fontSize / GRID_PER_EM;
      const outline = placed.slice(start, end).map((glyph) => {
        const shift = Math.round((glyph.x - head.x) / scale);
        // Each glyph starts with an absolute move, shifted to its place; the rest of it is relative.
        return glyphPath(glyph.glyph, glyph.font.unitsPerEm).replace(/^m(-?\d+)/, (_, x: string) => `M${Number(x) + shift}`);
      });
      const matrix = [number(scale, decimals + 4), 0, 0, number(-scale, decimals + 4), number(originX + head.x, decimals), number(originY + head.y, decimals)].join(" ");
      groups.push(`<path transform="matrix(${matrix})" d="${outline.join("")}"/>`);
      start = end;
    }
    const kept = ["fill", "opacity", "fill-opacity"]
      .filter((name) => own[name] !== undefined)
      .map((name) => ` ${name}="${own[name]}"`)
      .join("");
    return `<g${kept}>${groups.join("")}</g>`;
  });
}

function svgFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .flatMap((name) => svgFiles(path.join(target, name)))
    .filter((file) => file.endsWith(".svg"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts", "outline-svg-text.ts")) {
  const targets = process.argv.slice(2);
  const files = (targets.length ? targets : [path.join(root, "public", "media")]).flatMap(svgFiles);
  let changed = 0;
  for (const file of files) {
    const before = readFileSync(file, "utf8");
    if (!before.includes("<text")) continue;
    const after = outlineText(before);
    writeFileSync(file, after);
    changed++;
    console.log(`${path.relative(root, file)}: ${before.length} -> ${after.length} bytes`);
  }
  console.log(`media:outline: ${changed} of ${files.length} SVG files had text, now outlined`);
}
