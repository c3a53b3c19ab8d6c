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
