// Marks query hits in text for the search results: the text is HTML-escaped piece by piece and only the
// hits are wrapped in <mark>…</mark>, so the result is safe to insert as HTML. A Latin term is a word's
// start and its whole word is marked ("SiC" marks "SiC" and "SiCs", never the "sic" of "Physics"); Chinese
// has no word boundaries in the text, so a Chinese term is marked where it stands.
import { escapeHtml } from "../../../shared/text/html.ts";

/** A letter of a Latin word or a digit: what a Latin term must not be glued to on its left. */
const wordCharacter = String.raw`[\p{Script=Latin}\p{N}]`;

function matcher(terms: readonly string[]): RegExp | null {
  const parts = [...new Set(terms.filter(Boolean))]
    .sort((a, b) => b.length - a.length)
    .map((term) => {
      const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const word = new RegExp(`^${wordCharacter}`, "u");
      const start = word.test(term) ? `(?<!${wordCharacter})` : "";
      const rest = word.test(Array.from(term).at(-1) ?? "") ? `${wordCharacter}*` : "";
      return `${start}${escaped}${rest}`;
    });
  return parts.length ? new RegExp(parts.join("|"), "giu") : null;
}

/** Escaped text with every case-insensitive occurrence of a term marked. */
export function highlight(text: string, terms: readonly string[]): string {
  const pattern = matcher(terms);
  if (!pattern) return escapeHtml(text);
  let html = "";
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    html += `${escapeHtml(text.slice(last, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/**
 * The parts of a document's text (its paragraphs, a product's summary and its series…: one a line in the
 * index) joined into one line: a part that ends a sentence is followed by a space (none after Chinese
 * punctuation), any other by " · ", so two parts never read as one sentence.
 */
function joinParts(text: string): string {
  const parts = text
    .split(/\n/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return parts.reduce((line, part) => (line ? `${line}${/[。！？；]$/u.test(line) ? "" : /[.!?;:]$/.test(line) ? " " : " · "}${part}` : part), "");
}

/** An excerpt of about `length` characters around the first hit (or the start), with ellipses where cut. */
export function excerpt(text: string, terms: readonly string[], length = 140): string {
  const flat = joinParts(text);
  const chars = Array.from(flat);
  if (chars.length <= length) return flat;
  const pattern = matcher(terms);
  const hit = pattern ? pattern.exec(flat) : null;
  // Work in code points so a cut never splits a surrogate pair.
  const hitAt = hit ? Array.from(flat.slice(0, hit.index)).length : 0;
  const start = Math.max(0, Math.min(hitAt - Math.floor(length / 4), chars.length - length));
  const end = Math.min(chars.length, start + length);
  return `${start > 0 ? "…" : ""}${chars.slice(start, end).join("").trim()}${end < chars.length ? "…" : ""}`;
}
