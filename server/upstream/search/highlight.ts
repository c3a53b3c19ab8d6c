// Marks query hits in text for the search results: the text is HTML-escaped piece by piece and only the
// hits are wrapped in <mark>…</mark>, so the result is safe to insert as HTML.
import { escapeHtml } from "../../../shared/html.ts";

function matcher(terms: readonly string[]): RegExp | null {
  const parts = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length).map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
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

/** An excerpt of about `length` characters around the first hit (or the start), with ellipses where cut. */
export function excerpt(text: string, terms: readonly string[], length = 140): string {
  const flat = text.replace(/\s+/g, " ").trim();
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
