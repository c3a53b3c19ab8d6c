// Escaping for data embedded in inline <script> tags: no "</script>", no HTML comment openers, and
// U+2028/U+2029 (valid in JSON, line terminators in older JavaScript) are written as escapes.
const scriptEscapes: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => scriptEscapes[char]!);
}

/** Escapes text for HTML element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Search snippets arrive as escaped text with <mark>…</mark> around the hits. Before they are rendered as
 * HTML, every "<" that does not open or close a plain <mark> is escaped, so nothing else can become markup.
 */
export function sanitizeMarkedHtml(html: string): string {
  return html.replace(/<(?!\/?mark>)/g, "&lt;");
}
