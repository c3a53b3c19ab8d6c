// A small PDF 1.7 writer for the technical documents: A4 pages of wrapped ASCII text in the standard
// Helvetica fonts (no embedding needed), a correct cross-reference table and trailer.
import { createHash } from "node:crypto";
import { textWidth, type FontName } from "./pdf-fonts.ts";

export interface PdfInput {
  title: string;
  /** A line under the title (document type, version, date). */
  subtitle: string;
  author: string;
  /** Paragraphs; "## " starts a heading and "- " a bullet item (content FORMAT.md). */
  paragraphs: readonly string[];
  /** Left part of every page's footer; "Page n of N" is added on the right. */
  footer: string;
  /** Written as the creation date, so the same input always gives the same bytes. */
  date: Date;
}

export interface PdfFile {
  bytes: Buffer;
  pageCount: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN_X = 56;
const TOP = PAGE_HEIGHT - 64;
const BOTTOM = 72;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const fontKeys: Record<FontName, string> = { Helvetica: "F1", "Helvetica-Bold": "F2" };

// Typography outside ASCII that technical text uses; anything else unprintable becomes "?".
const asciiReplacements: Record<string, string> = {
  Ω: "Ohm",
  µ: "u",
  μ: "u",
  "°": "deg",
  "±": "+/-",
  "≤": "<=",
  "≥": ">=",
  "×": "x",
  "÷": "/",
  "–": "-",
  "—": "-",
  "‑": "-",
  "−": "-",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "…": "...",
  "·": "-",
  "•": "-",
  "²": "2",
  "³": "3",
  "⁄": "/",
  "≈": "~",
  "→": "->",
  "\u00a0": " ",
  "\t": " ",
};

/** Reduces text to printable ASCII, since the base fonts are used without an embedded font. */
export function toPdfAscii(text: string): string {
  let out = "";
  for (const char of text.normalize("NFKC")) {
    const code = char.codePointAt(0)!;
    if (code >= 32 && code <= 126) out += char;
    else out += asciiReplacements[char] ?? "?";
  }
  return out;
}

/** Escapes a PDF literal string. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

/** Breaks text into lines no wider than `width`; an over-long word is cut. */
export function wrapText(text: string, font: FontName, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, font, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, font, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), font, size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Run {
  font: FontName;
  size: number;
  x: number;
  y: number;
  text: string;
  gray?: number;
}

/** Lays the text out on pages: returns the text runs of each page. */
function layout(input: PdfInput): Run[][] {
  const pages: Run[][] = [[]];
  let y = TOP;
  const page = () => pages[pages.length - 1]!;
  const newPage = () => {
    pages.push([]);
    y = TOP;
  };
  const write = (text: string, font: FontName, size: number, leading: number, x = MARGIN_X, gray?: number) => {
    if (y - leading < BOTTOM) newPage();
    y -= leading;
    page().push({ font, size, x, y, text, gray });
  };

  for (const line of wrapText(toPdfAscii(input.title), "Helvetica-Bold", 18, TEXT_WIDTH)) write(line, "Helvetica-Bold", 18, 24);
  for (const line of wrapText(toPdfAscii(input.subtitle), "Helvetica", 10, TEXT_WIDTH)) write(line, "Helvetica", 10, 16, MARGIN_X, 0.35);
  y -= 14;

  for (const raw of input.paragraphs) {
    const paragraph = toPdfAscii(raw).trim();
    if (!paragraph) continue;
    if (paragraph.startsWith("## ")) {
      const lines = wrapText(paragraph.slice(3), "Helvetica-Bold", 12.5, TEXT_WIDTH);
      // Keep a heading with at least two lines of what follows it.
      if (y - 10 - lines.length * 18 - 30 < BOTTOM) newPage();
      else y -= 10;
      for (const line of lines) write(line, "Helvetica-Bold", 12.5, 18);
      y -= 2;
    } else if (paragraph.startsWith("- ")) {
      const lines = wrapText(paragraph.slice(2), "Helvetica", 10.5, TEXT_WIDTH - 16);
      lines.forEach((line, index) => {
        write(line, "Helvetica", 10.5, 15, MARGIN_X + 16);
        if (index === 0) page().push({ font: "Helvetica", size: 10.5, x: MARGIN_X + 4, y, text: "-" });
      });
      y -= 3;
    } else {
      for (const line of wrapText(paragraph, "Helvetica", 10.5, TEXT_WIDTH)) write(line, "Helvetica", 10.5, 15);
      y -= 7;
    }
  }
  return pages;
}

function pageContent(runs: Run[], pageNumber: number, pageCount: number, footer: string): string {
  const ops: string[] = [];
  const text = (run: Run) => {
    ops.push(`BT ${run.gray ?? 0} g /${fontKeys[run.font]} ${run.size} Tf ${run.x.toFixed(2)} ${run.y.toFixed(2)} Td ${pdfString(run.text)} Tj ET`);
  };
  // A thin rule above the footer on every page.
  ops.push(`0.75 G 0.5 w ${MARGIN_X} 52 m ${PAGE_WIDTH - MARGIN_X} 52 l S`);
  for (const run of runs) text(run);
  const number = `Page ${pageNumber} of ${pageCount}`;
  const footerText = toPdfAscii(footer);
  const room = TEXT_WIDTH - textWidth(number, "Helvetica", 8) - 12;
  const left = wrapText(footerText, "Helvetica", 8, room)[0] ?? "";
  text({ font: "Helvetica", size: 8, x: MARGIN_X, y: 38, text: left, gray: 0.35 });
  text({ font: "Helvetica", size: 8, x: PAGE_WIDTH - MARGIN_X - textWidth(number, "Helvetica", 8), y: 38, text: number, gray: 0.35 });
  return ops.join("\n");
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Renders the document; object numbers: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then page/content pairs. */
export function renderPdf(input: PdfInput): PdfFile {
  const pages = layout(input);
  const pageCount = pages.length;
  const objects: Buffer[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = Buffer.from("<< /Type /Catalog /Pages 2 0 R >>");
  objects[2] = Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageCount} >>`);
  objects[3] = Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects[4] = Buffer.from("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  objects[5] = Buffer.from(
    `<< /Title ${pdfString(toPdfAscii(input.title))} /Author ${pdfString(toPdfAscii(input.author))} /Producer (Qingyun upstream PDF writer) /CreationDate ${pdfString(pdfDate(input.date))} >>`,
  );
  pages.forEach((runs, index) => {
    const pageId = pageIds[index]!;
    const content = Buffer.from(pageContent(runs, index + 1, pageCount, input.footer), "latin1");
    objects[pageId] = Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    );
    objects[pageId + 1] = Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from("\nendstream")]);
  });

  // The binary comment on line 2 tells transfer tools the file is binary (PDF 32000-1 §7.5.2).
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n"), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  let offset = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    const chunk = Buffer.concat([Buffer.from(`${id} 0 obj\n`), objects[id]!, Buffer.from("\nendobj\n")]);
    offsets[id] = offset;
    chunks.push(chunk);
    offset += chunk.length;
  }
  const size = objects.length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space + LF.
  const xref = [`xref\n0 ${size}\n`, "0000000000 65535 f \n"];
  for (let id = 1; id < size; id++) xref.push(`${String(offsets[id]).padStart(10, "0")} 00000 n \n`);
  const fileId = createHash("md5").update(Buffer.concat(chunks)).digest("hex");
  xref.push(`trailer\n<< /Size ${size} /Root 1 0 R /Info 5 0 R /ID [<${fileId}> <${fileId}>] >>\nstartxref\n${offset}\n%%EOF\n`);
  chunks.push(Buffer.from(xref.join("")));
  return { bytes: Buffer.concat(chunks), pageCount };
}
